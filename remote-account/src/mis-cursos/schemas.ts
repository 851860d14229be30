import { z } from 'shared/schemas/zod';

/** Answers and requests of the account API (Mis Cursos, certificates; the account opened after a payment: shared/payments/account-from-payment). */

/** One row of GET /api/account/enrollments (spec §3 Enrollment, plus what the server adds for the certificate). */
export const enrollmentSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  module_name: z.string(),
  student_name: z.string(),
  student_lastname: z.string(),
  payment_status: z.string(),
  enrollment_status: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601: when the payment was approved (or last reported). */
  payment_date: z.nullable(z.string()),
  transaction_amount: z.int(),
  certificate_available: z.boolean(),
  /** The start date (YYYY-MM-DD) of the enrolment's cohort (#14); null for enrolments from before cohorts. */
  start_date: z._default(z.nullable(z.string()), null),
});
export type Enrollment = z.output<typeof enrollmentSchema>;

/** A course the page links to when the visitor has none (the courses domain's catalogue, through its service). */
export const courseLinkSchema = z.object({ title: z.string(), url: z.string() });
export type CourseLink = z.output<typeof courseLinkSchema>;

/**
 * GET /api/account/enrollments: the signed-in user's paid or completed enrolments, and the courses on offer (the account
 * domain does not own the catalogue: the server asks the courses domain for them).
 */
export const enrollmentsResponseSchema = z.object({ enrollments: z.array(enrollmentSchema), courses: z.array(courseLinkSchema) });
export type EnrollmentsResponse = z.output<typeof enrollmentsResponseSchema>;

/** GET /api/account/enrollments/:id/certificate (the answer is a PDF). */
export const certificateParamsSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/)),
});
