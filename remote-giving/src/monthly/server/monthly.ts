import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { currentPrivacyPolicy } from 'shared/legal/privacy-policy';
import { site } from 'shared/foundation/site';
import { formatCOP } from 'shared/format/money';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWebhook, publicWrite } from 'shared/server/api-module';
import { recordConsent } from 'shared/server/consents';
import type { Database } from 'shared/server/database';
import { rejectHoneypot } from 'shared/server/form-guards';
import { ApiError } from 'shared/server/http';
import { renderMail, SECRET } from 'shared/server/mail-template';
import { route } from 'shared/server/operation-routes';
import { rememberNotification, wasNotificationProcessed } from 'shared/server/payments/apply';
import { PaymentProviderError, type ProviderPayment } from 'shared/server/payments/provider';
import { isReversal } from 'shared/server/payments/reversals';
import { payableApplier, signedNotification, type PayableOptions } from 'shared/server/payments/routes';
import {
  subscriptionAmountBounds,
  type AuthorizedPayment,
  type Subscription,
  type SubscriptionChange,
} from 'shared/server/payments/subscriptions';
import { monthlyConsent } from '../../../manifest/consent';
import type { MonthlyStatus } from '../../../server/tables';
import { voidCertificatesOf } from '../../certificates/server/issuing';
import { donationPayables, refuseOverHourlyLimit, sendDonationReceipt } from '../../donation/server/contributions';
import { donationBoundsNow } from '../../donation/server/donation-bounds';
import { outOfBoundsMessage, resolveDonationAmount, type DonationBounds } from '../../donation/schemas';
import { monthlyOperations } from '../operations';
import type { ManageResponse } from '../manage-schemas';
import { monthlyTexts } from '../schemas';

export type SubscriptionRow = Selectable<Database['giving.subscriptions']>;
type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

/** Monthly gifts started per e-mail and hour before a card-testing pause (as the one-time donation's limit). */
const PER_EMAIL_PER_HOUR = 3;

/** Where the donor lands after authorizing (the provider appends `?preapproval_id=`). */
export const MONTHLY_RESULT_PATH = '/contribuciones/mensual/resultado';
/** The donor's manage page; its API is GET /api/giving/monthly/manage/:token. */
export const MONTHLY_MANAGE_PATH = '/contribuciones/mensual/gestionar';

export const monthlyTitle = () => `Donación mensual a ${site.name}`;

/** Published donation bounds within what the provider charges a subscription (COP 1.600 – 30.000.000). */
export function monthlyBoundsNow(ctx: ApiContext): DonationBounds {
  const bounds = donationBoundsNow(ctx.settings.donationBounds);
  return {
    min: Math.max(bounds.min, subscriptionAmountBounds.min),
    max: Math.min(bounds.max, subscriptionAmountBounds.max),
  };
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new manage-link token: 32 random bytes, base64url; only its digest is stored. */
function newManageToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: digest(token) };
}

const knownStatuses: readonly string[] = ['pending', 'authorized', 'paused', 'cancelled'];
const asStatus = (status: string, fallback: MonthlyStatus): MonthlyStatus =>
  knownStatuses.includes(status) ? (status as MonthlyStatus) : fallback;

