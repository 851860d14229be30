import { z } from '../schemas/zod';

/**
 * The panel's payments review (#14), per payable domain under `/api/<courses|giving>/staff/payments/...`: payments the
 * site could not apply (another amount or currency, a reference nobody issued, a course paid with no seat left) and reversed ones, the checkouts still
 * waiting for their payment, and a by-hand run of the reconciliation.
 */

export const paymentsStaffTexts = {
  notFound: 'No encontramos esa diferencia.',
  alreadyReviewed: 'Esa diferencia ya estaba marcada como revisada.',
} as const;

/** `seat_unavailable`: a course payment approved after its seat was released, when the cohort had no seat left. */
export const discrepancyKinds = ['amount_mismatch', 'currency_mismatch', 'unknown_reference', 'seat_unavailable'] as const;

const isoDateTime = z.string();

export const paymentIssueSchema = z.object({
  /** `d-<id>` for a discrepancy, `r-<reference>` for a reversed payment. */
  key: z.string(),
  kind: z.enum([...discrepancyKinds, 'refunded', 'charged_back']),
  reference: z.nullable(z.string()),
  payment_id: z.string(),
  expected_amount: z.nullable(z.number()),
  reported_amount: z.nullable(z.number()),
  reported_currency: z.nullable(z.string()),
  reported_status: z.nullable(z.string()),
  detected_at: isoDateTime,
  reviewed_at: z.nullable(isoDateTime),
  reviewed_by: z.nullable(z.string()),
});
export type PaymentIssue = z.output<typeof paymentIssueSchema>;

export const pendingPaymentSchema = z.object({
  reference: z.string(),
  amount: z.number(),
  payment_status: z.string(),
  payment_id: z.nullable(z.string()),
  created_at: isoDateTime,
  reconciled_at: z.nullable(isoDateTime),
});
export type PendingPayment = z.output<typeof pendingPaymentSchema>;

export const paymentsReviewResponseSchema = z.object({
  issues: z.array(paymentIssueSchema),
  pending: z.array(pendingPaymentSchema),
});
export type PaymentsReviewResponse = z.output<typeof paymentsReviewResponseSchema>;

export const discrepancyParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });
export type DiscrepancyParams = z.output<typeof discrepancyParamsSchema>;

export const reviewDiscrepancyResponseSchema = z.object({ issue: paymentIssueSchema });
export type ReviewDiscrepancyResponse = z.output<typeof reviewDiscrepancyResponseSchema>;

export const reconcileNowResponseSchema = z.object({
  checked: z.number(),
  applied: z.number(),
  failed: z.number(),
});
export type ReconcileNowResponse = z.output<typeof reconcileNowResponseSchema>;
