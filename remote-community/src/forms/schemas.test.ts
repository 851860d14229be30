import { describe, expect, it } from '@jest/globals';
import { requestTypes } from 'shared/schemas/common';
import { documentKey, pqrsfLookupSchema, pqrsfSchema, responseTermDays } from '../pqrsf/schemas';
import { pqrsfTexts } from '../pqrsf/texts';
import { allySchema, softwareRequestSchema, softwareRequestTexts as s, volunteerSchema } from './schemas';
import { fieldErrors } from 'shared/schemas/zod';

const firstError = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success || !result.error ? {} : fieldErrors(result.error);

describe('community schemas', () => {
  it('reads the age typed as text as a whole number', () => {
    const v = volunteerSchema.parse({
      data_authorization: true,
      volunteer_name: ' Ana ',
      volunteer_lastname: 'Pérez',
      id_type: 'Tarjeta de identidad',
      id_number: '1012345678',
      age: ' 16 ',
      address: 'Calle 1 # 2-3',
      phone_number: '300 123 4567',
      email: 'ANA@Example.com',
      institution: '',
      purposes: 'Enseñar',
      activities: 'Clases',
    });
    expect(v).toMatchObject({ volunteer_name: 'Ana', age: 16, email: 'ana@example.com', institution: undefined });
  });

  it('offers allies no Tarjeta de identidad', () => {
    const r = allySchema.safeParse({ id_type: 'Tarjeta de identidad' });
    expect(firstError(r).id_type).toBe('Selecciona un tipo de documento');
  });

  it('gives requests of documents or information 10 business days, everything else 15', () => {
    expect(responseTermDays('Solicitud')).toBe(10);
    for (const type of ['Petición', 'Queja', 'Reclamo', 'Sugerencia', 'Felicitación'] as const) expect(responseTermDays(type)).toBe(15);
  });

  it('has a "Sugerencia" type (#32): the form offers it, explains it, and the request schema accepts it', () => {
    expect(requestTypes).toContain('Sugerencia');
    expect(pqrsfTexts.types.map(([type]) => type)).toEqual([...requestTypes]);
    expect(pqrsfSchema.shape.request_type.safeParse('Sugerencia').success).toBe(true);
  });

  it('accepts a radicado typed with spaces and compares documents without punctuation', () => {
    expect(pqrsfLookupSchema.parse({ id: '1234 5678 9012 3456', id_number: '1.012.345' }).id).toBe('1234567890123456');
    expect(documentKey('1.012.345-6 ')).toBe('10123456');
    expect(firstError(pqrsfLookupSchema.safeParse({ id: '123', id_number: '1012345' })).id).toMatch(/16 dígitos/);
  });

  it('uses the spec messages of the custom-software form', () => {
    const errors = (v: Record<string, string>) => firstError(softwareRequestSchema.safeParse({ ...v, data_authorization: true }));
    expect(errors({ email: '', phone_number: '', full_name: '' })).toEqual({
      email: s.emailRequired,
      phone_number: s.phoneRequired,
      full_name: s.nameRequired,
    });
    expect(errors({ email: 'ana@', phone_number: '300 123', full_name: 'Al' })).toEqual({
      email: s.emailInvalid,
      phone_number: s.phoneShort,
      full_name: s.nameShort,
    });
    expect(errors({ email: 'ana@example.com', phone_number: '+57 300 123 4567', full_name: 'Ana' })).toEqual({});
  });
});
