import { checkoutPreferenceSchema, claimSecretField } from './payments-api';
import { z } from './zod';

/** Answers and extra requests of the courses API (the enrolment form's own body is `enrolmentSchema`). */

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
    .trim()
    .min(1, { error: 'Faltan datos requeridos: enrollment_id' })
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Faltan datos requeridos: enrollment_id' }),
  claim_secret: claimSecretField,
});
export type CheckoutRequestBody = z.input<typeof checkoutRequestSchema>;

/** The hosted checkout to go to, with the title and price the server charged (from the catalogue). */
export const checkoutResponseSchema = checkoutPreferenceSchema.extend({
  success: z.literal(true),
  message: z.string(),
  title: z.string(),
  price: z.number().int(),
});
export type CheckoutResponse = z.output<typeof checkoutResponseSchema>;