export const bogotaDate = (iso: string | Date) =>
  new Date(iso).toLocaleDateString('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Mirrors the provider's current state of a subscription on its row: status, amount, next charge. A read older than the
 * one already mirrored (two deliveries racing) changes nothing; cancelled is final here as at the provider.
 */
async function mirrorSubscription(
  ctx: ApiContext,
  row: SubscriptionRow,
  sub: Subscription,
  cancelReason: string,
): Promise<SubscriptionRow> {
  const modified = sub.last_modified ? new Date(sub.last_modified) : new Date();
  const status = asStatus(sub.status, row.status);
  const updated = await ctx.db
    .updateTable('giving.subscriptions')
    .set({
      preapproval_id: sub.id,
      status: sql<MonthlyStatus>`case when status = 'cancelled' then status else ${status} end`,
      amount: Number.isSafeInteger(sub.auto_recurring.transaction_amount) ? sub.auto_recurring.transaction_amount : row.amount,
      next_payment_date: status === 'authorized' && sub.next_payment_date ? new Date(sub.next_payment_date) : null,
      provider_modified_at: modified,
      cancelled_at: status === 'cancelled' ? sql<Date>`coalesce(cancelled_at, now())` : null,
      cancel_reason: status === 'cancelled' ? sql<string>`coalesce(cancel_reason, ${cancelReason})` : null,
      // The staff's monthly figures (monthly-staff.ts): first authorized, and since when paused (a cancelled gift keeps both).
      authorized_at: status === 'authorized' ? sql<Date>`coalesce(authorized_at, now())` : sql<Date | null>`authorized_at`,
      // Paused until cancelled stays paused since then (not active in between); resumed is not paused any more.
      paused_at:
        status === 'paused'
          ? sql<Date>`coalesce(paused_at, now())`
          : status === 'cancelled'
            ? sql<Date | null>`paused_at`
            : sql<Date | null>`case when status = 'cancelled' then paused_at else null end`,
      payment_method_id: sub.payment_method_id ?? sql<string | null>`payment_method_id`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('provider_modified_at', 'is', null), eb('provider_modified_at', '<=', modified)]))
    .returningAll()
    .executeTakeFirst();
  return updated ?? (await ctx.db.selectFrom('giving.subscriptions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
}

/** The manage link for a new token, stored as the subscription's only working one (the latest e-mail's link works). */
export async function issueManageLink(ctx: Pick<ApiContext, 'db' | 'settings'>, row: SubscriptionRow): Promise<string> {
  const { token, hash } = newManageToken();
  await ctx.db.updateTable('giving.subscriptions').set({ manage_token_hash: hash }).where('id', '=', row.id).execute();
  return `${ctx.settings.publicOrigin}${MONTHLY_MANAGE_PATH}/${token}`;
}

export const manageParagraph =
  'Desde el enlace personal de este correo puedes cambiar el valor, pausar, reanudar o cancelar tu donación mensual, y ver sus cobros, sin crear una cuenta. No lo reenvíes: quien lo tenga puede gestionar tu donación. Cada correo nuevo trae un enlace nuevo y el anterior deja de funcionar.';

/** A charge of a monthly gift applied like a one-time donation's payment, with the monthly receipt. */
function chargePayables(subscription: SubscriptionRow): PayableOptions<'giving.contributions'> {
  return {
    ...donationPayables,
    async afterApply(c, d, payment, firstApproval) {
      if (isReversal(payment.status)) {
        await voidCertificatesOf(c.db, d.reference);
        return;
      }
      if (!firstApproval) return;
      // The first receipt of the gift is also its welcome: claimed once, however the notifications race.
      const welcome = await c.db
        .updateTable('giving.subscriptions')
        .set({ welcome_sent_at: sql<Date>`now()` })
        .where('id', '=', subscription.id)
        .where('welcome_sent_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      const link = await issueManageLink(c, subscription);
      await sendDonationReceipt(c, d, payment, {
        subject: welcome ? 'Tu donación mensual quedó activa' : 'Gracias por tu donación de este mes',
        lead: [
          welcome
            ? `Recibimos el primer cobro de tu donación mensual de ${formatCOP(d.donation_amount)}. Mercado Pago lo cobrará a tu tarjeta cada mes hasta que la pauses o la canceles.`
            : `Recibimos el cobro de este mes de tu donación mensual.`,
          manageParagraph,
        ],
        details: [['Gestionar tu donación mensual', link, SECRET]],
      });
    },
  };
}

/** The subscription a preapproval (or its external reference) belongs to. */
async function findSubscription(ctx: ApiContext, preapprovalId: string, reference: string | null) {
  const byId = await ctx.db.selectFrom('giving.subscriptions').selectAll().where('preapproval_id', '=', preapprovalId).executeTakeFirst();
  if (byId || !reference) return byId;
  return ctx.db
    .selectFrom('giving.subscriptions')
    .selectAll()
    .where('reference', '=', reference)
    .where('preapproval_id', 'is', null)
    .executeTakeFirst();
}

/** Reads the preapproval from the provider and mirrors it (a notification's body is never trusted). */
async function syncPreapproval(ctx: ApiContext, id: string): Promise<SubscriptionRow | null> {
  const sub = await ctx.subscriptions.getSubscription(id);
  if (!sub) return null;
  const row = await findSubscription(ctx, sub.id, sub.external_reference);
  if (!row) return null;
  const mirrored = await mirrorSubscription(ctx, row, sub, 'proveedor');
  if (mirrored.status === 'cancelled' && mirrored.cancel_reason === 'proveedor') await noticeProviderCancel(ctx, mirrored);
  return mirrored;
}

/** The donor is told once when the provider cancelled the gift (three rejected monthly charges, or from Mercado Pago). */
async function noticeProviderCancel(ctx: ApiContext, row: SubscriptionRow) {
  const first = await ctx.db
    .insertInto('giving.subscription_notices')
    .values({ payment_id: `cancel:${row.reference}`, subscription_reference: row.reference, kind: 'cancelled' })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  if (!first) return;
  await ctx.mailer.send(
    renderMail({
      to: row.email,
      subject: 'Tu donación mensual se canceló',
      greeting: 'Hola:',
      paragraphs: [
        `Mercado Pago canceló tu donación mensual de ${formatCOP(row.amount)}${row.failing ? ' porque tu banco rechazó varios cobros seguidos' : ''}: no habrá más cobros a tu tarjeta. Los cobros ya hechos siguen siendo donaciones y cuentan en tu certificado anual.`,
        'Si quieres seguir donando cada mes, empieza una nueva donación mensual en nuestra página de contribuciones, con una tarjeta vigente y con cupo.',
      ],
      details: [['Donación mensual', row.reference]],
    }),
  );
}

/**
 * A `subscription_preapproval` notification: the subscription mirrored, and any approved cycle whose own notification
 * never came recorded now (the provider's list of cycles is the source, as reconciliation is for one-time payments).
 */
async function syncPreapprovalAndCycles(ctx: ApiContext, id: string, log: WarnLog): Promise<boolean> {
  const row = await syncPreapproval(ctx, id);
  if (!row?.preapproval_id) return false;
  const cycles = await ctx.subscriptions.searchAuthorizedPayments(row.preapproval_id);
  const known = new Set(
    (
      await ctx.db
        .selectFrom('giving.contributions')
        .select('authorized_payment_id')
        .where('subscription_reference', '=', row.reference)
        .execute()
    ).map((c) => c.authorized_payment_id),
  );
  for (const ap of cycles) {
    if (known.has(ap.id) || ap.payment?.status !== 'approved') continue;
    const payment = await ctx.payments.getPayment(ap.payment.id);
    if (payment) await applyCharge(ctx, row, ap, payment, log);
  }
  await markLatestCharge(ctx, row);
  return true;
}

/**
 * The daily catch-up (#29): every live gift (and one started in the last two days) is read again from the provider with its cycles, so a month
 * whose notifications never came (a webhook misconfigured, an outage longer than the provider's retries) is recorded the
 * next day even when no later notification comes. A gift the provider does not answer for is left for the next day.
 */
export async function catchUpMonthlyGifts(ctx: ApiContext, log: WarnLog): Promise<{ checked: number; failed: number }> {
  const live = await ctx.db
    .selectFrom('giving.subscriptions')
    .select(['preapproval_id', 'reference'])
    .where('preapproval_id', 'is not', null)
    // Live gifts, and those started in the last two days that may have been authorized unseen: a gift nobody
    // authorized is not read every day for ever (anyone can start one; retention deletes them later).
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['authorized', 'paused']),
        eb.and([eb('status', '=', 'pending'), eb('created_at', '>', sql<Date>`now() - interval '2 days'`)]),
      ]),
    )
    .orderBy('id')
    .execute();
  let failed = 0;
  for (const gift of live) {
    try {
      await syncPreapprovalAndCycles(ctx, gift.preapproval_id as string, log);
    } catch (err) {
      // One gift's trouble (the provider, or its data) never stops the others'.
      failed += 1;
      log.warn({ reference: gift.reference, err: String(err) }, 'monthly gift: catch-up left for tomorrow');
    }
  }
  return { checked: live.length, failed };
}

