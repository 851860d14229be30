import {
  cursorField,
  ledgerKitTexts,
  limitField,
  paymentStatusList,
  paymentTrailShape,
  recordPaymentSchema,
  searchField,
} from 'shared/payments/ledger';
import { z } from 'shared/schemas/zod';
import { enrolmentStatuses, type EnrolmentStatus } from '../../manifest/enrolment-statuses';
import { staffCertificateSchema } from '../certificates/schemas';

/**
 * The staff's ledger of course enrolments (#14), under `/api/courses/staff/enrolments…`: a keyset-paginated list by
 * course, cohort, module, enrolment and payment status with an accent-blind search, counts, one enrolment with its
 * payment history and discrepancies, the 'Completado' mark, the receipt sent again, and the CSV export.
 */

export const ledgerTexts = {
  ...ledgerKitTexts,
  notFound: 'No encontramos esa inscripción. Puede que el enlace esté incompleto.',
  courseInvalid: 'Elige un curso de la lista.',
  moduleInvalid: 'Elige un módulo de la lista.',
  cohortInvalid: 'Elige una cohorte de la lista.',
  statusInvalid: 'Elige un estado de la lista.',
  paymentInvalid: 'Elige un estado de pago de la lista.',
  completeOnlyEnrolled: 'Solo una inscripción en estado Inscrito (pago aprobado) se puede marcar como completada.',
  resendOnlyApproved: 'El comprobante solo se reenvía para inscripciones con el pago aprobado.',
  resendTooSoon: 'El comprobante se reenvió hace poco. Espera unos minutos antes de enviarlo otra vez.',
} as const;

/** Enrolment statuses and how the panel names them (a fact of the domain's data: its manifest declares them). */
export { enrolmentStatuses, type EnrolmentStatus };
const enrolmentStatusList = Object.keys(enrolmentStatuses) as [EnrolmentStatus, ...EnrolmentStatus[]];

export const enrolmentStatusLabel = (s: string) => (enrolmentStatuses as Record<string, string>)[s] ?? s;

// ── Enrolments: requests ─────────────────────────────────────────────────────────────────────────────────────────

/** GET …/enrolments/exportar (query) and the list's filter: no search in the export (a name never goes in a URL). */
export const enrolmentExportQuerySchema = z.object({
  curso: z.optional(
    z.string({ error: ledgerTexts.courseInvalid }).check(z.regex(/^[a-z0-9-]{1,60}$/, { error: ledgerTexts.courseInvalid })),
  ),
  modulo: z.optional(
    z.string({ error: ledgerTexts.moduleInvalid }).check(z.trim(), z.minLength(1), z.maxLength(200, { error: ledgerTexts.moduleInvalid })),
  ),
  cohorte: z.optional(
    z.pipe(
      z.string({ error: ledgerTexts.cohortInvalid }).check(z.regex(/^[1-9]\d{0,8}$/, { error: ledgerTexts.cohortInvalid })),
      z.transform(Number),
    ),
  ),
  estado: z.optional(z.enum(enrolmentStatusList, { error: ledgerTexts.statusInvalid })),
  pago: z.optional(z.enum(paymentStatusList, { error: ledgerTexts.paymentInvalid })),
});
export type EnrolmentExportQuery = z.output<typeof enrolmentExportQuerySchema>;
export type EnrolmentExportQueryInput = z.input<typeof enrolmentExportQuerySchema>;

/** POST …/enrolments/lista: the filter, a search and where the previous page ended. */
export const enrolmentListRequestSchema = z.extend(enrolmentExportQuerySchema, {
  /** Words that must all appear in the name, document, e-mail or reference; accents and case do not matter. */
  q: searchField,
  cursor: cursorField,
  limit: limitField,
});
export type EnrolmentListRequest = z.input<typeof enrolmentListRequestSchema>;
export type EnrolmentListQuery = z.output<typeof enrolmentListRequestSchema>;
export type EnrolmentFilter = EnrolmentExportQuery & { q?: string | undefined };

// ── Enrolments: answers ──────────────────────────────────────────────────────────────────────────────────────────

export const enrolmentListItemSchema = z.object({
  reference: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  document: z.string(),
  course: z.string(),
  courseTitle: z.string(),
  module: z.string(),
  cohortStart: z.nullable(z.string()),
  price: z.int(),
  enrolmentStatus: z.string(),
  paymentStatus: z.string(),
  /** An enrolment the team entered (#31): "Beca: <reason>" or "Pago externo: <reference>", shown instead of its payment. */
  origin: z.nullable(z.string()),
});
export type EnrolmentListItem = z.output<typeof enrolmentListItemSchema>;

export const enrolmentListResponseSchema = z.object({
  items: z.array(enrolmentListItemSchema),
  nextCursor: z.nullable(z.string()),
  /** On the first page only (null when a cursor was given): how many match, and per enrolment status. */
  counts: z.nullable(
    z.object({
      total: z.int(),
      byStatus: z.record(z.string(), z.int()),
    }),
  ),
});
export type EnrolmentListResponse = z.output<typeof enrolmentListResponseSchema>;

/** GET …/enrolments/opciones: what the filters offer (courses with their modules, cohorts). */
export const enrolmentOptionsResponseSchema = z.object({
  courses: z.array(z.object({ slug: z.string(), title: z.string(), modules: z.array(z.string()) })),
  cohorts: z.array(z.object({ id: z.int(), course: z.string(), startDate: z.string(), label: z.string() })),
});
export type EnrolmentOptionsResponse = z.output<typeof enrolmentOptionsResponseSchema>;

export const enrolmentRecordResponseSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  course: z.string(),
  courseTitle: z.string(),
  module: z.string(),
  price: z.int(),
  cohort: z.nullable(z.object({ id: z.int(), startDate: z.string() })),
  student: z.object({
    name: z.string(),
    secondName: z.nullable(z.string()),
    lastname: z.string(),
    secondLastname: z.nullable(z.string()),
    fullName: z.string(),
    idType: z.string(),
    idNumber: z.string(),
    phone: z.string(),
    email: z.string(),
    profession: z.string(),
    education: z.string(),
    hasTerms: z.boolean(),
  }),
  enrolmentStatus: z.string(),
  payment: recordPaymentSchema,
  /** An enrolment the team entered (#31): "Beca: <reason>" or "Pago externo: <reference>", instead of a payment; else null. */
  origin: z.nullable(z.string()),
  /** The account the enrolment is tied to (its e-mail), or null. */
  account: z.nullable(z.string()),
  /** Who of the team marked it 'Completado' and when (ISO 8601), or null. */
  completed: z.nullable(z.object({ at: z.string(), by: z.string() })),
  /**
   * Its completion certificates (#31), newest first: the one in force (not voided) while the enrolment is 'Completado',
   * and every voided one, kept with who voided it, when and why.
   */
  certificates: z.array(staffCertificateSchema),
  /** When the team last sent the receipt again (ISO 8601), or null. */
  receiptResentAt: z.nullable(z.string()),
  ...paymentTrailShape,
});
export type EnrolmentRecordResponse = z.output<typeof enrolmentRecordResponseSchema>;

/** POST …/:reference/reenviar: to which address the receipt went. */
export const enrolmentResendResponseSchema = z.object({ sentTo: z.string() });
export type EnrolmentResendResponse = z.output<typeof enrolmentResendResponseSchema>;
