import { defineOperation, fileAnswer } from 'shared/api/operation';
import type { StaffRole } from 'shared/staff-roles';
import { z } from 'shared/schemas/zod';

/**
 * A legal case's attachments (#32), the same for every kind: files the team adds to an answer (the person downloads
 * them from the answer's e-mail, by a link that expires) or to an internal note. Uploaded one by one first (pending),
 * then claimed by the answer or the note that names their ids. Browser-safe: the limits, the API's parts and the words
 * the server and the screens share. The server half is `shared/server/cases/attachments.ts`, the screen's
 * `shared/cases/ui/attachments.tsx`.
 */

/** Largest attachment, in bytes (10 MB). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Attachments one answer or one note may carry. */
export const MAX_ATTACHMENTS = 5;
/** Days the answer e-mail's download links work. */
export const ATTACHMENT_LINK_DAYS = 30;
/** What the file picker offers (only a hint: the server reads each file's kind from its bytes). */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.docx,.xlsx,.pptx';
/** A download link's token: 256 random bits, base64url. */
export const ATTACHMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const attachmentTexts = {
  tooMany: `Puedes adjuntar hasta ${MAX_ATTACHMENTS} archivos.`,
  invalidId: 'Ese adjunto no existe.',
} as const;

/** An attachment as the case screen lists it. */
export const caseAttachmentSchema = z.object({
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
export type CaseAttachment = z.output<typeof caseAttachmentSchema>;

/** POST …/:radicado/adjuntos (the file as the body): the pending upload to name in an answer or a note. */
export const uploadedAttachmentSchema = z.object({ id: z.string(), name: z.string(), kind: z.string(), size: z.number() });
export type UploadedAttachment = z.output<typeof uploadedAttachmentSchema>;

/** An attachment's id in a path or a body: a row id, digits only. */
export const attachmentIdSchema = z.string().check(z.regex(/^\d{1,18}$/, { error: attachmentTexts.invalidId }));

/** The ids an answer or a note carries (optional; at most five, no repeats). */
export const attachmentIdsField = z.optional(
  z.array(attachmentIdSchema).check(z.maxLength(MAX_ATTACHMENTS, { error: attachmentTexts.tooMany })),
);

/** `:radicado/adjuntos/:id`: the kind's own `:radicado` schema and the attachment's id. */
export const caseAttachmentParams = <S extends z.ZodMiniObject>(params: S) => z.extend(params, { id: attachmentIdSchema });

/**
 * The three staff operations of a kind's attachments under `<prefix>/:radicado/adjuntos`: upload (the raw body with
 * X-File-Name), removal of one's own pending upload, and the (audited) download.
 */
export function caseAttachmentOperations<PS extends z.ZodMiniObject>(
  prefix: `/api/${string}`,
  spec: { params: PS; roles: readonly StaffRole[]; kind: string },
) {
  const withId = caseAttachmentParams(spec.params);
  return {
    uploadAttachment: defineOperation({
      method: 'POST',
      path: `${prefix}/:radicado/adjuntos` as `/api/${string}/:radicado/adjuntos`,
      params: spec.params,
      response: uploadedAttachmentSchema,
      status: 201,
      roles: spec.roles,
      summary: `Panel: subir un adjunto para la respuesta de ${spec.kind} (PDF, imagen, Word, Excel o PowerPoint; hasta 10 MB)`,
    }),
    removeAttachment: defineOperation({
      method: 'DELETE',
      path: `${prefix}/:radicado/adjuntos/:id` as `/api/${string}/:radicado/adjuntos/:id`,
      params: withId,
      response: z.object({ removed: z.boolean() }),
      roles: spec.roles,
      summary: `Panel: quitar un adjunto de ${spec.kind} que aún no se ha enviado`,
    }),
    attachment: defineOperation({
      method: 'GET',
      path: `${prefix}/:radicado/adjuntos/:id` as `/api/${string}/:radicado/adjuntos/:id`,
      params: withId,
      response: fileAnswer({ accept: '*/*', description: 'El archivo adjunto', format: 'binary' }),
      roles: spec.roles,
      summary: `Panel: descargar un adjunto de ${spec.kind} (queda en la auditoría)`,
    }),
  };
}
