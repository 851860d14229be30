import { describe, expect, it } from '@jest/globals';
import { accountTexts as t, confirmationSchema, loginSchema, newPasswordSchema } from './account-schemas';
import { registrationSchema } from './registration/schemas';
import { consentTexts } from 'shared/legal/privacy-policy';
import { fieldErrors } from 'shared/schemas/zod';

const valid = {
  name: 'Ana María Pérez',
  email: ' Ana@Example.com ',
  password: 'Secreta123',
  confirmPassword: 'Secreta123',
  phone: '300 123 4567',
  identityType: 'Cédula de ciudadanía',
  identityNumber: '1012345678',
  data_authorization: true,
};

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error as Parameters<typeof fieldErrors>[0]);
};

describe('registration schema (spec §5)', () => {
  it('accepts a complete form and normalises the e-mail', () => {
    const r = registrationSchema.parse(valid);
    expect(r.email).toBe('ana@example.com');
    expect(r.name).toBe('Ana María Pérez');
  });

  it('answers every empty field with its own message, all at once', () => {
    const e = errorsOf(registrationSchema, {
      name: '',
      email: '',
      password: '',
      confirmPassword: 'x',
      phone: '',
      identityType: '',
      identityNumber: '',
      data_authorization: false,
    });
    expect(e).toEqual({
      name: t.nameRequired,
      email: t.emailRequired,
      password: t.passwordRequired,
      confirmPassword: t.passwordsDiffer,
      phone: t.phoneRequired,
      identityType: t.idTypeRequired,
      identityNumber: t.idNumberRequired,
      // The data authorization (#15), unticked.
      data_authorization: consentTexts.required,
    });
  });

  it('checks e-mail shape, password length and composition, and that passwords match', () => {
    expect(errorsOf(registrationSchema, { ...valid, email: 'ana@correo' }).email).toBe(t.emailInvalid);
    expect(errorsOf(registrationSchema, { ...valid, password: 'Ab1', confirmPassword: 'Ab1' }).password).toBe(t.passwordTooShort);
    expect(errorsOf(registrationSchema, { ...valid, password: 'secreta123', confirmPassword: 'secreta123' }).password).toBe(t.passwordWeak);
    expect(errorsOf(registrationSchema, { ...valid, password: 'SECRETA123', confirmPassword: 'SECRETA123' }).password).toBe(t.passwordWeak);
    expect(errorsOf(registrationSchema, { ...valid, password: 'SecretaSinNum', confirmPassword: 'SecretaSinNum' }).password).toBe(
      t.passwordWeak,
    );
    expect(errorsOf(registrationSchema, { ...valid, confirmPassword: 'Secreta124' })).toEqual({ confirmPassword: t.passwordsDiffer });
    expect(errorsOf(registrationSchema, { ...valid, identityType: 'NIT' }).identityType).toBe(t.idTypeRequired);
  });
});

describe('login and confirmation schemas', () => {
  it("login needs both fields: 'Por favor, completa todos los campos'", () => {
    expect(errorsOf(loginSchema(), { email: '', password: '' })).toEqual({ email: t.loginIncomplete, password: t.loginIncomplete });
    expect(loginSchema().parse({ email: ' Ana@Example.com', password: 'x' }).email).toBe('ana@example.com');
  });

  it('the confirmation code is required and has 6 digits', () => {
    expect(errorsOf(confirmationSchema(), { email: 'ana@example.com', code: '' }).code).toBe(t.codeRequired);
    expect(errorsOf(confirmationSchema(), { email: 'ana@example.com', code: '12345' }).code).toBe(t.codeInvalid);
    expect(errorsOf(confirmationSchema(), { email: 'ana@example.com', code: '1234567' }).code).toBe(t.codeInvalid);
    expect(confirmationSchema().parse({ email: 'ana@example.com', code: ' 123 456 ' }).code).toBe('123456');
  });

  it('a new password follows the same rules and must be typed twice alike', () => {
    expect(errorsOf(newPasswordSchema(), { password: 'Nueva1234', confirmPassword: 'Nueva1235' })).toEqual({
      confirmPassword: t.passwordsDiffer,
    });
    expect(newPasswordSchema().safeParse({ password: 'Nueva1234', confirmPassword: 'Nueva1234' }).success).toBe(true);
  });
});
