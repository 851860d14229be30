import { describe, expect, it } from '@jest/globals';
import { prefillFrom } from './prefill';

const user = {
  email: 'ana@example.com',
  name: 'Ana María Pérez Gómez',
  phone_number: '+573001234567',
  sub: 'abc',
  email_verified: true,
  identity_type: 'Cédula de ciudadanía',
  identity_number: '1012345678',
};

describe('enrolment form prefill for a signed-in student (spec §6)', () => {
  it('first word of the name → first name, the rest → last name, plus e-mail, phone and document', () => {
    expect(prefillFrom(user)).toEqual({
      student_name: 'Ana',
      student_lastname: 'María Pérez Gómez',
      email: 'ana@example.com',
      phone_number: '3001234567',
      id_type: 'Cédula de ciudadanía',
      id_number: '1012345678',
    });
  });

  it('leaves out what the account does not have, and keeps foreign phone numbers whole', () => {
    expect(
      prefillFrom({
        ...user,
        name: 'Usuario',
        phone_number: '+14155550100',
        identity_type: 'Licencia de conducción',
        identity_number: undefined,
      }),
    ).toEqual({
      student_name: 'Usuario',
      email: 'ana@example.com',
      phone_number: '+14155550100',
    });
    expect(prefillFrom(null)).toEqual({});
  });
});
