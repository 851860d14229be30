import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Selectable } from 'kysely';
import { formatCOP } from 'shared/format/money';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import { scheduleRecurring } from 'shared/server/jobs';
import type { StaffRole } from 'shared/staff-roles';
import type { Database, SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { renderMail } from 'shared/server/mail-template';
import type { OutgoingMail } from 'shared/server/mailer';
import { route } from 'shared/server/operation-routes';
import { ledgerConflict, isoOf } from 'shared/server/payments/ledger';
import { PaymentProviderError } from 'shared/server/payments/provider';
import { payableApplier } from 'shared/server/payments/routes';
import { pathParam, registerStaffRoutes, staffOf, staffRead } from 'shared/server/staff-guard';
import { ledgerTexts } from '../../enrolments/schemas';
import { coursePayables } from '../../payments/server/payments';
import { refundStaffOperations as ops } from '../operations';
import { refundTexts, type RefundSummary } from '../schemas';

/**
 * Refunds from the panel (#31). The order matters: the claim (a `requested` row under the request's idempotency key,
 * checked against what is left while the enrolment's row is locked), then the provider (with the same key, so its own
 * retries and ours refund once), then the row `done` with its audit row, then — when nothing is left — the provider's
 * refunded payment applied exactly as its notification would be (withdrawn, seat free, credit note queued, the team
 * told), and the student's e-mail.
 */

type Enrolment = Selectable<Database['courses.enrolments']>;

const notFound = () => new ApiError(404, 'not_found', ledgerTexts.notFound);

/** Every refund of the enrolment (claims in progress included) and what is left of its payment. */
async function summaryOf(db: SiteDb, e: Pick<Enrolment, 'reference' | 'price' | 'payment_status'>): Promise<RefundSummary> {
  const rows = await db.selectFrom('courses.refunds').selectAll().where('enrolment_reference', '=', e.reference).orderBy('id').execute();
  const refunded = rows.reduce((sum, r) => sum + r.amount, 0);
  const open = e.payment_status === 'approved';
  return {
    paid: e.price,
    refunded,
    refundable: open ? Math.max(e.price - refunded, 0) : 0,
    refunds: rows
      .filter((r) => r.state === 'done')
      .map((r) => ({
        amount: r.amount,
        reason: r.reason,
        by: r.requested_by,
        at: isoOf(r.done_at ?? r.requested_at) ?? '',
        refundId: r.provider_refund_id ?? '',
      })),
  };
}

/** The student's word: which course, how much, that the bank takes its time, and whom to ask. Fixed text and our data. */
export function refundMail(
  ctx: Pick<ApiContext, 'settings'>,
  e: Pick<Enrolment, 'email' | 'course_title' | 'module_name' | 'reference'>,
  amount: number,
  full: boolean,
): OutgoingMail {
  return renderMail({
    to: e.email,
    subject: 'Te devolvimos el dinero de tu curso',
    greeting: 'Hola:',
    paragraphs: [
      full
        ? `Reembolsamos el pago de tu inscripción a ${e.course_title}. La inscripción quedó cancelada y en Mis Cursos la verás como reembolsada.`
        : `Reembolsamos una parte del pago de tu inscripción a ${e.course_title}. Tu inscripción sigue activa.`,
      'El dinero vuelve al mismo medio con el que pagaste. Según tu banco o la entidad de tu tarjeta, puede tardar algunos días hábiles en verse en tu cuenta o extracto.',
      'Si tienes alguna pregunta, escríbenos al correo o al teléfono de la fundación que aparecen al final de este mensaje y con gusto te ayudamos.',
    ],
    details: [
      ['Curso', e.course_title],
      ['Módulo', e.module_name],
      ['Inscripción', e.reference],
      ['Valor reembolsado', formatCOP(amount)],
    ],
    action: { label: 'Ver Mis Cursos', url: `${ctx.settings.publicOrigin}/mis-cursos`, public: true },
  });
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
type ApplyReport = ReturnType<typeof payableApplier>;

/** A claimed refund, as the route or the settling job carries it to the provider. */
interface Claim {
  id: number;
  paymentId: string;
  amount: number;
  full: boolean;
  key: string;
  reason: string;
  enrolment: Enrolment;
}

/**
 * Steps 2 to 5 of a claim: the provider with the claim's key, then the row `done` with its audit row, the refunded
 * payment applied when nothing is left, and the student's e-mail. Refused: the claim goes, nothing was refunded. No
 * clear answer (a timeout, the provider's own failure): the claim stays and keeps its amount out of what is left,
 * since the provider may have refunded; the same key, asked again (the dialog's retry or the settling job), gets the
 * refund it made instead of a second.
 */
async function settleClaim(
  ctx: ApiContext,
  applyReport: ApplyReport,
  log: Log,
  claim: Claim,
  actor: { sub: string; email: string; roles?: readonly StaffRole[] },
  detail: Record<string, unknown> = {},
): Promise<'done' | 'refused' | 'unanswered' | 'other_payment'> {
  const reference = claim.enrolment.reference;
  let refund;
  try {
    refund = await ctx.payments.refund(claim.paymentId, claim.full ? undefined : claim.amount, claim.key);
  } catch (err) {
    const status = err instanceof PaymentProviderError ? err.providerStatus : undefined;
    log.warn({ reference, status, err: String(err) }, 'refund not confirmed by the provider');
    if (status !== undefined && status >= 400 && status < 500) {
      // The provider said no: the claim goes (its money is refundable again), and the panel's history says who asked,
      // how much, and the provider's answer — by the member at once, or by the settling job in the member's name.
      await ctx.db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('courses.refunds').where('id', '=', claim.id).where('state', '=', 'requested').executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) return;
        await recordAudit(trx, actor, {
          action: 'courses.enrolment.refund.refused',
          entity: 'enrolment',
          entityId: reference,
          detail: {
            monto: claim.amount,
            total: claim.full,
            motivo: claim.reason,
            pago: claim.paymentId,
            estado_proveedor: status,
            ...detail,
          },
        });
      });
      return 'refused';
    }
    return 'unanswered';
  }
  // The answer is this payment's refund (a key the provider knew from elsewhere would answer another's).
  if (refund.paymentId !== claim.paymentId) {
    log.error({ reference, answered: refund.paymentId }, 'refund answered for another payment');
    return 'other_payment';
  }

  // Recorded and audited together, by the one caller that completes the claim (two retries of one key may both reach
  // here with the provider's one refund).
  const completed = await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('courses.refunds')
      .set({ state: 'done', provider_refund_id: refund.id, amount: refund.amount, done_at: new Date() })
      .where('id', '=', claim.id)
      .where('state', '=', 'requested')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    await recordAudit(trx, actor, {
      action: 'courses.enrolment.refund',
      entity: 'enrolment',
      entityId: reference,
      detail: { monto: refund.amount, total: claim.full, motivo: claim.reason, pago: claim.paymentId, reembolso: refund.id, ...detail },
    });
    return true;
  });

  // Nothing left: the provider's refunded payment, applied as its notification is (the notification, when it comes,
  // repeats it and changes nothing). Should the provider not show it refunded yet, the notification will.
  if (claim.full) {
    try {
      const payment = await ctx.payments.getPayment(claim.paymentId);
      if (payment && payment.status === 'refunded') await applyReport(payment, 'status_check', log as FastifyBaseLogger);
    } catch (err) {
      log.warn({ reference, err: String(err) }, 'refunded payment not read back; its notification will apply it');
    }
  }

  // The student hears it once, in the e-mail's own outbox.
  if (completed) await ctx.mailer.send(refundMail(ctx, claim.enrolment, refund.amount, claim.full));
  return 'done';
}

