import { z } from 'shared/schemas/zod';

/**
 * A message the Cursos team sends a cohort by e-mail (#31): subject and text, previewed as one student gets it, then
 * sent once to each student ENROLLED in the cohort. The browser makes the message's id when the form opens: a repeated
 * or double submit carries the same id and sends nothing again. At most MAX_MESSAGES_PER_DAY per cohort and Bogotá day.
 */

export const MAX_MESSAGES_PER_DAY = 3;
export const SUBJECT_MAX = 120;
export const TEXT_MAX = 5000;

export const cohortMessageTexts = {
  open: 'Escribir a la cohorte',
  title: 'Mensaje a la cohorte',
  intro: `Se envía por correo a cada estudiante inscrito (pago aprobado) de esta cohorte, una sola vez. Máximo ${MAX_MESSAGES_PER_DAY} mensajes por cohorte al día; queda en la auditoría.`,
  subject: 'Asunto',
  text: 'Mensaje',
  textHint: 'Deja una línea en blanco entre párrafos. El correo empieza con «Hola, <nombre>:».',
  previewButton: 'Ver vista previa',
  previewing: 'Preparando la vista previa…',
  previewTitle: 'Así lo recibe un estudiante',
  previewTo: (name: string) => `Vista previa con el nombre de ${name}`,
  recipients: (n: number) => (n === 1 ? 'Se enviará a 1 estudiante inscrito.' : `Se enviará a ${n} estudiantes inscritos.`),
  noRecipients: 'Esta cohorte aún no tiene estudiantes inscritos: no hay a quién enviar el mensaje.',
  confirm: 'Enviar a la cohorte',
  sending: 'Enviando…',
  edit: 'Seguir editando',
  cancel: 'Cancelar',
  sent: (n: number) => (n === 1 ? 'Mensaje enviado a 1 estudiante.' : `Mensaje enviado a ${n} estudiantes.`),
  alreadySent: 'Este mensaje ya se había enviado: no se envió de nuevo.',
  subjectRequired: 'Escribe el asunto.',
  subjectTooLong: `Escribe como máximo ${SUBJECT_MAX} caracteres en el asunto.`,
  subjectOneLine: 'Escribe el asunto en una sola línea.',
  textRequired: 'Escribe el mensaje.',
  textTooLong: `Escribe como máximo ${TEXT_MAX} caracteres en el mensaje.`,
  messageIdInvalid: 'El mensaje no es válido. Cierra el formulario y vuelve a abrirlo.',
  tooMany: `Esta cohorte ya recibió ${MAX_MESSAGES_PER_DAY} mensajes hoy. Podrás enviar otro mañana.`,
  cohortNotFound: 'No encontramos esa cohorte.',
  otherCohort: 'Este mensaje ya se envió a otra cohorte. Cierra el formulario y vuelve a abrirlo.',
  failed: 'No pudimos enviar el mensaje. Intenta de nuevo: nadie lo recibirá dos veces.',
  greeting: (name: string) => `Hola, ${name}:`,
} as const;
const t = cohortMessageTexts;

const subjectField = z.string({ error: t.subjectRequired }).check(
  z.trim(),
  z.minLength(1, { error: t.subjectRequired }),
  z.maxLength(SUBJECT_MAX, { error: t.subjectTooLong }),
  // One line: an e-mail subject has no line breaks (nor control characters) to carry.
  z.regex(/^[^\p{Cc}]*$/u, { error: t.subjectOneLine }),
);
const textField = z
  .string({ error: t.textRequired })
  .check(z.trim(), z.minLength(1, { error: t.textRequired }), z.maxLength(TEXT_MAX, { error: t.textTooLong }));

/** POST …/cohorts/:id/mensajes/vista-previa: what one student would get. */
export const cohortMessagePreviewRequestSchema = z.object({ subject: subjectField, text: textField });
export type CohortMessagePreviewRequest = z.input<typeof cohortMessagePreviewRequestSchema>;

export const cohortMessagePreviewResponseSchema = z.object({
  recipients: z.number(),
  /** The e-mail as the first enrolled student gets it (null without any). */
  preview: z.nullable(z.object({ name: z.string(), subject: z.string(), text: z.string() })),
});
export type CohortMessagePreviewResponse = z.output<typeof cohortMessagePreviewResponseSchema>;

/** POST …/cohorts/:id/mensajes: send it, once per message id. */
export const cohortMessageRequestSchema = z.object({
  message_id: z
    .string({ error: t.messageIdInvalid })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: t.messageIdInvalid })),
  subject: subjectField,
  text: textField,
});
export type CohortMessageRequest = z.input<typeof cohortMessageRequestSchema>;

export const cohortMessageResponseSchema = z.object({
  /** Students e-mailed by this message. */
  sent: z.number(),
  /** The message id was sent before: nothing was sent again. */
  alreadySent: z.boolean(),
});
export type CohortMessageResponse = z.output<typeof cohortMessageResponseSchema>;

/** The paragraphs of a message's text: split at blank lines. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
