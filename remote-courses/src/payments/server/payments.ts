import type { FastifyPluginAsync } from 'fastify';
import { courseBySlug } from '../../../manifest/catalogue';
import type { CoursePaymentStatusResponse } from '../schemas';
import type { PaymentStatusResponse } from 'shared/payments/schemas';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { paymentStatusLabel, paymentTypeLabel } from 'shared/payments/ledger';
import { cohortTexts } from '../../cohorts/schemas';
import type { ApiContext } from 'shared/server/api-contract';
import { renderMail } from 'shared/server/mail-template';
import type { Database } from 'shared/server/database';
import type { OutgoingMail } from 'shared/server/mailer';
import type { Selectable } from 'kysely';
import { isReversal } from 'shared/server/payments/reversals';
import type { ProviderPayment } from 'shared/server/payments/provider';
import { domainPayable, paymentRoutes as payableRoutes, type PaymentRoutesOptions } from 'shared/server/payments/routes';
import { enrolmentPayable } from '../../../manifest/payables';
import { coursePaymentsOperations } from '../operations';
import { creditNoteReason, enqueueCreditNote, invoicingOf, issueForReceipt, type ReceiptInvoice } from '../../invoicing/server/outbox';
import { invoiceDetails } from '../../invoicing/server/mails';
import { admitCoursePayment, lapsedPendingSeats, lockSeatOf, releasePendingSeat, type ReleasedSeat } from '../../cohorts/server/seats';

/** What the result pages' status check tells the paying browser of its enrolment. */
type CourseReceipt = Omit<CoursePaymentStatusResponse, keyof PaymentStatusResponse>;

/** The enrolment's receipt: sent once at its first approval, and again when the team asks (../../enrolments/server/ledger.ts). */
export function courseReceiptMail(
  ctx: Pick<ApiContext, 'settings'>,
  e: Pick<
    Selectable<Database['courses.enrolments']>,
    'email' | 'course_title' | 'module_name' | 'cohort_start_date' | 'price' | 'user_sub'
  > &
    // An enrolment the team entered (#31, ../../enrolments/server/manual.ts): a scholarship says so instead of a payment.
    Partial<Pick<Selectable<Database['courses.enrolments']>, 'manual_kind'>>,
  payment: { id: string; status: string; payment_type_id?: string | null },
  /** The sale's electronic invoice (#30): issued in time (with its link), or following in its own e-mail. */
  invoice: ReceiptInvoice | null = null,
): OutgoingMail {
  const origin = ctx.settings.publicOrigin;
  // Paid without an account: the account is opened only from the paying browser (its claim secret) or by signing up
  // with this address, which verifies it with a code. Either way Mis Cursos then shows this course.
  const tied = e.user_sub !== null;
  const scholarship = e.manual_kind === 'scholarship';
  const manual = e.manual_kind != null;
  return renderMail({
    to: e.email,
    subject: 'Tu inscripción está confirmada',
    // No submitted text reaches an address nobody verified (the name could be a lure): fixed text and our own data.
    greeting: 'Hola:',
    paragraphs: [
      scholarship
        ? `Te inscribimos con una beca de la fundación y tu cupo en ${e.course_title} está reservado.`
        : `Recibimos tu pago y tu cupo en ${e.course_title} está reservado.`,
      'Te enviaremos las instrucciones de acceso 24 horas antes del inicio de clases.',
      ...(invoice === 'follows'
        ? ['Tu factura electrónica te llegará en otro correo en cuanto la DIAN la valide.']
        : invoice
          ? ['Tu factura electrónica, validada por la DIAN, está en el enlace de abajo y en Mis Cursos.']
          : []),
      ...(tied
        ? []
        : [
            manual
              ? 'Para ver tu curso en Mis Cursos, ingresa con tu cuenta de este correo o, si no la tienes, regístrate con este mismo correo.'
              : 'Para ver tu curso en Mis Cursos, ingresa con la cuenta que creaste al terminar el pago o, si no la tienes, regístrate con este mismo correo.',
          ]),
    ],
    details: [
      ['Curso', e.course_title],
      ['Módulo', e.module_name],
      ['Inicio de clases', e.cohort_start_date ? formatLongDate(e.cohort_start_date) : cohortTexts.noCohort],
      ...(scholarship
        ? ([['Inscripción', 'Beca']] as Array<[string, string]>)
        : ([
            ['Valor', formatCOP(e.price)],
            ['Pago', payment.id],
            // Readable, never the provider's code (#31).
            ...(payment.payment_type_id ? ([['Medio de pago', paymentTypeLabel(payment.payment_type_id)]] as Array<[string, string]>) : []),
            ['Estado', paymentStatusLabel(payment.status)],
          ] as Array<[string, string]>)),
      ...(invoice && invoice !== 'follows' ? invoiceDetails(invoice.row, invoice.url) : []),
    ],
    action: tied
      ? { label: 'Ver Mis Cursos', url: `${origin}/mis-cursos`, public: true }
      : { label: 'Crear mi cuenta', url: `${origin}/register?email=${encodeURIComponent(e.email)}`, public: true },
  });
}

