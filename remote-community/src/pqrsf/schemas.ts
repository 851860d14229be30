import { documentMatchesType, documentTypesWithNit, personNameField, requestTypes, senderTypes, oneOf } from 'shared/schemas/common';
import { noticeFields } from 'shared/schemas/consent';
import { z } from 'shared/schemas/zod';
import { communityFields as f, communityTexts as t } from '../forms/fields';

/**
 * The PQRSF (spec §3): filing and lookup, each schema run in the browser form and again in the community API, so both
 * show the same Spanish messages; and the API's answers to both.
 */

export type RequestType = (typeof requestTypes)[number];

/**
 * Business days Ley 1755 de 2015 (art. 14) gives to answer: 10 for requests of documents or information — the
 * form's "Solicitud" type — and 15 for every other petition (quejas, reclamos and felicitaciones included).
 */
export function responseTermDays(requestType: RequestType): number {
  return requestType === 'Solicitud' ? 10 : 15;
}

/** A PQRSF as filed (spec §3); id, status and dates are the server's. */
export const pqrsfSchema = z
  .object({
    rol_type: oneOf(senderTypes, t.rolTypeRequired),
    name: personNameField(t.nameRequired),
    lastname: personNameField(t.lastnameRequired),
    // A company may petition too (Ley 1755 art. 13): its NIT, with the check digit.
    id_type: oneOf(documentTypesWithNit, t.idTypeRequired),
    id_number: f.idNumber,
    phone_number: f.phone(),
    email: f.email,
    request_type: oneOf(requestTypes, t.requestTypeRequired),
    reviews: f.longText(t.reviewsRequired),
    ...noticeFields,
  })
  .check(documentMatchesType());
export type PqrsfInput = z.input<typeof pqrsfSchema>;
export type Pqrsf = z.output<typeof pqrsfSchema>;

/** Digits of a radicado (request number) the server assigns. */
export const RADICADO_LENGTH = 16;

export const pqrsfLookupTexts = {
  idRequired: 'Ingresa el número de radicado',
  idInvalid: `El número de radicado tiene ${RADICADO_LENGTH} dígitos`,
  notFound: 'No encontramos ninguna solicitud con ese número de radicado y ese número de documento. Revisa los datos e intenta de nuevo.',
  failed: 'No pudimos consultar tu solicitud en este momento. Intenta de nuevo en unos minutos.',
  network: 'No pudimos conectarnos. Verifica tu conexión e intenta de nuevo.',
  attachmentUnknown: 'Ese adjunto no existe en esta solicitud.',
} as const;

/** Lookup of a PQRSF: the radicado alone reveals nothing; the requester's document number must match too. */
export const pqrsfLookupSchema = z.object({
  id: z.pipe(
    z.pipe(
      z.string({ error: pqrsfLookupTexts.idRequired }),
      z.transform((v) => v.replace(/[\s-]/g, '')),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: pqrsfLookupTexts.idRequired }),
        z.regex(new RegExp(`^\\d{${RADICADO_LENGTH}}$`), { error: pqrsfLookupTexts.idInvalid }),
      ),
  ),
  id_number: f.idNumber,
});
export type PqrsfLookupInput = z.input<typeof pqrsfLookupSchema>;

/** Document numbers compare without dots, dashes or spaces and in upper case ("1.012.345" = "1012345"). */
export function documentKey(idNumber: string): string {
  return idNumber.replace(/[\s.-]/g, '').toUpperCase();
}

/** Answers of the PQRSF API: the request is stored before it is answered, and the answer carries its radicado. */

/** POST /api/community/pqrsf: the radicado the server assigned and the Ley 1755 deadline. */
export const pqrsfResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  status: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Last day to answer (YYYY-MM-DD). */
  dueDate: z.string(),
  termDays: z.int(),
});
export type PqrsfResponse = z.output<typeof pqrsfResponseSchema>;

/**
 * An answer's attachment as the lookup lists it (#32): its name, its kind in words ("PDF", "Word (.docx)"), its size,
 * and until when it downloads (30 days after the answer, as the e-mail's link); `expired` once that passed.
 */
export const pqrsfLookupAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  size: z.number(),
  /** ISO 8601. */
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type PqrsfLookupAttachment = z.output<typeof pqrsfLookupAttachmentSchema>;

/** A PQRSF as the lookup shows it (spec §2 table, plus the legal deadline). */
export const pqrsfRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  rol_type: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone_number: z.string(),
  id_type: z.string(),
  id_number: z.string(),
  request_type: z.string(),
  reviews: z.string(),
  response: z.nullable(z.string()),
  /** When the foundation answered (ISO 8601); null until then. */
  respondedAt: z.nullable(z.string()),
  /** Last day to answer (YYYY-MM-DD), extended when extended, and the business days of the original term. */
  dueDate: z.string(),
  /** The due date before an extension (Ley 1755 art. 14 parágrafo); null when not extended. */
  originalDueDate: z.nullable(z.string()),
  termDays: z.int(),
  /** The competent entity the request was sent to (art. 21), and when; null when not transferred. */
  transferredTo: z.nullable(z.string()),
  transferredAt: z.nullable(z.string()),
  /** The answer's attachments (#32), shown only to whoever proved the case is theirs; empty until answered with files. */
  attachments: z.array(pqrsfLookupAttachmentSchema),
});
export type PqrsfRecord = z.output<typeof pqrsfRecordSchema>;

/**
 * POST /api/community/pqrsf/consulta/adjunto: one of the answer's files, asked for with the very proof the lookup
 * takes (radicado and document) in the body, never a bare id in a URL.
 */
export const pqrsfLookupAttachmentRequestSchema = z.extend(pqrsfLookupSchema, {
  attachment: z.string().check(z.regex(/^\d{1,18}$/, { error: pqrsfLookupTexts.attachmentUnknown })),
});
export type PqrsfLookupAttachmentRequest = z.input<typeof pqrsfLookupAttachmentRequestSchema>;

/** POST /api/community/pqrsf/consulta: the request matching radicado and document (`Items`, as the spec names it). */
export const pqrsfLookupResponseSchema = z.object({ success: z.literal(true), Items: z.array(pqrsfRecordSchema) });
export type PqrsfLookupResponse = z.output<typeof pqrsfLookupResponseSchema>;
