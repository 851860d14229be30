import { cursorField, limitField, searchField } from 'shared/payments/ledger';
import { z } from 'shared/schemas/zod';
import { visibleLength } from 'shared/schemas/common';

/**
 * The staff's side of monthly giving (#29), under `/api/giving/staff/monthly…`: the gifts' ledger by state with search
 * and keyset pages, the monthly recurring revenue and churn per Bogotá month, one gift with its charges, notices and the
 * team's actions, pausing, resuming or cancelling a gift for its donor (a reason always), and the CSV export.
 */

export const monthlyStaffTexts = {
  notFound: 'No encontramos esa donación mensual. Puede que el enlace esté incompleto.',
  stateInvalid: 'Elige un estado de la lista.',
  reasonRequired: 'Escribe el motivo (al menos 10 caracteres): queda en la auditoría.',
  reasonTooLong: 'Escribe el motivo en 1000 caracteres como máximo.',
  confirmRequired: 'Confirma que el donante pidió cancelar su donación mensual. La cancelación es definitiva.',
  cancelled: 'Esta donación mensual ya está cancelada: no admite cambios.',
  notActive: 'Solo se puede pausar una donación mensual activa (o con un cobro rechazado).',
  notPaused: 'Solo se puede reanudar una donación mensual pausada.',
  notAuthorized: 'Esta donación mensual aún no fue autorizada por el donante: no hay nada que pausar en Mercado Pago.',
  refused: 'Mercado Pago no aceptó el cambio en el estado actual de la donación mensual. Recarga la página para ver su estado.',
  providerDown: 'No pudimos comunicarnos con Mercado Pago: la donación mensual no cambió. Intenta de nuevo en unos minutos.',
} as const;

/**
 * A gift's state as the panel names it: active (authorized, last charge fine), failing (authorized, last charge
 * rejected: the provider retries), paused, cancelled (final), pending (the donor never authorized it).
 */
export const monthlyStates = {
  active: 'Activa',
  failing: 'Con cobro rechazado',
  paused: 'Pausada',
  cancelled: 'Cancelada',
  pending: 'Sin autorizar',
} as const;
export type MonthlyState = keyof typeof monthlyStates;
export const monthlyStateList = Object.keys(monthlyStates) as [MonthlyState, ...MonthlyState[]];
export const monthlyStateLabel = (s: MonthlyState) => monthlyStates[s];

/** GET …/monthly/exportar (query) and the list's filter: the state. */
export const monthlyExportQuerySchema = z.object({
  estado: z.optional(z.enum(monthlyStateList, { error: monthlyStaffTexts.stateInvalid })),
});
export type MonthlyExportQuery = z.output<typeof monthlyExportQuerySchema>;
export type MonthlyExportQueryInput = z.input<typeof monthlyExportQuerySchema>;

/** POST …/monthly/lista. */
export const monthlyListRequestSchema = z.object({
  estado: z.optional(z.enum(monthlyStateList, { error: monthlyStaffTexts.stateInvalid })),
  /** Words that must all appear in the donor's name, document, e-mail or the reference; accents do not matter. */
  q: searchField,
  cursor: cursorField,
  limit: limitField,
});
export type MonthlyListRequest = z.input<typeof monthlyListRequestSchema>;
export type MonthlyFilter = MonthlyExportQuery & { q?: string | undefined };

export const monthlyListItemSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  document: z.string(),
  amount: z.int(),
  state: z.enum(monthlyStateList),
  nextPaymentDate: z.nullable(z.string()),
  /** Charges recorded (each a donation), whatever their payment status. */
  charges: z.int(),
  /** Sum of the approved charges, whole COP. */
  approvedTotal: z.int(),
});
export type MonthlyListItem = z.output<typeof monthlyListItemSchema>;

export const monthlyListResponseSchema = z.object({
  items: z.array(monthlyListItemSchema),
  nextCursor: z.nullable(z.string()),
  /** First page only: how many match the filter. */
  total: z.nullable(z.int()),
});
export type MonthlyListResponse = z.output<typeof monthlyListResponseSchema>;

