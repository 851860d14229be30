import { emailField } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';

/** Messages of spec §5 (registration, login, confirmation code) and §8 (login, registration, confirmation, resend). */
export const accountTexts = {
  nameRequired: 'El nombre es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'Email no válido',
  passwordRequired: 'La contraseña es requerida',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  passwordWeak: 'La contraseña debe contener al menos: una minúscula, una mayúscula y un número',
  passwordsDiffer: 'Las contraseñas no coinciden',
  phoneRequired: 'El teléfono es requerido',
  phoneInvalid: 'Número de teléfono no válido',
  idTypeRequired: 'Selecciona un tipo de documento',
  idNumberRequired: 'El número de documento es requerido',
  loginIncomplete: 'Por favor, completa todos los campos',
  codeRequired: 'Por favor ingresa el código de confirmación',
  codeInvalid: 'El código tiene 6 dígitos',
  emailFirst: 'Por favor, ingresa tu email primero',
} as const;

/** Minimum password length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Confirmation code length (spec §9). */
export const CONFIRMATION_CODE_LENGTH = 6;

/** A new password with the spec's rules: required, at least 8 characters, a lowercase, an uppercase and a digit. */
export const passwordField = () =>
  z.string({ error: accountTexts.passwordRequired }).check(
    z.minLength(1, { error: accountTexts.passwordRequired }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: accountTexts.passwordTooShort }),
    z.maxLength(256, { error: 'Máximo 256 caracteres' }),
    z.refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), { error: accountTexts.passwordWeak }),
  );

/** Compares the two passwords even when other fields are still invalid, so every message shows at once. */
export const passwordsMatch = {
  error: accountTexts.passwordsDiffer,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
  },
};

/** The 6-digit code the identity provider e-mails (spaces a person may type are dropped). */
export const confirmationCodeField = () =>
  z.pipe(
    z.pipe(
      z.string({ error: accountTexts.codeRequired }),
      z.transform((v) => v.replace(/\s+/g, '')),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: accountTexts.codeRequired }),
        z.regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), { error: accountTexts.codeInvalid }),
      ),
  );

/**
 * The account forms' schemas are built on first use, not when their module loads (#33): the login screen's modules
 * load with the page, its form may not be used before the visitor leaves, and the other steps' forms rarely are.
 * Each is built once, so a form's resolver keeps the same schema across renders.
 */
function lazily<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** Login (spec §5): both fields required, one message for either. */
export const loginSchema = lazily(() =>
  z.object({
    email: z
      .string({ error: accountTexts.loginIncomplete })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, { error: accountTexts.loginIncomplete })),
    password: z.string({ error: accountTexts.loginIncomplete }).check(z.minLength(1, { error: accountTexts.loginIncomplete })),
  }),
);
export type Login = z.output<ReturnType<typeof loginSchema>>;

/** Confirmation (spec §3, §5): e-mail and the 6-digit code. */
export const confirmationSchema = lazily(() =>
  z.object({
    email: emailField(accountTexts.emailRequired, accountTexts.emailInvalid),
    code: confirmationCodeField(),
  }),
);
export type Confirmation = z.output<ReturnType<typeof confirmationSchema>>;

/** The code step of the registration page: the e-mail is already known. */
export const codeSchema = lazily(() => z.object({ code: confirmationCodeField() }));

/** A new password typed twice (temporary-password challenge). */
export const newPasswordSchema = lazily(() =>
  z
    .object({ password: passwordField(), confirmPassword: z.string({ error: accountTexts.passwordsDiffer }) })
    .check(z.refine((v) => v.password === v.confirmPassword, passwordsMatch)),
);

/** First step of a password reset: the account's e-mail. */
export const forgotPasswordSchema = lazily(() => z.object({ email: emailField(accountTexts.emailRequired, accountTexts.emailInvalid) }));

/** Second step of a password reset: the e-mailed code and the new password twice. */
export const resetPasswordSchema = lazily(() =>
  z
    .object({
      code: confirmationCodeField(),
      password: passwordField(),
      confirmPassword: z.string({ error: accountTexts.passwordsDiffer }),
    })
    .check(z.refine((v) => v.password === v.confirmPassword, passwordsMatch)),
);
