import { describe, expect, it } from '@jest/globals';
import { nameTexts } from 'shared/schemas/common';
import type { z } from 'shared/schemas/zod';
import { pqrsfSchema } from '../pqrsf/schemas';
import { allySchema, arteDeAmarteInquirySchema, softwareRequestSchema, valeSerInquirySchema, volunteerSchema } from './schemas';

/** The phishing text an attacker once had certified on a donation certificate (as in shared/src/schemas/names.test.ts). */
const lure = 'URGENTE: su cuenta bancaria fue bloqueada. Reactívela en https://evil.example/banco';

describe('person and company names in the community forms (trust boundaries, round two)', () => {
  // Every field of every community form that holds a person's or a company's name, by its contract name.
  const forms: Array<[string, z.ZodMiniType, string[]]> = [
    ['volunteer', volunteerSchema, ['volunteer_name', 'volunteer_lastname']],
    ['ally', allySchema, ['corporation_name', 'representative_name', 'representative_lastname']],
    ['pqrsf', pqrsfSchema, ['name', 'lastname']],
    ['arte de amarte', arteDeAmarteInquirySchema, ['full_name']],
    ['vale ser', valeSerInquirySchema, ['first_name', 'last_name']],
    ['software', softwareRequestSchema, ['full_name']],
  ];
  it.each(forms)('the %s form refuses a lure in each name field, with the message on that field', (_form, schema, fields) => {
    for (const field of fields) {
      const issues = schema.safeParse({ [field]: lure }).error?.issues ?? [];
      expect(issues.find((i) => i.path.join('.') === field)?.message).toBe(nameTexts.noLinks);
      expect(schema.safeParse({ [field]: "María O'Neill" }).error?.issues.some((i) => i.path.join('.') === field)).toBe(false);
    }
  });

  it('keeps the custom-software form’s own spec messages first', () => {
    const nameIssue = (value: string) =>
      softwareRequestSchema.safeParse({ full_name: value }).error?.issues.find((i) => i.path[0] === 'full_name')?.message;
    expect(nameIssue('')).toBe('El nombre completo es requerido');
    expect(nameIssue('Al')).toBe('Debe tener al menos 3 caracteres');
    expect(nameIssue('Ana 3')).toBe(nameTexts.noLinks);
  });
});
