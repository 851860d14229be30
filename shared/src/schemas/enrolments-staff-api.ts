import { z } from './zod';

/**
 * The staff's ledger of course enrolments (#14), under `/api/courses/staff/enrolments…`: a keyset-paginated list by
 * course, cohort, module, enrolment and payment status with an accent-blind search, counts, one enrolment with its
 * payment history and discrepancies, the 'Completado' mark, the receipt sent again, and the CSV export.
 */

export const ledgerTexts = {
  notFound: 'No encontramos esa inscripción. Puede que el enlace esté incompleto.',
  referenceInvalid: 'La referencia no es válida.',
  searchTooLong: 'Escribe como máximo 100 caracteres para buscar.',
  cursorInvalid: 'La página pedida no es válida. Vuelve a cargar la lista.',
  limitInvalid: 'Pide entre 1 y 100 registros por página.',
  courseInvalid: 'Elige un curso de la lista.',
  moduleInvalid: 'Elige un módulo de la lista.',
  cohortInvalid: 'Elige una cohorte de la lista.',
  statusInvalid: 'Elige un estado de la lista.',
  paymentInvalid: 'Elige un estado de pago de la lista.',
  completeOnlyEnrolled: 'Solo una inscripción en estado Inscrito (pago aprobado) se puede marcar como completada.',
  resendOnlyApproved: 'El comprobante solo se reenvía para inscripciones con el pago aprobado.',
  resendTooSoon: 'El comprobante se reenvió hace poco. Espera unos minutos antes de enviarlo otra vez.',
} as const;

/** Enrolment statuses and how the panel names them. */
export const enrolmentStatuses = {
  PENDING: 'Pendiente de pago',
  ENROLLED: 'Inscrito',
  COMPLETED: 'Completado',
  WITHDRAWN: 'Retirado',
} as const;
export type EnrolmentStatus = keyof typeof enrolmentStatuses;
const enrolmentStatusList = Object.keys(enrolmentStatuses) as [EnrolmentStatus, ...EnrolmentStatus[]];

/** Payment statuses the provider reports (and the record's initial 'processing...'), as the panel names them. */
export const paymentStatuses = {
  'processing...': 'Sin pago',
  pending: 'Pendiente',
  in_process: 'En proceso',
  approved: 'Aprobado',
  authorized: 'Autorizado',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  charged_back: 'Contracargo',
  in_mediation: 'En disputa',
} as const;
export type PaymentStatus = keyof typeof paymentStatuses;
export const paymentStatusList = Object.keys(paymentStatuses) as [PaymentStatus, ...PaymentStatus[]];

/** A status as the panel reads it: its Spanish name, or the raw text for a status nobody named yet. */
export const paymentStatusLabel = (s: string) => (paymentStatuses as Record<string, string>)[s] ?? s;
export const enrolmentStatusLabel = (s: string) => (enrolmentStatuses as Record<string, string>)[s] ?? s;

/** The provider's payment types (`payment_type`) as the panel, the certificates and a person's copy name them. */
export const paymentTypeLabels: Record<string, string> = {
  credit_card: 'Tarjeta de crédito',
  debit_card: 'Tarjeta débito',
  prepaid_card: 'Tarjeta prepago',
  bank_transfer: 'Transferencia bancaria (PSE)',
  ticket: 'Efectivo',
  account_money: 'Dinero en la cuenta del proveedor de pagos',
};
export const paymentTypeLabel = (t: string | null) => (t ? (paymentTypeLabels[t] ?? t) : 'Pago electrónico');

/** Where a payment report came from, in words. */
export const paymentSources: Record<string, string> = {
  notification: 'Notificación del proveedor',
  status_check: 'Consulta de estado',
  reconciliation: 'Conciliación',
};

export const discrepancyKinds: Record<string, string> = {
  amount_mismatch: 'El monto no coincide',
  currency_mismatch: 'La moneda no coincide',
  unknown_reference: 'Referencia desconocida',
  seat_unavailable: 'Pagado cuando ya no había cupo',
};

