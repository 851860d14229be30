import { z } from 'shared/schemas/zod';
import { RADICADO_LENGTH } from './schemas';

/**
 * A PQRSF case's attachments (#32): files the team adds to an answer (the person downloads them from the answer's
 * e-mail) or to an internal note. Uploaded one by one first (pending), then claimed by the answer or the note that
 * names their ids. Shared by the server and the case screen.
 */

/** Largest attachment, in bytes (10 MB). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Attachments one answer or one note may carry. */
export const MAX_ATTACHMENTS = 5;
/** Days the answer e-mail's download links work. */
export const ATTACHMENT_LINK_DAYS = 30;
/** What the file picker offers (only a hint: the server reads each file's kind from its bytes). */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.docx,.xlsx,.pptx';

export const attachmentTexts = {
  tooMany: `Puedes adjuntar hasta ${MAX_ATTACHMENTS} archivos.`,
  invalidId: 'Ese adjunto no existe.',
} as const;

/** An attachment as the case screen lists it. */
export const pqrsfAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  size: z.number(),
  /** ISO 8601: when it was uploaded. */
  at: z.string(),
  actorEmail: z.string(),
  /** 'respuesta' or 'nota'. */
  part: z.string(),
  /** The note it belongs to (its id), null for the answer's. */
  noteId: z.nullable(z.string()),
});
export type PqrsfAttachment = z.output<typeof pqrsfAttachmentSchema>;

/** POST /staff/pqrsf/:radicado/adjuntos (the file as the body): the pending upload to name in an answer or a note. */
export const uploadedAttachmentSchema = z.object({ id: z.string(), name: z.string(), kind: z.string(), size: z.number() });
export type UploadedAttachment = z.output<typeof uploadedAttachmentSchema>;

/** The ids an answer or a note carries (optional; at most five, no repeats). */
export const attachmentIdsField = z.optional(
  z
    .array(z.string().check(z.regex(/^\d{1,18}$/, { error: attachmentTexts.invalidId })))
    .check(z.maxLength(MAX_ATTACHMENTS, { error: attachmentTexts.tooMany })),
);

/** `:radicado/adjuntos/:id`. */
export const attachmentParamsSchema = z.object({
  radicado: z
    .string()
    .check(z.regex(new RegExp(`^\\d{${RADICADO_LENGTH}}$`), { error: `El número de radicado tiene ${RADICADO_LENGTH} dígitos.` })),
  id: z.string().check(z.regex(/^\d{1,18}$/, { error: attachmentTexts.invalidId })),
});
