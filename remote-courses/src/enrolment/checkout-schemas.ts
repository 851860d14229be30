import { checkoutPreferenceSchema, claimSecretField } from 'shared/payments/checkout-schemas';
import { z } from 'shared/schemas/zod';

/**
 * Answers and extra requests of the enrolment API (the form's own body is `enrolmentSchema`, schemas.ts); the result
 * pages' status answer is the payments feature's (../payments/schemas.ts).
 */

/** POST /api/courses/leads: the stored enrolment's id and the claim secret only this browser receives. */
export const leadResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  payment_status: z.string(),
  claim_secret: z.string(),
});
export type LeadResponse = z.output<typeof leadResponseSchema>;

/** POST /api/courses/checkout: pay an enrolment this browser created (its claim secret proves it). */
export const checkoutRequestSchema = z.object({
  enrollment_id: z
    .string({ error: 'Faltan datos requeridos: enrollment_id' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Faltan datos requeridos: enrollment_id' }),
      z.maxLength(64),
      z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Faltan datos requeridos: enrollment_id' }),
    ),
  claim_secret: claimSecretField,
});
export type CheckoutRequestBody = z.input<typeof checkoutRequestSchema>;

/** The hosted checkout to go to, with the title and price the server charged (from the catalogue). */
export const checkoutResponseSchema = z.extend(checkoutPreferenceSchema, {
  success: z.literal(true),
  message: z.string(),
  title: z.string(),
  price: z.int(),
});
export type CheckoutResponse = z.output<typeof checkoutResponseSchema>;
