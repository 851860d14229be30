import { isValidNit } from './nit';
import { basicEmailPattern, z } from './zod';

/**
 * Option lists of spec §3 (label equals value). A person's identity documents: the spec's three, then the passport and
 * the Permiso por Protección Temporal (#31), the document of the Venezuelan migrants Colombia regularized (Decreto 216
 * de 2021), one of the foundation's publics.
 */
export const documentTypes = [
  'Cédula de ciudadanía',
  'Tarjeta de identidad',
  'Cédula de extranjería',
  'Pasaporte',
  'Permiso por Protección Temporal',
] as const;
/** The ally form offers no Tarjeta de identidad (spec §3): its representative is an adult. */
export const adultDocumentTypes = [
  'Cédula de ciudadanía',
  'Cédula de extranjería',
  'Pasaporte',
  'Permiso por Protección Temporal',
] as const;
/** Where a company may be the one who writes (a petition, Ley 1755 art. 13: "toda persona", natural o jurídica): also its NIT. */
export const documentTypesWithNit = [...documentTypes, 'NIT'] as const;
export const occupations = ['Estudiante', 'Trabajador en relación de dependencia', 'Emprendedor', 'Freelancer'] as const;
export const educationLevels = ['Primaria', 'Secundaria', 'Técnico', 'Tecnólogo', 'Universitario'] as const;
export const senderTypes = ['Usuario', 'Estudiante', 'Voluntario', 'Aliados', 'Otro'] as const;
export const requestTypes = ['Petición', 'Queja', 'Reclamo', 'Solicitud', 'Sugerencia', 'Felicitación'] as const;

/** Longest free text a form field accepts (comments, purposes); keeps rows and e-mails reasonable. */
export const MAX_TEXT = 2000;
/** Longest single-line value (addresses, institutions); names have their own limits below. */
export const MAX_LINE = 120;

/** Single-line values (addresses, institutions) never carry line breaks: they end up in e-mail lines and PDF cells. */
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

// ── Names of people and companies ──────────────────────────────────────────────────────────────────────────────────

/**
 * A name is printed by the foundation: on donation certificates (a tax document), enrolment constancias, e-mail
 * greetings, the panel. So it is a name and nothing else: letters of any script with their combining marks (at most
 * three on one letter: no "Zalgo" text), spaces, apostrophes (' and ’), hyphens and dots ("J. R. R. Tolkien",
 * "O'Neill-Pérez"); a company also commas and "&" ("Pérez & Cía., S.A.S."). Never digits (a phone number to call),
 * "@", or anything that reads as a link (a scheme, "www.", "dominio.com"): the "URGENTE: su cuenta fue bloqueada,
 * reactívela en https://…" a certificate once certified. One declaration for the forms and the server; the server
 * also runs `nameProblem` on stored names before it prints one (rows from before the rule are not migrated).
 */
export const nameTexts = {
  noLinks: 'El nombre no puede contener números, enlaces ni @.',
  personCharacters: 'Escribe solo letras, espacios, apóstrofos, guiones y puntos.',
  businessCharacters: 'Escribe solo letras, espacios, apóstrofos, guiones, puntos, comas y &.',
  tooShort: 'Escribe al menos 2 letras.',
  tooLong: (max: number) => `Máximo ${max} caracteres`,
} as const;

/** Longest person's name field (a full name, or one of its parts); a company's name. */
export const PERSON_NAME_MAX = 80;
export const BUSINESS_NAME_MAX = 120;

export type NameKind = 'person' | 'business';