/**
 * One cycle's charge as the provider reports it now: an approved (or later reversed) payment becomes the cycle's one
 * donation in giving.contributions, applied by the payments kit; a rejected attempt sends the donor one notice.
 */
async function syncAuthorizedPayment(ctx: ApiContext, id: string, log: WarnLog): Promise<{ applied: boolean }> {
  const ap = await ctx.subscriptions.getAuthorizedPayment(id);
  if (!ap) return { applied: false };
  let row = await syncPreapproval(ctx, ap.preapproval_id);
  if (!row) return { applied: false };
  row = await markLatestCharge(ctx, row);
  if (!ap.payment) return { applied: false };
  const payment = await ctx.payments.getPayment(ap.payment.id);
  if (!payment) return { applied: false };
  return applyCharge(ctx, row, ap, payment, log);
}

/** Whether the subscription's latest cycle is failing, from the provider's list (late reports of old cycles cannot flip it). */
async function markLatestCharge(ctx: ApiContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  if (!row.preapproval_id) return row;
  const cycles = await ctx.subscriptions.searchAuthorizedPayments(row.preapproval_id);
  const latest = cycles.at(-1)?.payment;
  if (!latest) return row;
  return ctx.db
    .updateTable('giving.subscriptions')
    .set({ failing: latest.status === 'rejected', last_charge_status: latest.status })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function applyCharge(
  ctx: ApiContext,
  row: SubscriptionRow,
  ap: AuthorizedPayment,
  payment: ProviderPayment,
  log: WarnLog,
): Promise<{ applied: boolean }> {
  if (payment.status === 'rejected') {
    // Told late, when a retry of the same charge already passed: nothing to tell any more.
    if (ap.payment?.status === 'approved') return { applied: false };
    await noticeRejected(ctx, row, ap.transaction_amount, payment.id, ap.next_retry_date, `cycle:${ap.id}`);
    return { applied: false };
  }
  let charge = await ctx.db
    .selectFrom('giving.contributions')
    .select('reference')
    .where('authorized_payment_id', '=', ap.id)
    .executeTakeFirst();
  // A cycle becomes a donation once one of its payments is approved (a pending or rejected attempt is not money yet).
  if (!charge && payment.status !== 'approved') return { applied: false };
  if (!charge) {
    await ctx.db
      .insertInto('giving.contributions')
      .values({
        reference: `DON-${randomBytes(12).toString('base64url')}`,
        contributor_name: row.contributor_name,
        contributor_lastname: row.contributor_lastname,
        id_type: row.id_type,
        id_number: row.id_number,
        email: row.email,
        phone_number: row.phone_number,
        donation_amount: ap.transaction_amount,
        subscription_reference: row.reference,
        authorized_payment_id: ap.id,
      })
      .onConflict((oc) => oc.column('authorized_payment_id').doNothing())
      .execute();
    charge = await ctx.db
      .selectFrom('giving.contributions')
      .select('reference')
      .where('authorized_payment_id', '=', ap.id)
      .executeTakeFirstOrThrow();
  }
  // The provider's payment names the subscription; the kit applies it to this cycle's donation.
  const apply = payableApplier(ctx, chargePayables(row));
  const result = await apply({ ...payment, external_reference: charge.reference }, 'notification', log);
  if (payment.status === 'approved') await noteCard(ctx, row, charge.reference, payment);
  return result;
}

/**
 * The card an approved charge was made to, kept on its gift for the expiry notice (care.ts): unless a later charge of
 * the gift was already approved (a late report of an old cycle never brings back a replaced card).
 */
async function noteCard(ctx: ApiContext, row: SubscriptionRow, chargeReference: string, payment: ProviderPayment) {
  if (!payment.card) return;
  const approved = payment.date_approved ? new Date(payment.date_approved) : new Date();
  const expires = `${payment.card.expiration_year}-${String(payment.card.expiration_month).padStart(2, '0')}`;
  await ctx.db
    .updateTable('giving.subscriptions')
    .set({ card_last_four: payment.card.last_four, card_expires: expires })
    .where('id', '=', row.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('giving.contributions')
            .select('id')
            .where('subscription_reference', '=', row.reference)
            .where('reference', '!=', chargeReference)
            .where('payment_status', '=', 'approved')
            .where('date_approved', '>', approved),
        ),
      ),
    )
    .execute();
}

