import { describe, expect, it } from '@jest/globals';
import { documentNumberTexts } from 'shared/schemas/common';
import { fieldErrors, z } from 'shared/schemas/zod';
import { registrationSchema } from './schemas';

/** The first message of each field a parse refuses. */
const errorsOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('registration form: identity documents (#31)', () => {
  it('a person opens an account with a passport; its number is letters and digits', () => {
    const account = {
      name: 'Yusbelis Rangel',
      email: 'yusbelis@example.com',
      password: 'ClaveSegura#2026',
      confirmPassword: 'ClaveSegura#2026',
      phone: '3104567890',
      identityType: 'Pasaporte',
      identityNumber: 'AB-1234',
      data_authorization: true,
    };
    expect(errorsOf(registrationSchema, account)).toEqual({ identityNumber: documentNumberTexts.passport });
  });
});
