import { describe, expect, it } from '@jest/globals';
import { documentNumberTexts } from 'shared/schemas/common';
import { fieldErrors, z } from 'shared/schemas/zod';
import { enrolmentSchema } from './schemas';
import { factusCustomer } from '../invoicing/server/documents';

/** The first message of each field a parse refuses. */
const errorsOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('enrolment form: identity documents (#31)', () => {
  it('a student enrols with a passport: letters and digits, no hyphens', () => {
    const enrolment = {
      course_name: 'desarrollo-software',
      student_name: 'Yusbelis',
      student_lastname: 'Rangel',
      id_type: 'Pasaporte',
      id_number: '12-345',
      phone_number: '3104567890',
      email: 'yusbelis@example.com',
      profession: 'Estudiante',
      education: 'Secundaria',
      module_name: 'Fundamentos de Javascript y AWS S3',
      has_terms: true,
    };
    expect(errorsOf(enrolmentSchema, enrolment)).toEqual({ id_number: documentNumberTexts.passport });
    expect(errorsOf(enrolmentSchema, { ...enrolment, id_number: 'AB123456' })).toEqual({});
  });

  it("names a passport and a PPT in the invoice's terms (Factus's document ids)", () => {
    const buyer = { documentNumber: 'AB123456', name: 'Yusbelis Rangel', email: 'y@example.com', phone: '3104567890' };
    expect(factusCustomer({ ...buyer, documentType: 'Pasaporte' }).identification_document_id).toBe(7);
    expect(factusCustomer({ ...buyer, documentType: 'Permiso por Protección Temporal' }).identification_document_id).toBe(8);
  });
});