/**
 * One e-mail per rejected monthly charge (`key`: its cycle, so the provider's retries of it add none), with what to do.
 */
async function noticeRejected(
  ctx: ApiContext,
  row: SubscriptionRow,
  amount: number,
  paymentId: string,
  nextRetry: string | null,
  key: string = paymentId,
) {
  const first = await ctx.db
    .insertInto('giving.subscription_notices')
    .values({ payment_id: key, subscription_reference: row.reference, kind: 'rejected' })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  if (!first) return;
  const link = await issueManageLink(ctx, row);
  const retry = nextRetry ? ` Mercado Pago volverá a intentarlo el ${bogotaDate(nextRetry)}.` : '';
  await ctx.mailer.send(
    renderMail({
      to: row.email,
      subject: 'No pudimos cobrar tu donación mensual',
      greeting: 'Hola:',
      paragraphs: [
        `Tu banco rechazó el cobro de este mes de tu donación mensual de ${formatCOP(amount)}.${retry} Lo reintenta hasta 4 veces en 10 días; si tres cobros mensuales seguidos se rechazan, la donación mensual se cancela.`,
        'Qué puedes hacer: revisa que tu tarjeta esté vigente y tenga cupo, o llama a tu banco para autorizar el cobro de Mercado Pago. Si prefieres usar otra tarjeta, cancela esta donación mensual desde tu enlace personal y empieza una nueva en nuestra página de contribuciones.',
        manageParagraph,
      ],
      details: [
        ['Valor', formatCOP(amount)],
        ['Pago rechazado', paymentId],
        ['Gestionar tu donación mensual', `${link}`, SECRET],
      ],
    }),
  );
}

