import { basicEmailPattern, z } from './zod';

/** Option lists of spec §3 (label equals value). */
export const documentTypes = ['Cédula de ciudadanía', 'Tarjeta de identidad', 'Cédula de extranjería'] as const;
/** The ally form offers no Tarjeta de identidad (spec §3). */
export const adultDocumentTypes = ['Cédula de ciudadanía', 'Cédula de extranjería'] as const;
export const occupations = ['Estudiante', 'Trabajador en relación de dependencia', 'Emprendedor', 'Freelancer'] as const;
export const educationLevels = ['Primaria', 'Secundaria', 'Técnico', 'Tecnólogo', 'Universitario'] as const;
export const senderTypes = ['Usuario', 'Estudiante', 'Voluntario', 'Aliados', 'Otro'] as const;
export const requestTypes = ['Petición', 'Queja', 'Reclamo', 'Solicitud', 'Felicitación'] as const;

/** Longest free text a form field accepts (comments, purposes); keeps rows and e-mails reasonable. */
export const MAX_TEXT = 2000;
/** Longest single-line value (names, addresses). */
export const MAX_LINE = 120;

/** Single-line values (names, companies) never carry line breaks: they end up in e-mail lines and PDF cells. */
const oneLine = /^[^\r\n]*$/;
const oneLineMessage = 'Escribe este dato en una sola línea.';

/** A required line of text, trimmed, with the given Spanish message; `multiline` allows paragraphs (comments). */
export const requiredText = (message: string, max = MAX_LINE, options: { multiline?: boolean } = {}) => {
  const text = z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: `Máximo ${max} caracteres` }));
  return options.multiline ? text : text.check(z.regex(oneLine, { error: oneLineMessage }));
};

/** An optional line of text (paragraphs with `multiline`); empty becomes undefined. */
export const optionalText = (max = MAX_LINE, options: { multiline?: boolean } = {}) => {
  const text = z.string({ error: 'Debe ser texto' }).check(z.trim(), z.maxLength(max, { error: `Máximo ${max} caracteres` }));
  return z.pipe(
    z.optional(options.multiline ? text : text.check(z.regex(oneLine, { error: oneLineMessage }))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  );
};

/** A required e-mail in the basic x@y.z shape, trimmed and lowercased. */
export const emailField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: requiredMessage }),
      z.maxLength(254, { error: invalidMessage }),
      z.regex(basicEmailPattern, { error: invalidMessage }),
    );

/** A phone number: digits with optional +, spaces, dashes or parentheses; 7 to 15 digits. */
export const phoneField = (requiredMessage: string, invalidMessage = 'Número de teléfono no válido') =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, { error: requiredMessage }),
    z.maxLength(25, { error: invalidMessage }),
    z.refine((v: string) => /^\+?[\d\s()-]+$/.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, '')), { error: invalidMessage }),
  );

/** An identity document number: 4 to 15 letters or digits (passports and foreign IDs may carry letters). */
export const documentNumberField = (requiredMessage: string, invalidMessage = 'Número de documento no válido') =>
  z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredMessage }),
      z.maxLength(20, { error: invalidMessage }),
      z.regex(/^[A-Za-z0-9.-]{4,20}$/, { error: invalidMessage }),
    );

/** Whether YYYY-MM-DD names a day that exists. */
function isCalendarDate(value: string): boolean {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/**
 * A staff inbox's page cursor, `YYYY-MM-DD.id` (the previous page's `nextCursor`): a real calendar date (a tampered
 * '2026-19-99' would reach the database) and an id within `integer`.
 */
export const dayCursorField = (invalidMessage: string) =>
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}\.\d{1,9}$/, { error: invalidMessage }),
      z.refine((v) => isCalendarDate(v.slice(0, 10)) && Number(v.slice(11)) <= 2_147_483_647, { error: invalidMessage }),
    ),
  );

/** One of a fixed option list, with a Spanish message when missing or unknown. */
export const oneOf = <T extends readonly [string, ...string[]]>(options: T, message: string) => z.enum(options, { error: message });

/** Name of the hidden field bots fill in; the server refuses any submission that carries a value in it. */
export const HONEYPOT_FIELD = 'website';
