import { z } from 'shared/schemas/zod';
import { visibleLength } from 'shared/schemas/common';
import { formatCOP } from 'shared/format/money';

/**
 * Refunds of course enrolments from the panel (#31), under `/api/courses/staff/enrolments/:reference/reembolso…`:
 * Finanzas refunds all or part of an approved payment through the provider, with a reason, once per request (its
 * idempotency key). One contract from the dialog to `courses.refunds`.
 */

export const refundTexts = {
  amountInvalid: 'Escribe el valor a reembolsar en pesos, sin decimales, mayor que cero.',
  amountTooHigh: (left: number) => `El valor supera lo que queda por reembolsar de este pago (${formatCOP(left)}).`,
  reasonRequired: 'Escribe el motivo del reembolso (entre 10 y 500 caracteres): queda en la auditoría.',
  keyInvalid: 'La solicitud no es válida. Cierra el diálogo y vuelve a intentarlo.',
  notRefundable: 'Solo se puede reembolsar una inscripción con el pago aprobado.',
  nothingLeft: 'Este pago ya fue reembolsado por completo.',
  inProgress: 'Este reembolso ya se está procesando. Espera unos segundos y vuelve a cargar la página.',
  keyReused: 'Esta solicitud ya se usó para otra inscripción. Cierra el diálogo y vuelve a intentarlo.',
  providerRefused:
    'La pasarela de pagos no aceptó el reembolso (puede que el pago ya no admita reembolsos). Revisa el pago en Mercado Pago.',
  providerDown:
    'La pasarela de pagos no confirmó el reembolso: puede que se haya hecho o no. Vuelve a intentarlo desde este mismo formulario; nunca se devolverá dos veces.',
} as const;

/** POST …/:reference/reembolso: how much (whole COP), why, and the request's key (the same on a retry). */
export const refundRequestSchema = z.object({
  monto: z.int({ error: refundTexts.amountInvalid }).check(z.positive({ error: refundTexts.amountInvalid })),
  motivo: z.string({ error: refundTexts.reasonRequired }).check(
    z.trim(),
    z.minLength(10, { error: refundTexts.reasonRequired }),
    z.maxLength(500, { error: refundTexts.reasonRequired }),
    z.refine((v) => visibleLength(v) >= 10, { error: refundTexts.reasonRequired }),
  ),
  /** Made by the dialog when it opens and sent again on each retry: the provider's X-Idempotency-Key. */
  clave: z.string({ error: refundTexts.keyInvalid }).check(z.regex(/^[A-Za-z0-9-]{16,64}$/, { error: refundTexts.keyInvalid })),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundSchema = z.object({
  amount: z.int(),
  reason: z.string(),
  by: z.string(),
  /** ISO 8601. */
  at: z.string(),
  /** The provider's refund id. */
  refundId: z.string(),
});
export type Refund = z.output<typeof refundSchema>;

/** GET …/:reference/reembolsos and the POST's answer: what was paid, what was refunded, what is left. */
export const refundSummarySchema = z.object({
  /** The approved payment's amount (the enrolment's price), whole COP. */
  paid: z.int(),
  refunded: z.int(),
  /** What can still be refunded: 0 unless the payment is approved (or partly refunded). */
  refundable: z.int(),
  refunds: z.array(refundSchema),
});
export type RefundSummary = z.output<typeof refundSummarySchema>;