// ── Shared parts (the donations ledger uses them too) ────────────────────────────────────────────────────────────

export const LEDGER_PAGE_SIZE = 25;

export const searchField = z.pipe(
  z.optional(z.string({ error: 'Debe ser texto' }).check(z.trim(), z.maxLength(100, { error: ledgerTexts.searchTooLong }))),
  z.transform((v) => v || undefined),
);

export const cursorField = z.pipe(
  z.pipe(
    z.nullish(
      z
        .string({ error: ledgerTexts.cursorInvalid })
        .check(z.maxLength(40, { error: ledgerTexts.cursorInvalid }), z.regex(/^[1-9]\d{0,9}$/, { error: ledgerTexts.cursorInvalid })),
    ),
    z.transform((v) => (v ? Number(v) : undefined)),
  ),
  z.optional(z.number().check(z.maximum(2_147_483_647, { error: ledgerTexts.cursorInvalid }))),
);

export const limitField = z.optional(
  z
    .number({ error: ledgerTexts.limitInvalid })
    .check(
      z.int({ error: ledgerTexts.limitInvalid }),
      z.minimum(1, { error: ledgerTexts.limitInvalid }),
      z.maximum(100, { error: ledgerTexts.limitInvalid }),
    ),
);

export const referenceParamsSchema = z.object({
  reference: z
    .string({ error: ledgerTexts.referenceInvalid })
    .check(z.regex(/^[A-Z]{3}-[A-Za-z0-9_-]{1,40}$/, { error: ledgerTexts.referenceInvalid })),
});
export type ReferenceParams = z.output<typeof referenceParamsSchema>;

/** One status the provider reported for the record's payment: when first seen, how it arrived, whether it applied. */
export const paymentEventSchema = z.object({
  paymentId: z.string(),
  status: z.string(),
  statusDetail: z.nullable(z.string()),
  amount: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  source: z.string(),
  applied: z.boolean(),
  /** ISO 8601. */
  seenAt: z.string(),
});
export type PaymentEvent = z.output<typeof paymentEventSchema>;

/** A payment that could not be applied to the record (amount or currency that do not match…). */
export const discrepancySchema = z.object({
  paymentId: z.string(),
  kind: z.string(),
  expectedAmount: z.nullable(z.number()),
  reportedAmount: z.nullable(z.number()),
  reportedCurrency: z.nullable(z.string()),
  reportedStatus: z.nullable(z.string()),
  /** ISO 8601. */
  detectedAt: z.string(),
});
export type Discrepancy = z.output<typeof discrepancySchema>;

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

/** The payment of a payable's record (an enrolment, a donation) as its page shows it. */
export const recordPaymentSchema = z.object({
  status: z.string(),
  id: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  type: z.nullable(z.string()),
  approvedAt: z.nullable(z.string()),
  receiptSentAt: z.nullable(z.string()),
});

/** What every payable's record ends with: each status the provider reported, and the payments not applied. */
export const paymentTrailShape = {
  history: z.array(paymentEventSchema),
  discrepancies: z.array(discrepancySchema),
};

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
  /** The account the enrolment is tied to (its e-mail), or null. */
  account: z.nullable(z.string()),
  /** Who of the team marked it 'Completado' and when (ISO 8601), or null. */
  completed: z.nullable(z.object({ at: z.string(), by: z.string() })),
  /** When the team last sent the receipt again (ISO 8601), or null. */
  receiptResentAt: z.nullable(z.string()),
  ...paymentTrailShape,
});
export type EnrolmentRecordResponse = z.output<typeof enrolmentRecordResponseSchema>;

/** POST …/:reference/reenviar: to which address the receipt went. */
export const enrolmentResendResponseSchema = z.object({ sentTo: z.string() });
export type EnrolmentResendResponse = z.output<typeof enrolmentResendResponseSchema>;
