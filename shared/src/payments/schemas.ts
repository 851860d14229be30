import { z } from '../schemas/zod';
import { claimSecretField } from './checkout-schemas';

/**
 * What the payable domains (courses, giving) answer about checkouts and payments: one declaration each, read by the
 * API (OpenAPI and its serializer) and by the screens (their fetchers' types).
 */

// The checkout's part is in checkout-schemas.ts, so an enrolment or donation form does not download the result pages'
// payment-status schemas with it (#33); re-exported here.
export { checkoutPreferenceSchema, claimSecretField, type CheckoutPreference } from './checkout-schemas';

/** POST /api/<courses|giving>/payments/status: the result pages' check, only from the browser that started the checkout. */
export const paymentStatusRequestSchema = z.object({
  payment_id: z
    .string({ error: 'El identificador del pago no es válido.' })
    .check(z.trim(), z.regex(/^\d{1,20}$/, { error: 'El identificador del pago no es válido.' })),
  external_reference: z
    .string({ error: 'La referencia del pago no es válida.' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'La referencia del pago no es válida.' }),
      z.maxLength(64, { error: 'La referencia del pago no es válida.' }),
      z.regex(/^[A-Za-z0-9_-]+$/, { error: 'La referencia del pago no es válida.' }),
    ),
  claim_secret: claimSecretField,
});
export type PaymentStatusRequest = z.output<typeof paymentStatusRequestSchema>;

/**
 * What the result pages show of a payment (its receipt); nothing else of the record or the provider's report leaves the
 * server. Every field is what the server read from the provider or its own record, never from the return URL. Each
 * domain adds what was paid: `coursePaymentStatusResponseSchema`, `donationPaymentStatusResponseSchema`.
 */
export const paymentStatusResponseSchema = z.object({
  payment_id: z.string(),
  status: z.string(),
  status_detail: z.nullable(z.string()),
  /** The provider's payment type: credit_card, debit_card, bank_transfer, ticket, atm, … */
  payment_type: z.nullable(z.string()),
  /** The provider's payment method within that type: visa, master, pse, efecty, … */
  payment_method: z.nullable(z.string()),
  external_reference: z.string(),
  /** What the provider reports as paid, in whole COP (the record's price: another amount is never confirmed). */
  amount: z.number(),
  /** When the payment was made at the provider (ISO instant). */
  date_created: z.nullable(z.string()),
  date_approved: z.nullable(z.string()),
  /** When the server read this answer from the provider (ISO instant; repeated checks share one read for a few seconds). */
  checked_at: z.string(),
});
export type PaymentStatusResponse = z.output<typeof paymentStatusResponseSchema>;

/** POST /api/<courses|giving>/payments/notifications: the provider reads only the status code; the flags help support. */
export const paymentNotificationResponseSchema = z.object({
  received: z.literal(true),
  ignored: z.optional(z.literal(true)),
  duplicate: z.optional(z.literal(true)),
  unknownPayment: z.optional(z.literal(true)),
  applied: z.optional(z.boolean()),
});
export type PaymentNotificationResponse = z.output<typeof paymentNotificationResponseSchema>;
