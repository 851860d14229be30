import { z } from '../schemas/zod';

/**
 * What the payable domains (courses, giving) answer about checkouts and payments: one declaration each, read by the
 * API (OpenAPI and its serializer) and by the screens (their fetchers' types).
 */

/** The claim secret as request bodies carry it (shape only; whether it matches is decided against the record). */
export const claimSecretField = z
  .string({ error: 'Falta la clave de este pago en el navegador.' })
  .check(
    z.trim(),
    z.minLength(16, { error: 'Falta la clave de este pago en el navegador.' }),
    z.maxLength(128, { error: 'Falta la clave de este pago en el navegador.' }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Falta la clave de este pago en el navegador.' }),
  );

/** The answer the browser needs to go to the hosted checkout (spec §3 Payment response); `id` is the preference's. */
export const checkoutPreferenceSchema = z.object({
  id: z.string(),
  init_point: z.string(),
  sandbox_init_point: z.nullable(z.string()),
  date_created: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  external_reference: z.string(),
});
export type CheckoutPreference = z.output<typeof checkoutPreferenceSchema>;

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