/**
 * The buyer's word that the seat their pending payment (PSE, Efecty) held was released: the payment did not arrive by
 * its deadline. Fixed text and our own data only (the address was never verified), and the way to enrol again.
 */
export function seatReleasedMail(ctx: Pick<ApiContext, 'settings'>, seat: ReleasedSeat): OutgoingMail {
  const course = courseBySlug(seat.course_name);
  return renderMail({
    to: seat.email,
    subject: 'Tu reserva de cupo terminó',
    greeting: 'Hola:',
    paragraphs: [
      `Te apartamos un cupo en ${seat.course_title} mientras esperábamos tu pago, pero el pago no llegó antes de su fecha límite. La reserva terminó y el cupo quedó libre para otra persona.`,
      'Si ya pagaste, no tienes que hacer nada: cuando la pasarela de pagos nos confirme tu pago te inscribiremos si aún hay cupo y, si no lo hay, nuestro equipo te escribirá a este correo.',
      'Para inscribirte de nuevo, llena otra vez el formulario de inscripción del curso y completa el pago: mientras pagas, el cupo vuelve a quedar apartado para ti.',
    ],
    details: [
      ['Curso', seat.course_title],
      ['Módulo', seat.module_name],
      ['Inscripción', seat.reference],
      ...(seat.payment_id ? ([['Pago', seat.payment_id]] as Array<[string, string]>) : []),
      ['Fecha límite del pago', formatColombianDateTime(seat.deadline)],
    ],
    action: { label: 'Inscribirme de nuevo', url: `${ctx.settings.publicOrigin}${course?.subscriptionUrl ?? '/'}` },
  });
}

/**
 * The payer's word that their payment arrived after their seat was released and the cohort had none left: the money is
 * kept on record and the team will write (a seat in another cohort, or the money back).
 */
function paidWithoutSeatMail(
  e: Pick<Selectable<Database['courses.enrolments']>, 'email' | 'course_title' | 'module_name' | 'reference'>,
  payment: ProviderPayment,
): OutgoingMail {
  return renderMail({
    to: e.email,
    subject: 'Recibimos tu pago: nuestro equipo lo revisará',
    greeting: 'Hola:',
    paragraphs: [
      `Recibimos tu pago por ${e.course_title}, pero llegó cuando la reserva de tu cupo ya había terminado y la cohorte no tiene cupos libres.`,
      'Tu pago quedó registrado. Nuestro equipo lo revisará y te escribirá a este correo para ofrecerte un cupo en otra cohorte o devolverte el dinero; no tienes que hacer nada más.',
    ],
    details: [
      ['Curso', e.course_title],
      ['Módulo', e.module_name],
      ['Inscripción', e.reference],
      ['Valor', formatCOP(payment.transaction_amount)],
      ['Pago', payment.id],
    ],
  });
}

