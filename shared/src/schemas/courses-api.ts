import { checkoutPreferenceSchema, claimSecretField, paymentStatusResponseSchema } from '../payments/schemas';
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

/**
 * POST /api/courses/payments/status: the payment, and what it paid for as the enrolment record says (the course and
 * module the server priced), for the result pages' receipt.
 */
export const coursePaymentStatusResponseSchema = z.extend(paymentStatusResponseSchema, {
  concept: z.literal('course'),
  course_title: z.string(),
  module_name: z.string(),
  /** The course's page, to go back to it from the result pages. */
  course_url: z.string(),
  /** The start date (YYYY-MM-DD) of the enrolment's cohort; null when it has none (before cohorts). */
  start_date: z.nullable(z.string()),
});
export type CoursePaymentStatusResponse = z.output<typeof coursePaymentStatusResponseSchema>;