export const REFUND_SETTLE_JOB = 'courses.refund.settle';
/** A claim this old with no answer is asked about again (the dialog's own retry comes sooner, when the member is there). */
export const REFUND_SETTLE_AFTER_MS = 10 * 60_000;

/**
 * Claims whose provider call ended without a clear answer, and that nobody retried, are settled by asking the provider
 * again with their own key (every 15 minutes, one run per slot across instances): the refund the team confirmed is
 * made or found once, recorded, audited in the name of the member who asked, and told to the student; a refusal frees
 * the amount. Answers how many claims ended each way.
 */
export async function settleUnansweredRefunds(ctx: ApiContext, log: Log, now: Date = new Date()) {
  const applyReport = payableApplier(ctx, coursePayables);
  const stale = await ctx.db
    .selectFrom('courses.refunds')
    .selectAll()
    .where('state', '=', 'requested')
    .where('requested_at', '<', new Date(now.getTime() - REFUND_SETTLE_AFTER_MS))
    .orderBy('id')
    .execute();
  const outcomes = { done: 0, refused: 0, unanswered: 0, other_payment: 0 };
  for (const r of stale) {
    const e = await ctx.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', r.enrolment_reference).executeTakeFirst();
    if (!e) continue;
    const { refunded } = await summaryOf(ctx.db, e);
    const claim = {
      id: r.id,
      paymentId: r.payment_id,
      amount: r.amount,
      full: r.amount === e.price - (refunded - r.amount),
      key: r.idempotency_key,
      reason: r.reason,
      enrolment: e,
    };
    const actor = { sub: `job:${REFUND_SETTLE_JOB}`, email: r.requested_by };
    outcomes[await settleClaim(ctx, applyReport, log, claim, actor, { completado: 'revisión automática del reembolso' })] += 1;
  }
  return outcomes;
}

