import type { FastifyPluginAsync } from 'fastify';
import { courseBySlug } from 'shared/catalogue/courses';
import { coursePaymentStatusResponseSchema, type CoursePaymentStatusResponse } from 'shared/schemas/courses-api';
import type { PaymentStatusResponse } from 'shared/schemas/payments-api';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { cohortTexts } from 'shared/schemas/cohorts-api';
import type { ApiContext } from 'shared/server/api-contract';
import { renderMail } from 'shared/server/mail-template';
import type { Database } from 'shared/server/database';
import type { OutgoingMail } from 'shared/server/mailer';
import type { Selectable } from 'kysely';
import { isReversal } from 'shared/server/payments/reversals';
import { paymentRoutes as payableRoutes, type PaymentRoutesOptions } from 'shared/server/payments/routes';

const statusLabel: Record<string, string> = { approved: 'Aprobado', pending: 'Pendiente', in_process: 'En proceso', rejected: 'Rechazado' };

/** What the result pages' status check tells the paying browser of its enrolment. */
type CourseReceipt = Omit<CoursePaymentStatusResponse, keyof PaymentStatusResponse>;

/** The enrolment's receipt: sent once at its first approval, and again when the team asks (enrolments-staff.ts). */
export function courseReceiptMail(
  ctx: Pick<ApiContext, 'settings'>,
  e: Pick<
    Selectable<Database['courses.enrolments']>,
    'email' | 'course_title' | 'module_name' | 'cohort_start_date' | 'price' | 'user_sub'
  >,
  payment: { id: string; status: string },
): OutgoingMail {
  const origin = ctx.settings.publicOrigin;
  // Paid without an account: the account is opened only from the paying browser (its claim secret) or by signing up
  // with this address, which verifies it with a code. Either way Mis Cursos then shows this course.
  const tied = e.user_sub !== null;
  return renderMail({
    to: e.email,
    subject: 'Tu inscripción está confirmada',
    // No submitted text reaches an address nobody verified (the name could be a lure): fixed text and our own data.
    greeting: 'Hola:',
    paragraphs: [
      `Recibimos tu pago y tu cupo en ${e.course_title} está reservado.`,
      'Te enviaremos las instrucciones de acceso 24 horas antes del inicio de clases.',
      ...(tied
        ? []
        : [
            'Para ver tu curso en Mis Cursos, ingresa con la cuenta que creaste al terminar el pago o, si no la tienes, regístrate con este mismo correo.',
          ]),
    ],
    details: [
      ['Curso', e.course_title],
      ['Módulo', e.module_name],
      ['Inicio de clases', e.cohort_start_date ? formatLongDate(e.cohort_start_date) : cohortTexts.noCohort],
      ['Valor', formatCOP(e.price)],
      ['Pago', payment.id],
      ['Estado', statusLabel[payment.status] ?? payment.status],
    ],
    action: tied
      ? { label: 'Ver Mis Cursos', url: `${origin}/mis-cursos`, public: true }
      : { label: 'Crear mi cuenta', url: `${origin}/register?email=${encodeURIComponent(e.email)}`, public: true },
  });
}

/**
 * How course payments are applied: enrolment and receipt once approved, the course withdrawn when the payment is
 * refunded or charged back. The same for a notification, a status check and reconciliation.
 */
export const coursePayables: PaymentRoutesOptions<'courses.enrolments', CourseReceipt> = {
  tag: 'courses',
  table: 'courses.enrolments',
  amountOf: (enrolment) => enrolment.price,
  notificationsTable: 'courses.payment_notifications',
  discrepanciesTable: 'courses.payment_discrepancies',
  eventsTable: 'courses.payment_events',
  // The result pages' receipt: the course and module as the enrolment was priced, and the way back to its page.
  statusResponseSchema: coursePaymentStatusResponseSchema,
  receipt: (e) => ({
    concept: 'course' as const,
    course_title: e.course_title,
    module_name: e.module_name,
    course_url: courseBySlug(e.course_name)?.url ?? '/',
    // The cohort's start date (null for enrolments from before cohorts: the page then promises an announcement).
    start_date: e.cohort_start_date,
  }),
  async afterApply(ctx, e, payment, firstApproval) {
    if (payment.status === 'approved') {
      // A course the team marked 'Completado' stays so when the same approval is reported again (reconciliation…).
      await ctx.db
        .updateTable('courses.enrolments')
        .set({ enrollment_status: 'ENROLLED' })
        .where('reference', '=', e.reference)
        .where('enrollment_status', '<>', 'COMPLETED')
        .execute();
    }
    if (isReversal(payment.status)) {
      // The money went back: the course leaves Mis Cursos and its certificate (both need an approved payment), whatever
      // the staff had marked; the seat is free again (a reversed payment holds none).
      await ctx.db.updateTable('courses.enrolments').set({ enrollment_status: 'WITHDRAWN' }).where('reference', '=', e.reference).execute();
      return;
    }
    if (!firstApproval) return;
    await ctx.mailer.send(courseReceiptMail(ctx, e, payment));
  },
};

/** Course payments: the provider's notifications and the result pages' status check. */
export const paymentRoutes: FastifyPluginAsync<ApiContext> = payableRoutes(coursePayables);
