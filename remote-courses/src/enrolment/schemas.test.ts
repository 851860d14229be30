import { describe, expect, it } from '@jest/globals';
import { nameTexts } from 'shared/schemas/common';
import { fieldErrors } from 'shared/schemas/zod';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { invoiceTexts } from '../invoicing/schemas';
import { enrolmentSchema, enrolmentTexts, fullName } from './schemas';

const valid = {
  course_name: 'desarrollo-software',
  student_name: 'Ana',
  student_name_second: 'María',
  student_lastname: 'Pérez',
  student_second_lastname: '',
  id_type: 'Cédula de ciudadanía',
  id_number: '1012345678',
  phone_number: '300 123 4567',
  email: ' Ana@Example.com ',
  profession: 'Estudiante',
  education: 'Secundaria',
  module_name: 'Fundamentos de programación y bases de datos',
  has_terms: true,
};

const errorsFor = (input: Record<string, unknown>) => {
  const r = enrolmentSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('enrolment schema', () => {
  it('accepts a complete form and normalises the e-mail', () => {
    const r = enrolmentSchema.parse(valid);
    expect(r.email).toBe('ana@example.com');
    expect(r.student_second_lastname).toBeUndefined();
  });

  it("answers with the spec's messages", () => {
    const e = errorsFor({ ...valid, student_name: ' ', email: '', phone_number: '', module_name: '', has_terms: false });
    expect(e).toMatchObject({
      student_name: enrolmentTexts.nameRequired,
      email: enrolmentTexts.emailRequired,
      phone_number: enrolmentTexts.phoneRequired,
      module_name: enrolmentTexts.moduleRequired,
      has_terms: enrolmentTexts.termsRequired,
    });
    expect(errorsFor({ ...valid, email: 'ana@correo' }).email).toBe(enrolmentTexts.emailInvalid);
    expect(errorsFor({ ...valid, id_type: 'Licencia de conducción' }).id_type).toBe(enrolmentTexts.idTypeRequired);
  });

  it('joins the names into full_name with collapsed whitespace', () => {
    expect(
      fullName({
        student_name: ' Ana ',
        student_name_second: undefined,
        student_lastname: 'Pérez  Gómez',
        student_second_lastname: 'Ruiz',
      }),
    ).toBe('Ana Pérez Gómez Ruiz');
  });

  // The name rules of every form (shared/src/schemas/names.test.ts), on each of this form's name fields.
  it('refuses a lure in each name field, with the message on that field', () => {
    const lure = 'URGENTE: su cuenta bancaria fue bloqueada. Reactívela en https://evil.example/banco';
    for (const field of ['student_name', 'student_name_second', 'student_lastname', 'student_second_lastname']) {
      const issues = enrolmentSchema.safeParse({ [field]: lure }).error?.issues ?? [];
      expect(issues.find((i) => i.path.join('.') === field)?.message).toBe(nameTexts.noLinks);
      expect(enrolmentSchema.safeParse({ [field]: "María O'Neill" }).error?.issues.some((i) => i.path.join('.') === field)).toBe(false);
    }
  });

  // The sample other domains' API tests enrol with (shared/testing, which may not import this schema) is a valid form.
  it('accepts the shared sample enrolment, which names no field the form does not have', () => {
    expect(enrolmentSchema.safeParse(sampleEnrolment).success).toBe(true);
    expect(Object.keys(sampleEnrolment).filter((key) => !(key in enrolmentSchema.shape))).toEqual([]);
  });

  // The invoice's company buyer (#30): optional, both fields or neither, the NIT with DIAN's check digit.
  describe('company buyer', () => {
    const company = { buyer_nit: ' 901.234.567-7 ', buyer_business_name: ' Soluciones Andinas S.A.S. ' };

    it('accepts a good NIT with its business name, trimmed as typed', () => {
      const r = enrolmentSchema.parse({ ...valid, ...company });
      expect(r.buyer_nit).toBe('901.234.567-7');
      expect(r.buyer_business_name).toBe('Soluciones Andinas S.A.S.');
      expect(enrolmentSchema.parse({ ...valid, buyer_nit: '901234567-7', buyer_business_name: 'Acme Ltda' }).buyer_nit).toBe('901234567-7');
    });

    it('takes empty strings as no company: neither field is sent on', () => {
      const r = enrolmentSchema.parse({ ...valid, buyer_nit: '', buyer_business_name: '  ' });
      expect(r.buyer_nit).toBeUndefined();
      expect(r.buyer_business_name).toBeUndefined();
      expect(enrolmentSchema.parse(valid)).not.toHaveProperty('buyer_nit', expect.anything());
    });

    it('asks for both or neither', () => {
      expect(errorsFor({ ...valid, buyer_nit: company.buyer_nit })).toEqual({ buyer_business_name: invoiceTexts.businessNameRequired });
      expect(errorsFor({ ...valid, buyer_business_name: company.buyer_business_name })).toEqual({ buyer_nit: invoiceTexts.nitInvalid });
    });

    it('refuses a NIT whose check digit is wrong, or without one', () => {
      expect(errorsFor({ ...valid, ...company, buyer_nit: '901.234.567-3' })).toEqual({ buyer_nit: invoiceTexts.nitInvalid });
      expect(errorsFor({ ...valid, ...company, buyer_nit: '901234567' })).toEqual({ buyer_nit: invoiceTexts.nitInvalid });
      expect(errorsFor({ ...valid, ...company, buyer_nit: '9012345677' })).toEqual({ buyer_nit: invoiceTexts.nitInvalid });
    });

    it("lists a wrong NIT together with the other fields' errors (not only once they are fixed)", () => {
      expect(errorsFor({ ...valid, ...company, email: 'no-es-un-correo', buyer_nit: '901.234.567-3' })).toEqual({
        email: expect.any(String),
        buyer_nit: invoiceTexts.nitInvalid,
      });
    });

    it("refuses a business name that is a lure, with the names' message", () => {
      const lure = 'Visite https://evil.example';
      expect(errorsFor({ ...valid, ...company, buyer_business_name: lure })).toEqual({ buyer_business_name: nameTexts.noLinks });
    });
  });
});