/** Starts the settling schedule; call the answer from the plugin's onClose. */
export function scheduleRefundSettling(ctx: ApiContext, log: Log): () => void {
  return scheduleRecurring(
    ctx.db,
    { name: REFUND_SETTLE_JOB, everyMs: 15 * 60_000, run: () => settleUnansweredRefunds(ctx, log) },
    { onError: (err) => log.warn({ job: REFUND_SETTLE_JOB, err: String(err) }, 'refund settling failed') },
  );
}

export const refundStaffRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  const applyReport = payableApplier(ctx, coursePayables);

  await registerStaffRoutes(app, ctx, { roles: ['finanzas'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    route(
      staff,
      ops.enrolmentRefunds,
      async (request) => {
        const e = await ctx.db
          .selectFrom('courses.enrolments')
          .select(['reference', 'price', 'payment_status'])
          .where('reference', '=', request.params.reference)
          .executeTakeFirst();
        if (!e) throw notFound();
        return summaryOf(ctx.db, e);
      },
      { config: staffRead({ action: 'courses.enrolment.refunds.read', entity: 'enrolment', id: pathParam('reference') }) },
    );

    route(staff, ops.refundEnrolment, async (request) => {
      const { reference } = request.params;
      const { monto, motivo, clave } = request.body;
      const who = staffOf(request);

      // 1. The claim: one per key; what is left counted with the enrolment's row locked (two tabs cannot both pass).
      const claim = await ctx.db.transaction().execute(async (trx) => {
        const e = await trx.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).forUpdate().executeTakeFirst();
        if (!e) throw notFound();
        const earlier = await trx.selectFrom('courses.refunds').selectAll().where('idempotency_key', '=', clave).executeTakeFirst();
        if (earlier) {
          if (earlier.enrolment_reference !== reference) throw ledgerConflict(refundTexts.keyReused);
          // A double click or a retried request: the refund it asked for, once.
          if (earlier.state === 'done') return { repeat: true as const, enrolment: e };
          // A claim whose provider call ended without a clear answer (a timeout: the provider may have refunded): the
          // same key asks the provider again, which answers the refund it made, if any, instead of a second one.
          const { refunded } = await summaryOf(trx, e);
          const others = refunded - earlier.amount;
          return {
            repeat: false as const,
            enrolment: e,
            id: earlier.id,
            paymentId: earlier.payment_id,
            amount: earlier.amount,
            full: earlier.amount === e.price - others,
          };
        }
        if (e.payment_status !== 'approved' || !e.payment_id) throw ledgerConflict(refundTexts.notRefundable);
        const { refunded } = await summaryOf(trx, e);
        const left = e.price - refunded;
        if (left <= 0) throw ledgerConflict(refundTexts.nothingLeft);
        if (monto > left)
          throw new ApiError(400, 'validation_error', refundTexts.amountTooHigh(left), { monto: refundTexts.amountTooHigh(left) });
        const row = await trx
          .insertInto('courses.refunds')
          .values({
            enrolment_reference: reference,
            payment_id: e.payment_id,
            idempotency_key: clave,
            amount: monto,
            reason: motivo,
            requested_by: who.email,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { repeat: false as const, enrolment: e, id: row.id, paymentId: e.payment_id, amount: monto, full: monto === left };
      });
      if (claim.repeat) return summaryOf(ctx.db, claim.enrolment);

      const outcome = await settleClaim(ctx, applyReport, request.log, { ...claim, key: clave, reason: motivo }, who);
      if (outcome === 'refused') throw ledgerConflict(refundTexts.providerRefused);
      if (outcome === 'unanswered') throw new ApiError(502, 'provider_unavailable', refundTexts.providerDown);
      if (outcome === 'other_payment') throw ledgerConflict(refundTexts.keyReused);

      const now = await ctx.db
        .selectFrom('courses.enrolments')
        .select(['reference', 'price', 'payment_status'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      return summaryOf(ctx.db, now);
    });
  });
};