/**
 * A `payment` notification: a charge already recorded is applied again (a refund or chargeback of it); a rejected
 * attempt of a subscription's charge is told to the donor (its cycle's notification may only show the retry after it).
 */
async function syncChargePayment(ctx: ApiContext, id: string, log: WarnLog): Promise<{ applied: boolean }> {
  const charge = await ctx.db
    .selectFrom('giving.contributions')
    .select(['reference', 'subscription_reference'])
    .where('payment_id', '=', id)
    .where('subscription_reference', 'is not', null)
    .executeTakeFirst();
  const payment = await ctx.payments.getPayment(id);
  if (!payment) return { applied: false };
  const subscriptionReference = charge?.subscription_reference ?? payment.external_reference;
  if (!subscriptionReference) return { applied: false };
  const row = await ctx.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', subscriptionReference).executeTakeFirst();
  if (!row) return { applied: false };
  if (!charge) {
    // An attempt of a cycle not recorded yet: its cycle, from the provider, says what it is (its notification may be late or lost).
    const cycles = row.preapproval_id ? await ctx.subscriptions.searchAuthorizedPayments(row.preapproval_id) : [];
    // A cycle names its latest attempt only: an earlier (rejected) attempt belongs to the last cycle created before it.
    const created = Date.parse(payment.date_created ?? '');
    const cycle =
      cycles.find((ap) => ap.payment?.id === payment.id) ??
      (payment.status === 'rejected' ? cycles.filter((ap) => Date.parse(ap.date_created ?? '') <= created).at(-1) : undefined);
    if (cycle) {
      const result = await applyCharge(ctx, row, cycle, payment, log);
      await markLatestCharge(ctx, row);
      return result;
    }
    if (payment.status === 'rejected') await noticeRejected(ctx, row, payment.transaction_amount, payment.id, null);
    return { applied: false };
  }
  return payableApplier(ctx, chargePayables(row))({ ...payment, external_reference: charge.reference }, 'notification', log);
}

