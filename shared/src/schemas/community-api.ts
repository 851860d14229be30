import { z } from './zod';

/** Answers of the community API: every form is stored before it is answered, and the answer carries the stored id. */

/** POST /api/community/volunteers. */
export const volunteerResponseSchema = z.object({ success: z.literal(true), volunteer_id: z.string() });
export type VolunteerResponse = z.output<typeof volunteerResponseSchema>;

/** POST /api/community/allies. */
export const allyResponseSchema = z.object({ success: z.literal(true), corporation_id: z.string() });
export type AllyResponse = z.output<typeof allyResponseSchema>;

/** POST /api/community/arte-de-amarte/consulta and /vale-ser/consulta. */
export const inquiryResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type InquiryResponse = z.output<typeof inquiryResponseSchema>;

/** POST /api/community/custom-software. */
export const softwareRequestResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type SoftwareRequestResponse = z.output<typeof softwareRequestResponseSchema>;

/**
 * POST /api/community/newsletter/subscribe: 201 and the same message for every accepted address (double opt-in, #15: the
 * answer never tells whether it was already subscribed; `alreadySubscribed` is always false).
 */
export const newsletterResponseSchema = z.object({ success: z.literal(true), message: z.string(), alreadySubscribed: z.boolean() });
export type NewsletterResponse = z.output<typeof newsletterResponseSchema>;

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
});
export type PqrsfRecord = z.output<typeof pqrsfRecordSchema>;

/** POST /api/community/pqrsf/consulta: the request matching radicado and document (`Items`, as the spec names it). */
export const pqrsfLookupResponseSchema = z.object({ success: z.literal(true), Items: z.array(pqrsfRecordSchema) });
export type PqrsfLookupResponse = z.output<typeof pqrsfLookupResponseSchema>;
