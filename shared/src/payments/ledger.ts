import { z } from '../schemas/zod';

/**
 * The ledger kit's contract (#27): what every payable's staff ledger (course enrolments, donations, the monthly-giving
 * subscriptions to come) shares — the provider's payment statuses and types as the panel names them, the list's
 * search / cursor / limit fields, a record's reference, payment and payment trail (each status the provider reported,
 * the payments not applied). A domain's ledger schemas build on these (remote-courses, remote-giving).
 */

/** The kit's own messages; a domain's ledger texts spread them (`{ ...ledgerKitTexts, … }`). */
export const ledgerKitTexts = {
  referenceInvalid: 'La referencia no es válida.',
  searchTooLong: 'Escribe como máximo 100 caracteres para buscar.',
  cursorInvalid: 'La página pedida no es válida. Vuelve a cargar la lista.',
  limitInvalid: 'Pide entre 1 y 100 registros por página.',
} as const;
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

/**
 * Readable payment methods and statuses everywhere (#31): the panel, the CSV exports and the e-mails name a provider's
 * status, status detail and payment type only through these, and none of them ever answers the provider's raw code —
 * a value nobody named yet gets a generic Spanish text (the staff's record shows the code apart, labelled as such).
 */
export const unnamedPaymentStatus = 'Otro estado del pago';
export const unnamedPaymentType = 'Otro medio de pago';

/** A status as the panel reads it: its Spanish name, or a generic text for a status nobody named yet. */
export const paymentStatusLabel = (s: string) => (paymentStatuses as Record<string, string>)[s] ?? unnamedPaymentStatus;

/** The provider's payment types (`payment_type`) as the panel, the certificates and a person's copy name them. */
export const paymentTypeLabels: Record<string, string> = {
  credit_card: 'Tarjeta de crédito',
  debit_card: 'Tarjeta débito',
  prepaid_card: 'Tarjeta prepago',
  bank_transfer: 'Transferencia bancaria (PSE)',
  ticket: 'Efectivo',
  atm: 'Cajero automático',
  account_money: 'Dinero en cuenta de Mercado Pago',
  digital_wallet: 'Billetera digital',
  digital_currency: 'Crédito de Mercado Pago',
  voucher_card: 'Tarjeta de beneficios',
  // Money the team received outside the site (#31, a manual enrolment's "Pago fuera del sitio").
  outside_transfer: 'Transferencia bancaria a la fundación',
  outside_deposit: 'Consignación bancaria',
  outside_cash: 'Efectivo en la fundación',
};
/** A payment type in words: no type yet is an electronic payment; a type nobody named a generic text, never the code. */
export const paymentTypeLabel = (t: string | null) => (t ? (paymentTypeLabels[t] ?? unnamedPaymentType) : 'Pago electrónico');

/** Whether a type has a name (else the staff's record shows its code apart, labelled). */
export const isNamedPaymentType = (t: string | null) => !t || t in paymentTypeLabels;

/** The provider's status details (`status_detail`) in plain Spanish, as the panel and the CSV show them. */
export const paymentStatusDetails: Record<string, string> = {
  accredited: 'Aprobado',
  partially_refunded: 'Aprobado, con un reembolso parcial',
  pending_contingency: 'Pendiente: el pago se está procesando',
  pending_review_manual: 'Pendiente: en revisión por el proveedor de pagos',
  pending_waiting_payment: 'Pendiente: esperando que se pague',
  pending_waiting_transfer: 'Pendiente: esperando la transferencia',
  pending_capture: 'Pendiente: autorizado, falta capturarlo',
  offline_process: 'En proceso',
  in_process: 'En proceso',
  cc_rejected_insufficient_amount: 'Rechazado: fondos insuficientes',
  cc_rejected_bad_filled_card_number: 'Rechazado: número de tarjeta incorrecto',
  cc_rejected_bad_filled_date: 'Rechazado: fecha de vencimiento incorrecta',
  cc_rejected_bad_filled_security_code: 'Rechazado: código de seguridad incorrecto',
  cc_rejected_bad_filled_other: 'Rechazado: datos de la tarjeta incorrectos',
  cc_rejected_call_for_authorize: 'Rechazado: el banco pide autorizar el pago',
  cc_rejected_card_disabled: 'Rechazado: tarjeta inactiva',
  cc_rejected_card_error: 'Rechazado: la tarjeta no pudo procesar el pago',
  cc_rejected_duplicated_payment: 'Rechazado: pago duplicado',
  cc_rejected_high_risk: 'Rechazado por prevención de fraude',
  cc_rejected_blacklist: 'Rechazado por prevención de fraude',
  cc_rejected_max_attempts: 'Rechazado: demasiados intentos',
  cc_rejected_invalid_installments: 'Rechazado: número de cuotas no permitido',
  cc_rejected_other_reason: 'Rechazado por el banco',
  rejected_by_bank: 'Rechazado por el banco',
  rejected_by_regulations: 'Rechazado por normas del proveedor de pagos',
  rejected_insufficient_data: 'Rechazado: faltan datos del pago',
  expired: 'Cancelado: no se pagó antes de la fecha límite',
  by_collector: 'Cancelado por la fundación',
  by_payer: 'Cancelado por quien pagaba',
  by_admin: 'Cancelado por el proveedor de pagos',
  refunded: 'Reembolsado',
  settled: 'Contracargo: el dinero se devolvió al pagador',
  reimbursed: 'Contracargo resuelto a favor de la fundación',
  in_mediation: 'En disputa',
};

/**
 * A status with its detail in words ("Rechazado: fondos insuficientes"): the detail's name, or the status's when the
 * detail is missing or unnamed — never a raw code.
 */
export const paymentStatusDetailLabel = (status: string, detail: string | null) =>
  (detail ? paymentStatusDetails[detail] : undefined) ?? paymentStatusLabel(status);

/** Whether a detail has a name (else the staff's record shows its code apart, labelled). */
export const isNamedPaymentDetail = (detail: string | null) => !detail || detail in paymentStatusDetails;

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

export const LEDGER_PAGE_SIZE = 25;

export const searchField = z.pipe(
  z.optional(z.string({ error: 'Debe ser texto' }).check(z.trim(), z.maxLength(100, { error: ledgerKitTexts.searchTooLong }))),
  z.transform((v) => v || undefined),
);

export const cursorField = z.pipe(
  z.pipe(
    z.nullish(
      z
        .string({ error: ledgerKitTexts.cursorInvalid })
        .check(
          z.maxLength(40, { error: ledgerKitTexts.cursorInvalid }),
          z.regex(/^[1-9]\d{0,9}$/, { error: ledgerKitTexts.cursorInvalid }),
        ),
    ),
    z.transform((v) => (v ? Number(v) : undefined)),
  ),
  z.optional(z.number().check(z.maximum(2_147_483_647, { error: ledgerKitTexts.cursorInvalid }))),
);

export const limitField = z.optional(
  z
    .number({ error: ledgerKitTexts.limitInvalid })
    .check(
      z.int({ error: ledgerKitTexts.limitInvalid }),
      z.minimum(1, { error: ledgerKitTexts.limitInvalid }),
      z.maximum(100, { error: ledgerKitTexts.limitInvalid }),
    ),
);

export const referenceParamsSchema = z.object({
  reference: z
    .string({ error: ledgerKitTexts.referenceInvalid })
    .check(z.regex(/^[A-Z]{3}-[A-Za-z0-9_-]{1,40}$/, { error: ledgerKitTexts.referenceInvalid })),
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
