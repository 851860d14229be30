import { paymentStatusResponseSchema } from 'shared/payments/schemas';
import { z } from 'shared/schemas/zod';

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