/** GET …/monthly/metricas?hasta=YYYY-MM: the 12 Bogotá months up to `hasta` (by default the current one). */
export const monthlyMetricsQuerySchema = z.object({
  hasta: z.optional(
    z
      .string({ error: 'Escribe el mes como AAAA-MM.' })
      .check(z.regex(/^20[2-9]\d-(0[1-9]|1[0-2])$/, { error: 'Escribe el mes como AAAA-MM, desde 2020.' })),
  ),
});
export type MonthlyMetricsQuery = z.output<typeof monthlyMetricsQuerySchema>;

/** GET …/monthly/metricas: the last 12 Bogotá months, newest first. */
export const monthlyMetricsResponseSchema = z.object({
  months: z.array(
    z.object({
      /** YYYY-MM (Bogotá). */
      month: z.string(),
      /** Monthly recurring revenue at the month's end: the amounts of the gifts active then, whole COP. */
      mrr: z.int(),
      /** Gifts active at the month's end. */
      active: z.int(),
      /** Gifts active when the month began (churn's denominator). */
      activeAtStart: z.int(),
      /** Gifts first authorized in the month. */
      started: z.int(),
      /** Authorized gifts cancelled in the month (by the donor, the team or the provider). */
      cancelled: z.int(),
      /** cancelled / activeAtStart × 100, one decimal; null when no gift was active at the start. */
      churn: z.nullable(z.number()),
    }),
  ),
});
export type MonthlyMetricsResponse = z.output<typeof monthlyMetricsResponseSchema>;

/** The team's actions on a gift, as its page lists them. */
export const monthlyActionKinds = { pause: 'Pausó', resume: 'Reanudó', cancel: 'Canceló' } as const;
export type MonthlyActionKind = keyof typeof monthlyActionKinds;

export const monthlyRecordResponseSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  donor: z.object({
    name: z.string(),
    lastname: z.string(),
    idType: z.string(),
    idNumber: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  amount: z.int(),
  state: z.enum(monthlyStateList),
  nextPaymentDate: z.nullable(z.string()),
  authorizedAt: z.nullable(z.string()),
  pausedAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  /** Who cancelled: 'donante', 'equipo', 'proveedor'. */
  cancelledBy: z.nullable(z.string()),
  /** The card's brand as the provider reports it, when known. */
  card: z.nullable(z.string()),
  lastChargeStatus: z.nullable(z.string()),
  /** Newest first; each is a donation of the donations ledger. */
  charges: z.array(
    z.object({
      reference: z.string(),
      amount: z.int(),
      paymentStatus: z.string(),
      createdAt: z.string(),
      approvedAt: z.nullable(z.string()),
    }),
  ),
  /** The e-mails sent about the gift besides receipts (a rejected charge, the provider's cancellation), newest first. */
  notices: z.array(z.object({ kind: z.string(), key: z.string(), sentAt: z.string() })),
  /** What the team did to the gift, newest first. */
  actions: z.array(
    z.object({
      kind: z.enum(['pause', 'resume', 'cancel']),
      at: z.string(),
      by: z.string(),
      reason: z.string(),
    }),
  ),
});
export type MonthlyRecordResponse = z.output<typeof monthlyRecordResponseSchema>;

const reasonField = z.string({ error: monthlyStaffTexts.reasonRequired }).check(
  z.trim(),
  z.minLength(10, { error: monthlyStaffTexts.reasonRequired }),
  z.maxLength(1000, { error: monthlyStaffTexts.reasonTooLong }),
  z.refine((v) => visibleLength(v) >= 10, { error: monthlyStaffTexts.reasonRequired }),
);

/** POST …/monthly/:reference/pausar and …/reanudar: why (the donor's request, a card dispute…), for the audit. */
export const monthlyActionSchema = z.object({ reason: reasonField });
export type MonthlyActionRequest = z.input<typeof monthlyActionSchema>;

/** POST …/monthly/:reference/cancelar: why, and an explicit confirmation (cancelling is final). */
export const monthlyCancelSchema = z.object({
  reason: reasonField,
  confirm: z.literal(true, { error: monthlyStaffTexts.confirmRequired }),
});
export type MonthlyCancelRequest = z.input<typeof monthlyCancelSchema>;