const nameShapes: Record<NameKind, RegExp> = {
  person: /^(?:\p{L}\p{M}{0,3}|[ '’.-])+$/u,
  business: /^(?:\p{L}\p{M}{0,3}|[ '’.,&-])+$/u,
};
// Digits of any script (and fullwidth "＠"), a scheme, "www." or a dot between two words of letters ("evil.com"; the
// initials of "J.R.R." or "S.A.S." are single letters). Every branch has a fixed length, so a long value costs one
// linear pass (no backtracking over runs of letters).
const linkLike = /[\p{N}@＠]|:\/\/|(?:https?|mailto|ftp)\s?:|www\s?\.|\p{L}{2}\.\p{L}{2}/iu;
// Scripts that write a whole name part with one sign ("王", "김"): one is enough there.
const logogram = /[\p{sc=Han}\p{sc=Hangul}]/u;

/**
 * Why `value` (trimmed) is not a name of that kind, as the Spanish message of its field, or null when it is one. The
 * schemas' name fields use it, and so does the server before it prints a stored name on a document or in an e-mail.
 */
export function nameProblem(value: string, kind: NameKind = 'person', max = kind === 'person' ? PERSON_NAME_MAX : BUSINESS_NAME_MAX) {
  // Far past the limit it is not worth reading (a request may carry ~64 KB in one field).
  if (value.length > max * 4) return nameTexts.tooLong(max);
  const name = value.trim().normalize('NFC');
  if (linkLike.test(name)) return nameTexts.noLinks;
  if (!nameShapes[kind].test(name)) return kind === 'person' ? nameTexts.personCharacters : nameTexts.businessCharacters;
  if ((name.match(/\p{L}/gu)?.length ?? 0) < 2 && !logogram.test(name)) return nameTexts.tooShort;
  if (name.length > max) return nameTexts.tooLong(max);
  return null;
}

/** The longest full name made of `parts` name fields joined by spaces (a donor's two, a student's four). */
export const fullNameMax = (parts: number) => parts * PERSON_NAME_MAX + (parts - 1);

/** Whether a stored name may be printed (certificates, e-mails, the identity provider's `name`). */
export const isPrintableName = (value: unknown, kind: NameKind = 'person', max?: number): value is string =>
  typeof value === 'string' && nameProblem(value, kind, max) === null;

/** The name check as a zod check of a trimmed string (empty is left to the field's "required" message). */
export const nameCheck = (kind: NameKind, max?: number) =>
  z.superRefine<string>((value, ctx) => {
    const problem = value === '' ? null : nameProblem(value, kind, max);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

const nameText = (requiredMessage: string) => z.string({ error: requiredMessage }).check(z.trim(), z.normalize('NFC'));

/** A required person's name (a full name, or "nombres" / "apellidos"): 2 to `max` characters of a name. */
export const personNameField = (requiredMessage: string, max = PERSON_NAME_MAX) =>
  nameText(requiredMessage).check(z.minLength(1, { error: requiredMessage }), nameCheck('person', max));

/** An optional part of a person's name (second name, second surname); empty becomes undefined. */
export const optionalPersonNameField = (max = PERSON_NAME_MAX) =>
  z.pipe(
    z.optional(nameText('Debe ser texto').check(nameCheck('person', max))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  );

/** A required company name: 2 to `max` characters of a name, commas and "&" too. */
export const businessNameField = (requiredMessage: string, max = BUSINESS_NAME_MAX) =>
  nameText(requiredMessage).check(z.minLength(1, { error: requiredMessage }), nameCheck('business', max));

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

export const documentNumberTexts = {
  nit: 'El NIT va con su dígito de verificación después de un guion, por ejemplo 900.123.456-8, y ese dígito debe corresponder.',
  passport: 'El número de pasaporte lleva de 5 a 20 letras y números, sin espacios ni guiones.',
  ppt: 'El número del Permiso por Protección Temporal lleva solo dígitos (de 5 a 12).',
} as const;

/**
 * What is wrong with a document number for its type, or null. The field's own shape (`documentNumberField`) holds for
 * every type; on top of it a NIT must carry its right check digit (DIAN's), a passport is letters and digits only, a PPT
 * digits only. Cédulas and tarjetas keep the field's shape: rows stored before these rules are never re-judged.
 */
export function documentNumberProblem(type: string, value: string): string | null {
  const number = value.trim();
  if (type === 'NIT') return isValidNit(number) ? null : documentNumberTexts.nit;
  if (type === 'Pasaporte') return /^[A-Za-z0-9]{5,20}$/.test(number) ? null : documentNumberTexts.passport;
  if (type === 'Permiso por Protección Temporal') return /^\d{5,12}$/.test(number.replace(/\./g, '')) ? null : documentNumberTexts.ppt;
  return null;
}

/**
 * The object-level check of a form's document (its type and number fields by name): the number's problem for the
 * chosen type, reported on the number's field. `z.object({...}).check(documentMatchesType())`.
 */
export const documentMatchesType = (typeField = 'id_type', numberField = 'id_number') =>
  z.superRefine<object>((values, issue) => {
    const fields = values as Record<string, unknown>;
    const type = fields[typeField];
    const number = fields[numberField];
    if (typeof type !== 'string' || typeof number !== 'string') return;
    const problem = documentNumberProblem(type, number);
    if (problem) issue.addIssue({ code: 'custom', path: [numberField], message: problem });
  });

/**
 * How many characters of a text can be seen: without spaces, controls and format characters (zero-width spaces and
 * joiners), which `trim` keeps. A reason the audit must carry is judged by it: ten zero-width spaces are no reason.
 */
export const visibleLength = (text: string) => text.replace(/[\p{Cf}\p{Cc}\p{Z}\s]/gu, '').length;

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