/** A gift as its donor sees it, with its charges newest first: the manage link's page and Mis donaciones. */
export async function manageAnswer(ctx: ApiContext, row: SubscriptionRow): Promise<ManageResponse> {
  const charges = await ctx.db
    .selectFrom('giving.contributions')
    .select(['reference', 'donation_amount', 'payment_status', 'date_approved', 'created_at'])
    .where('subscription_reference', '=', row.reference)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    reference: row.reference,
    amount: row.amount,
    status: row.status,
    next_payment_date: row.next_payment_date?.toISOString() ?? null,
    failing: row.failing,
    created_at: row.created_at.toISOString(),
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    charges: charges.map((c) => ({
      reference: c.reference,
      amount: c.donation_amount,
      status: c.payment_status,
      date: (c.date_approved ?? c.created_at).toISOString(),
    })),
  };
}

/** The subscription a manage token opens; the same 404 for a malformed, unknown or replaced token. */
async function byToken(ctx: ApiContext, token: string): Promise<SubscriptionRow> {
  const row = tokenShape.test(token)
    ? await ctx.db.selectFrom('giving.subscriptions').selectAll().where('manage_token_hash', '=', digest(token)).executeTakeFirst()
    : undefined;
  if (!row || !row.preapproval_id) throw new ApiError(404, 'not_found', monthlyTexts.notFound);
  return row;
}

/** What a refused or failed change says: to the donor (their manage link) or to the team (the panel). */
export interface ChangeMessages {
  cancelled: string;
  refused: string;
  providerDown: string;
}

/**
 * Asks the provider for the change first, then mirrors what it answered: the donor's manage link and the panel's
 * actions (monthly-staff.ts) both change a gift this way. The provider refusing it for the gift's state is a 409 (the
 * state mirrored first); the provider not answering, a 503. `reason` is who cancels ('donante', 'equipo').
 */
export async function changeAtProvider(
  ctx: ApiContext,
  row: SubscriptionRow,
  change: SubscriptionChange,
  reason: string,
  messages: ChangeMessages = monthlyTexts,
) {
  let sub: Subscription;
  try {
    sub = await ctx.subscriptions.updateSubscription(row.preapproval_id as string, change);
  } catch (err) {
    if (err instanceof PaymentProviderError && err.providerStatus === 400) {
      // The provider refused the change for the subscription's state (changed meanwhile): mirror it, then say so.
      const now = await syncPreapproval(ctx, row.preapproval_id as string).catch(() => null);
      throw new ApiError(409, 'invalid_status', now?.status === 'cancelled' ? messages.cancelled : messages.refused);
    }
    throw new ApiError(503, 'payment_provider_unavailable', messages.providerDown);
  }
  return mirrorSubscription(ctx, row, sub, reason);
}

/**
 * The donor's e-mail after a cancellation they asked for: from their manage link ('donante'), or by the team at their
 * request ('equipo', the panel). The same words otherwise.
 */
