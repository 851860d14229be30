import { describe, expect, it } from '@jest/globals';
import { documentNumberTexts } from 'shared/schemas/common';
import { fieldErrors, z } from 'shared/schemas/zod';
import { allySchema, volunteerSchema } from '../forms/schemas';
import { pqrsfSchema } from './schemas';

/** The first message of each field a parse refuses. */
const errorsOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? {} : fieldErrors(result.error);
};

const petition = (id_type: string, id_number: string) => ({
  rol_type: 'Otro',
  name: 'Laura',
  lastname: 'Mejía',
  id_type,
  id_number,
  phone_number: '3104567890',
  email: 'laura@example.com',
  request_type: 'Petición',
  reviews: 'Solicito información sobre los cursos del próximo semestre.',
});
const consent = { data_authorization: true };

describe('community forms: identity documents (#31)', () => {
  it('a company files a petition with its NIT (a wrong check digit is refused on the number), but no NIT volunteers', () => {
    expect(errorsOf(pqrsfSchema, petition('NIT', '900.123.456-8'))).toEqual({});
    expect(errorsOf(pqrsfSchema, petition('NIT', '900.123.456-1'))).toEqual({ id_number: documentNumberTexts.nit });
    const volunteer = {
      volunteer_name: 'Laura',
      volunteer_lastname: 'Mejía',
      id_type: 'NIT',
      id_number: '900.123.456-8',
      age: '30',
      address: 'Calle 1 # 2-3',
      phone_number: '3104567890',
      email: 'laura@example.com',
      purposes: 'Enseñar',
      activities: 'Talleres',
      ...consent,
    };
    expect(Object.keys(errorsOf(volunteerSchema, volunteer))).toEqual(['id_type']);
    const ally = {
      corporation_name: 'Tejidos Andinos S.A.S.',
      corp_phone_number: '6015551234',
      representative_name: 'Carlos',
      representative_lastname: 'Gómez',
      id_type: 'Permiso por Protección Temporal',
      id_number: '1234567',
      email: 'carlos@tejidos.example.com',
      rep_phone_number: '3109876543',
      ...consent,
    };
    expect(errorsOf(allySchema, ally)).toEqual({});
    expect(Object.keys(errorsOf(allySchema, { ...ally, id_type: 'Tarjeta de identidad' }))).toEqual(['id_type']);
  });
});
