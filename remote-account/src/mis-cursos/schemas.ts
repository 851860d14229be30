import { z } from 'shared/schemas/zod';
import { enrolmentReferenceParam } from './course-page-schemas';

/** Answers and requests of the account API (Mis Cursos, certificates; the account opened after a payment: shared/payments/account-from-payment). */

/**
 * An enrolment's electronic invoice or credit note once DIAN validated it (#30): its number, its CUFE (a credit note's
 * CUDE) and when it was issued (ISO 8601). The courses domain keeps them; the server asks it through its service.
 */
export const enrollmentInvoiceSchema = z.object({ number: z.string(), cufe: z.string(), issued_at: z.string() });
export type EnrollmentInvoice = z.output<typeof enrollmentInvoiceSchema>;

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
  /** The sale's electronic invoice (#30): null until DIAN validates it (and for a sale from before invoicing). */
  invoice: z._default(z.nullable(enrollmentInvoiceSchema), null),
  /** The credit note that annulled the invoice, for a refunded course; null otherwise or until DIAN validates it. */
  credit_note: z._default(z.nullable(enrollmentInvoiceSchema), null),
  /** Its invoice is on its way to DIAN (not for a sale from before the site invoiced, which has none). */
  invoice_in_progress: z._default(z.boolean(), false),
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
export const certificateParamsSchema = z.object({ id: enrolmentReferenceParam });

/** Which of an enrolment's documents GET /api/account/enrollments/:id/factura answers: the invoice or its credit note. */
export const invoiceDocumentTypes = ['factura', 'nota'] as const;
export type InvoiceDocumentType = (typeof invoiceDocumentTypes)[number];

/** GET /api/account/enrollments/:id/factura?tipo=factura|nota (the answer is a PDF); the invoice when `tipo` is not given. */
export const invoiceDownloadQuerySchema = z.object({
  tipo: z._default(z.enum(invoiceDocumentTypes, { error: 'Indica tipo=factura o tipo=nota.' }), 'factura'),
});