export async function sendCancelledMail(ctx: ApiContext, row: SubscriptionRow, by: 'donante' | 'equipo') {
  const byTeam = by === 'equipo';
  await ctx.mailer.send(
    renderMail({
      to: row.email,
      subject: byTeam ? 'Cancelamos tu donación mensual a tu solicitud' : 'Cancelaste tu donación mensual',
      greeting: 'Hola:',
      paragraphs: [
        `${byTeam ? `Como nos lo pediste, ${site.name} canceló` : 'Cancelamos'} tu donación mensual de ${formatCOP(row.amount)}: Mercado Pago no hará más cobros a tu tarjeta. Los cobros ya hechos siguen siendo donaciones y cuentan en tu certificado anual.`,
        `Gracias por haber donado cada mes. Si no ${byTeam ? 'pediste esta cancelación' : 'fuiste tú quien la canceló'}, escríbenos a ${site.contact.email}.`,
      ],
      details: [['Donación mensual', row.reference]],
    }),
  );
}

/**
 * What the donor may do with their gift, whichever way they opened it: the e-mail's manage link (the token) or
 * Mis donaciones (signed in with the verified address, ../../mine). Each asks the provider first and answers the gift as
 * it is then; the caller has already checked whose gift it is.
 */
export const giftActions = {
  async changeAmount(ctx: ApiContext, row: SubscriptionRow, wanted: number): Promise<ManageResponse> {
    if (row.status === 'cancelled') throw new ApiError(409, 'invalid_status', monthlyTexts.cancelled);
    const bounds = monthlyBoundsNow(ctx);
    if (wanted < bounds.min || wanted > bounds.max)
      throw new ApiError(400, 'invalid_amount', outOfBoundsMessage(bounds), { amount: outOfBoundsMessage(bounds) });
    return manageAnswer(ctx, await changeAtProvider(ctx, row, { kind: 'amount', amount: wanted }, 'proveedor'));
  },
  async pause(ctx: ApiContext, row: SubscriptionRow): Promise<ManageResponse> {
    if (row.status === 'cancelled') throw new ApiError(409, 'invalid_status', monthlyTexts.cancelled);
    if (row.status !== 'authorized') throw new ApiError(409, 'invalid_status', monthlyTexts.notActive);
    return manageAnswer(ctx, await changeAtProvider(ctx, row, { kind: 'pause' }, 'proveedor'));
  },
  async resume(ctx: ApiContext, row: SubscriptionRow): Promise<ManageResponse> {
    if (row.status === 'cancelled') throw new ApiError(409, 'invalid_status', monthlyTexts.cancelled);
    if (row.status !== 'paused') throw new ApiError(409, 'invalid_status', monthlyTexts.notPaused);
    return manageAnswer(ctx, await changeAtProvider(ctx, row, { kind: 'resume' }, 'proveedor'));
  },
  /** Final (the schema of each route requires `confirm: true` first); the donor is e-mailed. */
  async cancel(ctx: ApiContext, row: SubscriptionRow): Promise<ManageResponse> {
    if (row.status === 'cancelled') throw new ApiError(409, 'invalid_status', monthlyTexts.cancelled);
    const cancelled = await changeAtProvider(ctx, row, { kind: 'cancel' }, 'donante');
    await sendCancelledMail(ctx, cancelled, 'donante');
    return manageAnswer(ctx, cancelled);
  },
};

/**
 * Monthly giving (#29): starting a gift (the provider's preapproval, authorized by the donor on its hosted page), the
 * provider's signed subscription notifications, and the donor's manage link.
 */
