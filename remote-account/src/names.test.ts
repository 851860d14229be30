import { describe, expect, it } from '@jest/globals';
import { nameTexts } from 'shared/schemas/common';
import type { z } from 'shared/schemas/zod';
import { registrationSchema } from './registration/schemas';
import { dataRequestFormSchema } from './data-requests/schemas';

/** The phishing text an attacker once had certified on a donation certificate. */
const lure = 'URGENTE: su cuenta bancaria fue bloqueada. Reactívela en https://evil.example/banco';

// The account forms' part of shared/src/schemas/names.test.ts (trust boundaries, round two): every field of this
// remote's forms that holds a person's name, by its contract name.
describe('person names in the account forms', () => {
  const forms: Array<[string, z.ZodMiniType, string[]]> = [
    ['data request', dataRequestFormSchema, ['name']],
    ['registration', registrationSchema, ['name']],
  ];
  it.each(forms)('the %s form refuses a lure in each name field, with the message on that field', (_form, schema, fields) => {
    for (const field of fields) {
      const issues = schema.safeParse({ [field]: lure }).error?.issues ?? [];
      expect(issues.find((i) => i.path.join('.') === field)?.message).toBe(nameTexts.noLinks);
      expect(schema.safeParse({ [field]: "María O'Neill" }).error?.issues.some((i) => i.path.join('.') === field)).toBe(false);
    }
  });
});
