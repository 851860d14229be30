import { z } from 'shared/schemas/zod';
import { attachmentIdSchema, caseAttachmentSchema } from 'shared/cases/attachments';
import { RADICADO_LENGTH } from './schemas';

/**
 * A PQRSF case's attachments (#32): files the team adds to an answer (the person downloads them from the answer's
 * e-mail) or to an internal note. The limits, the schemas and the words are the legal-case kit's
 * (shared/cases/attachments); PQRSF adds its `:radicado`.
 */

export {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_LINK_DAYS,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  attachmentIdsField,
  attachmentTexts,
  uploadedAttachmentSchema,
  type UploadedAttachment,
} from 'shared/cases/attachments';

/** An attachment as the case screen lists it. */
export const pqrsfAttachmentSchema = caseAttachmentSchema;
export type PqrsfAttachment = z.output<typeof pqrsfAttachmentSchema>;

/** `:radicado/adjuntos/:id`. */
export const attachmentParamsSchema = z.object({
  radicado: z
    .string()
    .check(z.regex(new RegExp(`^\\d{${RADICADO_LENGTH}}$`), { error: `El número de radicado tiene ${RADICADO_LENGTH} dígitos.` })),
  id: attachmentIdSchema,
});