export const monthlyRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(
    app,
    monthlyOperations.start,
    async (request) => {
      const body = request.body;
      const bounds = monthlyBoundsNow(ctx);
      const amount = resolveDonationAmount(body, bounds);
      if (!amount.ok) throw new ApiError(400, 'invalid_amount', amount.message, { donation_amount: amount.message });
      await refuseOverHourlyLimit(ctx.db, 'giving.subscriptions', body.email, PER_EMAIL_PER_HOUR, () => {
        request.log.warn({ reason: 'per-email limit' }, 'monthly gift refused');
        return new ApiError(429, 'rate_limited', monthlyTexts.tooManyForEmail);
      });
      const reference = `MEN-${randomBytes(12).toString('base64url')}`;
      // Nobody knows this token: the first receipt issues the donor's link.
      const placeholder = newManageToken();
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('giving.subscriptions')
          .values({
            reference,
            contributor_name: body.contributor_name,
            contributor_lastname: body.contributor_lastname,
            id_type: body.id_type,
            id_number: body.id_number,
            email: body.email,
            phone_number: body.phone_number,
            amount: amount.amount,
            manage_token_hash: placeholder.hash,
          })
          .execute();
        await recordConsent(trx, {
          form: monthlyConsent,
          version: body.privacy_policy_version ?? currentPrivacyPolicy.id,
          recordTable: 'giving.subscriptions',
          recordRef: reference,
          email: body.email,
        });
      });
      let sub: Subscription;
      try {
        sub = await ctx.subscriptions.createSubscription({
          reason: monthlyTitle(),
          externalReference: reference,
          // Must be the e-mail of the donor's Mercado Pago account (sdk-nodejs #421): the page says so.
          payerEmail: body.email,
          backUrl: `${ctx.settings.publicOrigin}${MONTHLY_RESULT_PATH}`,
          amount: amount.amount,
        });
      } catch (err) {
        request.log.warn({ err, reference }, 'monthly gift: provider refused the subscription');
        throw new ApiError(502, 'payment_provider_error', monthlyTexts.providerDown);
      }
      const stored = await ctx.db
        .selectFrom('giving.subscriptions')
        .selectAll()
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      await mirrorSubscription(ctx, stored, sub, 'proveedor');
      return { init_point: sub.init_point as string, reference, amount: amount.amount };
    },
    { config: publicWrite(ctx.settings), preValidation: rejectHoneypot },
  );

  app.post<{ Querystring: Record<string, string | undefined> }>(
    '/monthly/notifications',
    {
      config: publicWebhook(ctx.settings),
      schema: { tags: ['giving'], summary: 'Notificación firmada de la pasarela: donaciones mensuales y sus cobros' },
    },
    async (request, reply) => {
      const { type, dataId, requestId } = signedNotification(request, ctx.settings.paymentWebhookSecret, {
        tag: 'giving/monthly',
        refused: 'subscription notification refused',
      });
      if (!dataId || !['subscription_preapproval', 'subscription_authorized_payment', 'payment'].includes(type ?? ''))
        return reply.status(200).send({ received: true, ignored: true });
      if (await wasNotificationProcessed(ctx.db, 'giving.payment_notifications', requestId as string))
        return reply.status(200).send({ received: true, duplicate: true });
      let applied = false;
      try {
        if (type === 'subscription_preapproval') applied = await syncPreapprovalAndCycles(ctx, dataId, request.log);
        else if (type === 'subscription_authorized_payment') applied = (await syncAuthorizedPayment(ctx, dataId, request.log)).applied;
        else applied = (await syncChargePayment(ctx, dataId, request.log)).applied;
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        // 503 so the provider delivers it again later.
        throw new ApiError(503, 'payment_provider_unavailable', monthlyTexts.providerDown);
      }
      await rememberNotification(ctx.db, 'giving.payment_notifications', requestId as string, `${type}:${dataId}`);
      return reply.status(200).send({ received: true, applied });
    },
  );

  const manageLimit = { config: publicWrite(ctx.settings) };

  route(app, monthlyOperations.manage, async (request) => manageAnswer(ctx, await byToken(ctx, request.params.token)), manageLimit);
  route(
    app,
    monthlyOperations.changeAmount,
    async (request) => giftActions.changeAmount(ctx, await byToken(ctx, request.params.token), request.body.amount),
    manageLimit,
  );
  route(app, monthlyOperations.pause, async (request) => giftActions.pause(ctx, await byToken(ctx, request.params.token)), manageLimit);
  route(app, monthlyOperations.resume, async (request) => giftActions.resume(ctx, await byToken(ctx, request.params.token)), manageLimit);
  route(app, monthlyOperations.cancel, async (request) => giftActions.cancel(ctx, await byToken(ctx, request.params.token)), manageLimit);
};