/** Releases the lapsed seats reconciliation just asked the provider about (still unpaid), telling each buyer once. */
async function releaseLapsedSeats(ctx: ApiContext, references: string[], now: Date): Promise<number> {
  let released = 0;
  for (const reference of references) {
    const seat = await releasePendingSeat(ctx.db, reference, now, true);
    if (!seat) continue;
    released += 1;
    await ctx.mailer.send(seatReleasedMail(ctx, seat));
  }
  return released;
}

/**
 * How course payments are applied: enrolment and receipt once approved, the course withdrawn when the payment is
 * refunded or charged back. The same for a notification, a status check and reconciliation. Seats: a pending payment
 * keeps its seat until its own deadline, an approval needs the seat (or a free one), and a seat a pending payment held
 * is released, with a word to the buyer, when the payment expires or its deadline passes (../../cohorts/server/seats.ts).
 */
export const coursePayables: PaymentRoutesOptions<'courses.enrolments', CourseReceipt> = {
  payable: enrolmentPayable,
  reversal: { concept: 'Inscripción a un curso', note: 'El curso ya no aparece en Mis Cursos de esa persona.' },
  table: 'courses.enrolments',
  amountOf: (enrolment) => enrolment.price,
  notificationsTable: 'courses.payment_notifications',
  discrepanciesTable: 'courses.payment_discrepancies',
  eventsTable: 'courses.payment_events',
  // The result pages' receipt: the course and module as the enrolment was priced, and the way back to its page.
  statusOperation: coursePaymentsOperations.paymentStatus,
  receipt: (e) => ({
    concept: 'course' as const,
    course_title: e.course_title,
    module_name: e.module_name,
    course_url: courseBySlug(e.course_name)?.url ?? '/',
    // The cohort's start date (null for enrolments from before cohorts: the page then promises an announcement).
    start_date: e.cohort_start_date,
  }),
  admit: { lock: lockSeatOf, check: admitCoursePayment },
  async afterRefusal(ctx, e, payment) {
    await ctx.mailer.send(paidWithoutSeatMail(e, payment));
  },
  lapsed: {
    due: lapsedPendingSeats,
    release: (ctx, references, now) => releaseLapsedSeats(ctx, references, now),
  },
  async afterApply(ctx, e, payment, firstApproval) {
    // The provider ended an unpaid ticket or transfer at its deadline: its seat is free again; the buyer hears it once.
    if (payment.status === 'cancelled' && payment.status_detail === 'expired') {
      const seat = await releasePendingSeat(ctx.db, e.reference, new Date(), false);
      if (seat) await ctx.mailer.send(seatReleasedMail(ctx, seat));
    }
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
      // Its invoice gets its credit note (#30), once, whether the invoice is issued yet or not.
      const registered = invoicingOf(ctx.db);
      if (registered) {
        await enqueueCreditNote(ctx.db, e.reference, creditNoteReason(payment.status));
        registered.invoicing.nudge?.();
      }
      return;
    }
    if (!firstApproval) return;
    // The sale's invoice (#30), issued now if the provider answers within a few seconds, so the receipt carries it;
    // otherwise it follows in its own e-mail (the outbox keeps the sale whatever happens here).
    const registered = invoicingOf(ctx.db);
    let invoice: ReceiptInvoice | null = null;
    if (registered) {
      invoice = 'follows';
      try {
        invoice = (await issueForReceipt(ctx, registered.invoicing, e.reference, registered.invoicing.receiptWaitMs)) ?? 'follows';
      } catch (err) {
        registered.invoicing.log?.('invoice not issued for the receipt', { reference: e.reference, error: String(err) });
      }
      registered.invoicing.nudge?.();
    }
    await ctx.mailer.send(courseReceiptMail(ctx, e, payment, invoice));
  },
};

/** Course payments: the provider's notifications and the result pages' status check. */
export const paymentRoutes: FastifyPluginAsync<ApiContext> = payableRoutes(domainPayable(coursePayables));
