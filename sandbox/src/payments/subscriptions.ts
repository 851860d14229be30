// Subscriptions (Mercado Pago "preapproval" without a plan, site MCO) over the same store and notifier as payments:
// created pending by the API, authorized by the payer on the hosted page, charged each cycle by the sandbox's clock
// (an authorized payment plus a payment per attempt), retried when rejected, paused / resumed / cancelled by the API.
//
// Verified (official SDK 3.6.1 types and its request paths; Mercado Pago's docs): the endpoints and their request and
// response fields; `init_point`; `auto_recurring` {frequency, frequency_type, transaction_amount, currency_id,
// start_date, end_date}; preapproval statuses pending / authorized / paused / cancelled; authorized payment fields
// and statuses scheduled / processed / recycling / cancelled; MCO amount bounds (the docs said COP 1.500–30.000.000 in
// 2021; 1.600 is the current minimum we were given); payer_email must be the payer's Mercado Pago account e-mail
// (sdk-nodejs #421). Our reading (not verified): the exact wording of error messages; the retry days; what an
// exhausted cycle looks like (processed, its payment rejected); the first charge happening at authorization; a
// rejected first charge leaving the preapproval pending; the subscription webhook body; a charge's
// `point_of_interaction`; an expired card's charge being `cc_rejected_bad_filled_date` (the documented detail for an
// expiry date that no longer holds; `cc_rejected_card_expired` appears only in third-party code).
import { randomBytes, randomInt } from 'node:crypto';
import type { Notifier, NotificationTopic, PaymentNotification } from './notifier';
import { cardOutcome, cardholderOutcomes, type Outcome } from './outcomes';
import { testCard } from './pages';
import type { Payments } from './payments';
import { ProviderError, badRequest, providerDate } from './provider-shape';
import type { AuthorizedPaymentRecord, PaymentRecord, PreapprovalBody, PreapprovalRecord, PreapprovalStatus, SandboxStore } from './store';
import { isHttpUrl, isObject } from './validators';

/** MCO's bounds for one charge of a subscription, in COP. */
export const subscriptionAmountBounds = { min: 1_600, max: 30_000_000 } as const;

/**
 * When a rejected charge is tried again, in days after its first attempt: 4 retries within 10 days (the provider
 * documents the count and the window, not the days; these are our choice).
 */
export const retryScheduleDays = [1, 3, 6, 10] as const;

/** Consecutive cycles whose charge ended rejected (retries included) after which the subscription is cancelled. */
export const rejectedCyclesBeforeCancel = 3;

const DAY_MS = 86_400_000;
const COLOMBIA_OFFSET_MS = -5 * 3600_000;

/** Outcomes a test may force on the next charge attempts. */
const forcedRejections = new Set(Object.values(cardholderOutcomes).flatMap((o) => (o.status === 'rejected' ? [o.status_detail] : [])));
forcedRejections.add('cc_rejected_bad_filled_date');
forcedRejections.add('cc_rejected_card_disabled');

function forcedOutcome(value: string): Outcome {
  if (value === 'approved') return { status: 'approved', status_detail: 'accredited' };
  if (value === 'rejected') return { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' };
  return { status: 'rejected', status_detail: value };
}

/** Year and month (1–12) of an instant in Colombia. */
function colombiaMonth(ms: number): { year: number; month: number } {
  const d = new Date(ms + COLOMBIA_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/** The anchor moved by `n` cycles, keeping the day of month in Colombia (clamped to the month's last day). */
export function cycleDate(anchorMs: number, n: number, frequency: number, unit: 'months' | 'days'): number {
  if (unit === 'days') return anchorMs + n * frequency * DAY_MS;
  const local = new Date(anchorMs + COLOMBIA_OFFSET_MS);
  const day = local.getUTCDate();
  const target = new Date(local);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + n * frequency);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime() - COLOMBIA_OFFSET_MS;
}

export interface SubscriptionsOptions {
  store: SandboxStore;
  notifier: Notifier;
  payments: Payments;
  userId: number;
  outOfOrder: boolean;
}

/** What the hosted authorization page submits. */
export interface AuthorizationForm {
  preapproval_id?: unknown;
  payer_email?: unknown;
  card_number?: unknown;
  expiration_month?: unknown;
  expiration_year?: unknown;
  security_code?: unknown;
  cardholder_name?: unknown;
}

export type AuthorizationResult =
  | { kind: 'authorized'; preapproval: PreapprovalRecord }
  /** The first charge was rejected: nothing authorized, the payer may try another card. */
  | { kind: 'rejected'; preapproval: PreapprovalRecord; payment: PaymentRecord }
  /** The form cannot be accepted as it is (field → Spanish message). */
  | { kind: 'invalid'; preapproval: PreapprovalRecord; errors: Record<string, string> }
  | { kind: 'unavailable'; title: string; message: string; status: number };

export interface Subscriptions {
  /** The sandbox's clock (machine time plus the offset tests add). */
  now(): Date;
  clock(): { now: string; offset_ms: number };
  /** Moves the clock forward and runs every charge and retry that falls due, in date order. */
  advance(days: unknown): { now: string; offset_ms: number; charged: number[] };
  /**
   * Test control: puts the clock at a date, earlier or later (a test of a finished year's certificate starts its gift in
   * that year), then runs what falls due. The provider's own clock only moves forward; this one is the tests'.
   */
  setClock(at: unknown): { now: string; offset_ms: number; charged: number[] };
  /** Runs what is due at the clock's now (also before every read). */
  runDue(): number[];
  create(body: unknown, baseUrl: string): PreapprovalBody;
  get(id: string): PreapprovalBody;
  search(query: Record<string, string | undefined>): {
    paging: { total: number; limit: number; offset: number };
    results: PreapprovalBody[];
  };
  update(id: string, body: unknown): PreapprovalBody;
  authorize(form: AuthorizationForm): AuthorizationResult;
  authorizedPayment(id: string): AuthorizedPaymentRecord;
  searchAuthorizedPayments(query: Record<string, string | undefined>): {
    paging: { total: number; limit: number; offset: number };
    results: AuthorizedPaymentRecord[];
  };
  /** Test control: outcomes for the next charge attempts ('approved', 'rejected' or a cc_rejected_* detail). */
  setNextCharges(id: string, body: unknown): { id: string; next_charges: string[] };
  setWebhookUrl(body: unknown): { url: string | null };
  webhookUrl(): string | null;
  /** A subscription as the stand-in keeps it (control panel, tests). */
  record(id: string): PreapprovalRecord | undefined;
  /** Every subscription, newest first. */
  all(): PreapprovalRecord[];
}

export const preapprovalNotFound = () =>
  new ProviderError(404, 'not_found', 'Preapproval not found', [{ code: 'not_found', description: 'Preapproval not found', data: null }]);

/** The provider's answer: the record without what only the stand-in keeps. */
export function preapprovalBody(record: PreapprovalRecord): PreapprovalBody {
  const { sandbox: _internal, ...body } = record;
  return body;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validateAmount(raw: unknown, field = 'auto_recurring.transaction_amount'): number {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) throw badRequest('invalid_transaction_amount', `${field} must be a number`);
  if (!Number.isInteger(raw)) throw badRequest('invalid_transaction_amount', `${field} invalid: currency_id COP does not allow decimals`);
  const { min, max } = subscriptionAmountBounds;
  if (raw < min || raw > max)
    throw badRequest('invalid_transaction_amount', `${field} invalid: for site MCO it must be between ${min} and ${max} COP`);
  return raw;
}

function optionalDate(raw: unknown, field: string): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(Date.parse(raw)))
    throw badRequest(`invalid_${field.replace('auto_recurring.', '')}`, `${field} invalid. Use the format yyyy-MM-ddTHH:mm:ss.SSSZ`);
  return Date.parse(raw);
}

function validateExternalReference(raw: unknown): string {
  const ref = raw ?? '';
  if (typeof ref !== 'string' || ref.length > 256)
    throw badRequest('invalid_external_reference', 'external_reference invalid. Up to 256 characters');
  return ref;
}

function validateBackUrl(raw: unknown): string {
  if (typeof raw !== 'string' || !isHttpUrl(raw)) throw badRequest('invalid_back_url', 'back_url is required and must be a valid url');
  return raw;
}

export function subscriptionsOf({ store, notifier, payments, userId, outOfOrder }: SubscriptionsOptions): Subscriptions {
  const state = store.state;
  const nowMs = () => Date.now() + state.clockOffsetMs;
  const now = () => new Date(nowMs());
  const at = (ms: number) => providerDate(new Date(ms));

  const find = (id: string): PreapprovalRecord => {
    const record = state.preapprovals[id];
    if (!record) throw preapprovalNotFound();
    return record;
  };

  /** A subscription topic notification through the payments' notifier (same duplicates, delays and out-of-order knob). */
  const notify = (topic: NotificationTopic, dataId: string, action: 'created' | 'updated', pre: PreapprovalRecord) => {
    const url = state.subscriptionNotificationUrl;
    if (!url || payments.dropsFor(pre.external_reference || null, pre.payer_email)) return;
    const notification: PaymentNotification = {
      id: randomInt(10_000_000_000, 99_999_999_999),
      action,
      topic,
      dataId,
      notificationUrl: url,
      dateCreated: providerDate(),
    };
    const key = `${topic}:${dataId}`;
    if (action === 'created') {
      state.firstNotifications[key] = notification;
      notifier.send(notification);
    } else notifier.send(notification, outOfOrder ? state.firstNotifications[key] : undefined);
  };

  const touch = (pre: PreapprovalRecord, whenMs = nowMs()) => {
    pre.last_modified = at(whenMs);
    pre.version++;
  };

  /** The payment of one attempt at a cycle's charge (or of the first charge at authorization, `invoice` null). */
  const chargePayment = (pre: PreapprovalRecord, amount: number, outcome: Outcome, whenMs: number, invoice: number | null) => {
    const id = store.takePaymentId();
    const created = at(whenMs);
    const approved = outcome.status === 'approved';
    const card = pre.sandbox.card;
    const payment: PaymentRecord = {
      id,
      date_created: created,
      date_approved: approved ? created : null,
      date_last_updated: created,
      date_of_expiration: null,
      money_release_date: approved ? created : null,
      operation_type: 'recurring_payment',
      payment_method_id: 'master',
      payment_type_id: 'credit_card',
      status: outcome.status,
      status_detail: outcome.status_detail,
      currency_id: 'COP',
      description: pre.reason,
      live_mode: false,
      collector_id: userId,
      payer: { id: pre.payer_id === null ? null : String(pre.payer_id), email: pre.payer_email, type: 'registered', identification: null },
      metadata: { preapproval_id: pre.id },
      additional_info: { items: [] },
      order: null,
      external_reference: pre.external_reference || null,
      preference_id: null,
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      installments: 1,
      transaction_details: {
        net_received_amount: approved ? amount : 0,
        total_paid_amount: amount,
        installment_amount: amount,
        overpaid_amount: 0,
        external_resource_url: null,
        financial_institution: null,
      },
      fee_details: [],
      captured: true,
      binary_mode: true,
      card: card
        ? {
            first_six_digits: testCard.number.replace(/\s/g, '').slice(0, 6),
            last_four_digits: card.lastFour,
            // The authorized card's expiry, as the provider reports it on each charge.
            expiration_month: card.expMonth,
            expiration_year: card.expYear,
            cardholder: { name: card.holder },
          }
        : {},
      notification_url: state.subscriptionNotificationUrl,
      processing_mode: 'aggregator',
      merchant_account_id: null,
      statement_descriptor: null,
      point_of_interaction: {
        type: 'SUBSCRIPTIONS',
        transaction_data: { subscription_id: pre.id, invoice_id: invoice, billing_date: created.slice(0, 10) },
      },
    };
    state.payments[String(id)] = payment;
    return payment;
  };

  /** What the next attempt ends as: a forced outcome first, then the card's expiry, then approved. */
  const attemptOutcome = (pre: PreapprovalRecord, whenMs: number): Outcome => {
    const forced = pre.sandbox.nextOutcomes.shift();
    if (forced !== undefined) return forcedOutcome(forced);
    const card = pre.sandbox.card;
    if (card) {
      const { year, month } = colombiaMonth(whenMs);
      if (year > card.expYear || (year === card.expYear && month > card.expMonth))
        return { status: 'rejected', status_detail: 'cc_rejected_bad_filled_date' };
    }
    return { status: 'approved', status_detail: 'accredited' };
  };

  const endDateMs = (pre: PreapprovalRecord) => (pre.auto_recurring.end_date ? Date.parse(pre.auto_recurring.end_date) : null);

  /** Sets next_payment_date to the first cycle date at or after `fromMs` (none past end_date). */
  const scheduleNext = (pre: PreapprovalRecord, fromMs: number | null = null) => {
    const { anchorMs } = pre.sandbox;
    if (anchorMs === null) return;
    const { frequency, frequency_type: unit } = pre.auto_recurring;
    if (fromMs !== null) while (cycleDate(anchorMs, pre.sandbox.cycles, frequency, unit) < fromMs) pre.sandbox.cycles++;
    const next = cycleDate(anchorMs, pre.sandbox.cycles, frequency, unit);
    const end = endDateMs(pre);
    pre.next_payment_date = end !== null && next > end ? null : at(next);
  };

  /** Ends the subscription's open charge (recycling or scheduled) as cancelled; answers the ones it ended. */
  const closeOpenCharges = (pre: PreapprovalRecord, whenMs: number) => {
    const closed: AuthorizedPaymentRecord[] = [];
    for (const ap of Object.values(state.authorizedPayments))
      if (ap.preapproval_id === pre.id && (ap.status === 'recycling' || ap.status === 'scheduled')) {
        ap.status = 'cancelled';
        ap.next_retry_date = null;
        ap.last_modified = at(whenMs);
        closed.push(ap);
      }
    return closed;
  };

  const cancel = (pre: PreapprovalRecord, whenMs: number) => {
    pre.status = 'cancelled';
    pre.next_payment_date = null;
    touch(pre, whenMs);
    return closeOpenCharges(pre, whenMs);
  };

  /** One attempt at a cycle's charge: a payment, and the authorized payment's and subscription's new state. */
  const attempt = (pre: PreapprovalRecord, ap: AuthorizedPaymentRecord, whenMs: number) => {
    const outcome = attemptOutcome(pre, whenMs);
    const payment = chargePayment(pre, ap.transaction_amount, outcome, whenMs, ap.id);
    ap.payment = { id: payment.id, status: payment.status, status_detail: payment.status_detail };
    ap.last_modified = at(whenMs);
    let cancelled = false;
    if (outcome.status === 'approved') {
      ap.status = 'processed';
      ap.next_retry_date = null;
      pre.sandbox.rejectedCycles = 0;
      const s = pre.summarized;
      s.charged_quantity++;
      s.charged_amount += ap.transaction_amount;
      s.last_charged_date = at(whenMs);
      s.last_charged_amount = ap.transaction_amount;
      if (s.pending_charge_quantity !== null) s.pending_charge_quantity = Math.max(0, s.pending_charge_quantity - 1);
      if (s.pending_charge_amount !== null) s.pending_charge_amount = Math.max(0, s.pending_charge_amount - ap.transaction_amount);
      s.semaphore = 'green';
    } else if (ap.retry_attempt < retryScheduleDays.length) {
      ap.status = 'recycling';
      ap.next_retry_date = at(Date.parse(ap.debit_date) + retryScheduleDays[ap.retry_attempt]! * DAY_MS);
      pre.summarized.semaphore = 'yellow';
    } else {
      // Every retry rejected: the cycle ends unpaid.
      ap.status = 'processed';
      ap.next_retry_date = null;
      pre.sandbox.rejectedCycles++;
      pre.summarized.semaphore = 'red';
      if (pre.sandbox.rejectedCycles >= rejectedCyclesBeforeCancel) {
        // The exhausted charge is already processed: nothing else is open.
        cancel(pre, whenMs);
        cancelled = true;
      }
    }
    touch(pre, whenMs);
    return { payment, cancelled };
  };

  /** A new cycle's charge, due at `whenMs`. */
  const chargeCycle = (pre: PreapprovalRecord, whenMs: number) => {
    const created = at(whenMs);
    const ap: AuthorizedPaymentRecord = {
      id: store.takeAuthorizedPaymentId(),
      preapproval_id: pre.id,
      type: 'recurring',
      status: 'scheduled',
      date_created: created,
      last_modified: created,
      transaction_amount: pre.auto_recurring.transaction_amount,
      currency_id: 'COP',
      reason: pre.reason,
      external_reference: pre.external_reference,
      payer_id: pre.payer_id,
      payment: null,
      retry_attempt: 0,
      next_retry_date: null,
      debit_date: created,
      payment_method_id: pre.payment_method_id ?? 'master',
      summarized: null,
    };
    state.authorizedPayments[String(ap.id)] = ap;
    pre.sandbox.cycles++;
    scheduleNext(pre);
    const { payment, cancelled } = attempt(pre, ap, whenMs);
    store.save();
    notify('subscription_authorized_payment', String(ap.id), 'created', pre);
    payments.notify(payment, 'payment.created');
    if (cancelled) notify('subscription_preapproval', pre.id, 'updated', pre);
    return payment.id;
  };

  const retry = (pre: PreapprovalRecord, ap: AuthorizedPaymentRecord, whenMs: number) => {
    ap.retry_attempt++;
    const { payment, cancelled } = attempt(pre, ap, whenMs);
    store.save();
    notify('subscription_authorized_payment', String(ap.id), 'updated', pre);
    payments.notify(payment, 'payment.created');
    if (cancelled) notify('subscription_preapproval', pre.id, 'updated', pre);
    return payment.id;
  };

  const runDue = (): number[] => {
    const limit = nowMs();
    const charged: number[] = [];
    // Events in date order (a retry before a cycle due at the same instant), so months of clock run as they would.
    for (;;) {
      let next: { whenMs: number; run: () => number } | null = null;
      for (const ap of Object.values(state.authorizedPayments)) {
        if (ap.status !== 'recycling' || !ap.next_retry_date) continue;
        const pre = state.preapprovals[ap.preapproval_id];
        if (pre?.status !== 'authorized') continue;
        const whenMs = Date.parse(ap.next_retry_date);
        if (whenMs <= limit && (!next || whenMs < next.whenMs)) next = { whenMs, run: () => retry(pre, ap, whenMs) };
      }
      for (const pre of Object.values(state.preapprovals)) {
        if (pre.status !== 'authorized' || !pre.next_payment_date) continue;
        const whenMs = Date.parse(pre.next_payment_date);
        if (whenMs <= limit && (!next || whenMs < next.whenMs)) next = { whenMs, run: () => chargeCycle(pre, whenMs) };
      }
      if (!next) return charged;
      charged.push(next.run());
    }
  };

  const clock = () => ({ now: providerDate(now()), offset_ms: state.clockOffsetMs });

  const advance = (days: unknown) => {
    if (typeof days !== 'number' || !Number.isFinite(days) || days < 0 || days > 3660)
      throw badRequest('invalid_days', 'days invalid: a number of days between 0 and 3660');
    state.clockOffsetMs += Math.round(days * DAY_MS);
    store.save();
    const charged = runDue();
    return { ...clock(), charged };
  };

  const setClock = (at: unknown) => {
    const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
    if (!Number.isFinite(ms) || Math.abs(ms - Date.now()) > 3660 * DAY_MS)
      throw badRequest('invalid_now', 'now invalid: an ISO date within ten years of today');
    state.clockOffsetMs = ms - Date.now();
    store.save();
    return { ...clock(), charged: runDue() };
  };

  const create = (raw: unknown, baseUrl: string): PreapprovalBody => {
    if (!isObject(raw)) throw badRequest('bad_request', 'body must be a JSON object');
    if (raw.preapproval_plan_id !== undefined && raw.preapproval_plan_id !== null)
      throw badRequest('unsupported', 'preapproval_plan_id: plans are not part of this stand-in');
    if (raw.card_token_id !== undefined && raw.card_token_id !== null)
      throw badRequest('invalid_card_token_id', 'card_token_id: this stand-in issues no card tokens; create the preapproval pending');
    const status = raw.status ?? 'pending';
    if (status === 'authorized') throw badRequest('invalid_status', 'card_token_id is required to create an authorized preapproval');
    if (status !== 'pending') throw badRequest('invalid_status', `status invalid: ${String(status)}. Use pending`);
    const reason = raw.reason;
    if (typeof reason !== 'string' || reason.trim() === '' || reason.length > 255)
      throw badRequest('invalid_reason', 'reason is required (up to 255 characters)');
    const payerEmail = raw.payer_email;
    if (typeof payerEmail !== 'string' || !emailPattern.test(payerEmail))
      throw badRequest('invalid_payer_email', 'payer_email is required and must be valid');
    const backUrl = validateBackUrl(raw.back_url);
    const externalReference = validateExternalReference(raw.external_reference);
    const ar = raw.auto_recurring;
    if (!isObject(ar)) throw badRequest('invalid_auto_recurring', 'auto_recurring is required');
    const frequency = ar.frequency;
    if (typeof frequency !== 'number' || !Number.isInteger(frequency) || frequency < 1)
      throw badRequest('invalid_frequency', 'auto_recurring.frequency invalid: an integer greater than or equal to 1');
    if (ar.frequency_type !== 'months' && ar.frequency_type !== 'days')
      throw badRequest('invalid_frequency_type', 'auto_recurring.frequency_type invalid. Use months or days');
    if (ar.currency_id !== 'COP')
      throw badRequest(
        'invalid_currency_id',
        `auto_recurring.currency_id invalid: ${String(ar.currency_id)} is not the currency of site MCO`,
      );
    const amount = validateAmount(ar.transaction_amount);
    const createdMs = nowMs();
    const start = optionalDate(ar.start_date, 'auto_recurring.start_date');
    const end = optionalDate(ar.end_date, 'auto_recurring.end_date');
    if (end !== null && end <= (start ?? createdMs))
      throw badRequest('invalid_end_date', 'auto_recurring.end_date must be after start_date');
    let id: string;
    do id = randomBytes(16).toString('hex');
    while (state.preapprovals[id]);
    const initPoint = `${baseUrl}/subscriptions/checkout?preapproval_id=${id}`;
    const created = at(createdMs);
    const record: PreapprovalRecord = {
      id,
      payer_id: null,
      payer_email: payerEmail,
      back_url: backUrl,
      collector_id: userId,
      application_id: Number(String(userId).slice(0, 10)),
      status: 'pending',
      reason,
      external_reference: externalReference,
      date_created: created,
      last_modified: created,
      init_point: initPoint,
      sandbox_init_point: initPoint,
      preapproval_plan_id: null,
      auto_recurring: {
        frequency,
        frequency_type: ar.frequency_type,
        transaction_amount: amount,
        currency_id: 'COP',
        start_date: at(start ?? createdMs),
        end_date: end === null ? null : at(end),
        free_trial: null,
      },
      summarized: {
        quotas: null,
        charged_quantity: 0,
        pending_charge_quantity: null,
        charged_amount: 0,
        pending_charge_amount: null,
        semaphore: 'green',
        last_charged_date: null,
        last_charged_amount: null,
      },
      next_payment_date: null,
      payment_method_id: null,
      card_id: null,
      first_invoice_offset: null,
      version: 0,
      sandbox: {
        card: null,
        nextOutcomes: [],
        rejectedCycles: 0,
        anchorMs: null,
        cycles: 0,
      },
    };
    state.preapprovals[id] = record;
    store.save();
    notify('subscription_preapproval', id, 'created', record);
    return preapprovalBody(record);
  };

  const get = (id: string) => {
    runDue();
    return preapprovalBody(find(id));
  };

  const paging = (q: Record<string, string | undefined>, max: number) => ({
    limit: Math.min(Math.max(Number(q.limit ?? 30) || 30, 1), max),
    offset: Math.max(Number(q.offset ?? 0) || 0, 0),
  });

  const all = () =>
    Object.values(state.preapprovals).sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created) || (a.id < b.id ? 1 : -1));

  const search = (q: Record<string, string | undefined>) => {
    runDue();
    const { limit, offset } = paging(q, 100);
    let results = all();
    if (q.payer_email) results = results.filter((p) => p.payer_email.toLowerCase() === q.payer_email!.toLowerCase());
    if (q.external_reference) results = results.filter((p) => p.external_reference === q.external_reference);
    if (q.status) results = results.filter((p) => p.status === q.status);
    if (q.id) results = results.filter((p) => p.id === q.id);
    return { paging: { total: results.length, limit, offset }, results: results.slice(offset, offset + limit).map(preapprovalBody) };
  };

  const update = (id: string, raw: unknown): PreapprovalBody => {
    runDue();
    const pre = find(id);
    if (!isObject(raw)) throw badRequest('bad_request', 'body must be a JSON object');
    if (pre.status === 'cancelled')
      throw badRequest('invalid_status', `preapproval ${pre.id} is cancelled: a cancelled preapproval cannot be modified`);
    // Validate everything before changing anything.
    let amount: number | null = null;
    if (raw.auto_recurring !== undefined) {
      if (!isObject(raw.auto_recurring)) throw badRequest('invalid_auto_recurring', 'auto_recurring invalid');
      const { currency_id: currency, transaction_amount: value, ...rest } = raw.auto_recurring;
      if (Object.keys(rest).length)
        throw badRequest('invalid_auto_recurring', 'auto_recurring: only transaction_amount and currency_id can be modified');
      if (currency !== undefined && currency !== 'COP')
        throw badRequest('invalid_currency_id', `auto_recurring.currency_id invalid: ${String(currency)} is not the currency of site MCO`);
      if (value !== undefined) amount = validateAmount(value);
    }
    let status: PreapprovalStatus | null = null;
    if (raw.status !== undefined) {
      const s = raw.status;
      if (s !== 'authorized' && s !== 'paused' && s !== 'cancelled')
        throw badRequest('invalid_status', 'status invalid. Use authorized, paused or cancelled');
      if (s !== pre.status) {
        if (pre.status === 'pending' && s !== 'cancelled')
          throw badRequest(
            'invalid_status',
            s === 'authorized'
              ? 'a pending preapproval is authorized by the payer at init_point (or with a card_token_id)'
              : 'a pending preapproval cannot be paused',
          );
        status = s;
      }
    }
    if (raw.card_token_id !== undefined) throw badRequest('invalid_card_token_id', 'card_token_id: this stand-in issues no card tokens');
    const reason = raw.reason;
    if (reason !== undefined && (typeof reason !== 'string' || reason.trim() === '' || reason.length > 255))
      throw badRequest('invalid_reason', 'reason invalid');
    const backUrl = raw.back_url === undefined ? undefined : validateBackUrl(raw.back_url);
    const ref = raw.external_reference === undefined ? undefined : validateExternalReference(raw.external_reference);
    const email = raw.payer_email;
    if (email !== undefined && (pre.status !== 'pending' || typeof email !== 'string' || !emailPattern.test(email)))
      throw badRequest('invalid_payer_email', 'payer_email can be changed only while the preapproval is pending, and must be valid');

    const whenMs = nowMs();
    if (amount !== null) pre.auto_recurring.transaction_amount = amount;
    if (typeof reason === 'string') pre.reason = reason;
    if (backUrl !== undefined) pre.back_url = backUrl;
    if (ref !== undefined) pre.external_reference = ref;
    if (typeof email === 'string') pre.payer_email = email;
    let closed: AuthorizedPaymentRecord[] = [];
    if (status === 'cancelled') closed = cancel(pre, whenMs);
    else if (status === 'paused') {
      pre.status = 'paused';
      pre.next_payment_date = null;
      // Our reading: a pause also ends the open charge's retries (it is cancelled, not collected later).
      closed = closeOpenCharges(pre, whenMs);
    } else if (status === 'authorized') {
      // Resumed: the next cycle date on the original schedule that is not yet past (cycles missed while paused are skipped).
      pre.status = 'authorized';
      scheduleNext(pre, whenMs);
    }
    touch(pre, whenMs);
    store.save();
    notify('subscription_preapproval', pre.id, 'updated', pre);
    for (const ap of closed) notify('subscription_authorized_payment', String(ap.id), 'updated', pre);
    return preapprovalBody(pre);
  };

  const authorize = (form: AuthorizationForm): AuthorizationResult => {
    const id = typeof form.preapproval_id === 'string' ? form.preapproval_id : '';
    const pre = state.preapprovals[id];
    if (!pre)
      return { kind: 'unavailable', status: 404, title: 'Suscripción no encontrada', message: 'El enlace no existe o ya no es válido.' };
    if (pre.status !== 'pending')
      return {
        kind: 'unavailable',
        status: 409,
        title: pre.status === 'cancelled' ? 'Suscripción cancelada' : 'Suscripción ya autorizada',
        message:
          pre.status === 'cancelled'
            ? 'Esta suscripción fue cancelada. Vuelve al sitio para crear una nueva.'
            : 'Esta suscripción ya fue autorizada; no hace falta hacerlo de nuevo.',
      };
    const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
    const errors: Record<string, string> = {};
    const email = text(form.payer_email, 254);
    if (!emailPattern.test(email)) errors.payer_email = 'Ingresa el correo de tu cuenta de Mercado Pago.';
    else if (email.toLowerCase() !== pre.payer_email.toLowerCase())
      errors.payer_email =
        'Este correo no es el de la suscripción: ingresa con la cuenta de Mercado Pago del correo que diste en el sitio.';
    const digits = text(form.card_number, 40).replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(digits)) errors.card_number = 'Ingresa el número de la tarjeta (13 a 19 dígitos).';
    const month = Number(text(form.expiration_month, 2));
    const year = Number(text(form.expiration_year, 4));
    const current = colombiaMonth(nowMs());
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000 || year > 2100)
      errors.expiration = 'Elige el mes y el año de vencimiento de la tarjeta.';
    else if (year < current.year || (year === current.year && month < current.month))
      errors.expiration = 'La tarjeta está vencida. Usa otra tarjeta.';
    if (!/^\d{3,4}$/.test(text(form.security_code, 8))) errors.security_code = 'Ingresa el código de seguridad (3 o 4 dígitos).';
    const holder = text(form.cardholder_name, 100);
    if (!holder) errors.cardholder_name = 'Ingresa el nombre del titular como aparece en la tarjeta.';
    if (Object.keys(errors).length) return { kind: 'invalid', preapproval: pre, errors };

    const whenMs = nowMs();
    const card = { holder, expMonth: month, expYear: year, lastFour: digits.slice(-4) };
    const outcome = cardOutcome(holder);
    const startMs = Date.parse(pre.auto_recurring.start_date);
    const chargeNow = startMs <= whenMs;
    if (chargeNow && outcome.status === 'rejected') {
      // The first charge is how the card is validated: rejected, nothing is authorized (the payer may try again).
      pre.sandbox.card = card;
      const payment = chargePayment(pre, pre.auto_recurring.transaction_amount, outcome, whenMs, null);
      pre.sandbox.card = null;
      store.save();
      payments.notify(payment, 'payment.created');
      return { kind: 'rejected', preapproval: pre, payment };
    }
    pre.status = 'authorized';
    pre.payer_id = randomInt(100_000_000, 2_000_000_000);
    pre.payment_method_id = 'master';
    pre.card_id = randomInt(1_000_000_000, 9_999_999_999);
    pre.sandbox.card = card;
    pre.sandbox.anchorMs = chargeNow ? whenMs : startMs;
    pre.sandbox.cycles = 0;
    const end = endDateMs(pre);
    if (end !== null) {
      let n = 0;
      const { frequency, frequency_type: unit } = pre.auto_recurring;
      while (cycleDate(pre.sandbox.anchorMs, n, frequency, unit) <= end && n < 10_000) n++;
      pre.summarized.quotas = n;
      pre.summarized.pending_charge_quantity = n;
      pre.summarized.pending_charge_amount = n * pre.auto_recurring.transaction_amount;
    }
    scheduleNext(pre);
    touch(pre, whenMs);
    store.save();
    notify('subscription_preapproval', pre.id, 'updated', pre);
    // The first cycle (now, unless start_date is later) is charged at once.
    runDue();
    return { kind: 'authorized', preapproval: pre };
  };

  const authorizedPayment = (id: string) => {
    runDue();
    const ap = /^\d{1,20}$/.test(id) ? state.authorizedPayments[id] : undefined;
    if (!ap)
      throw new ProviderError(404, 'not_found', 'Authorized payment not found', [
        { code: 'not_found', description: 'Authorized payment not found', data: null },
      ]);
    return ap;
  };

  const searchAuthorizedPayments = (q: Record<string, string | undefined>) => {
    runDue();
    const { limit, offset } = paging(q, 100);
    let results = Object.values(state.authorizedPayments);
    if (q.preapproval_id) results = results.filter((a) => a.preapproval_id === q.preapproval_id);
    if (q.id) results = results.filter((a) => String(a.id) === q.id);
    if (q.payment_id) results = results.filter((a) => String(a.payment?.id) === q.payment_id);
    results.sort((a, b) => Date.parse(a.date_created) - Date.parse(b.date_created) || a.id - b.id);
    return { paging: { total: results.length, limit, offset }, results: results.slice(offset, offset + limit) };
  };

  const setNextCharges = (id: string, raw: unknown) => {
    const pre = find(id);
    const outcomes = isObject(raw) ? raw.outcomes : undefined;
    if (!Array.isArray(outcomes) || outcomes.length > 100)
      throw badRequest('invalid_outcomes', 'outcomes: a list of "approved", "rejected" or cc_rejected_* details (at most 100)');
    for (const o of outcomes)
      if (typeof o !== 'string' || (o !== 'approved' && o !== 'rejected' && !forcedRejections.has(o)))
        throw badRequest(
          'invalid_outcomes',
          `outcomes: ${String(o)} invalid. Use approved, rejected or one of ${[...forcedRejections].join(', ')}`,
        );
    pre.sandbox.nextOutcomes = [...(outcomes as string[])];
    store.save();
    return { id: pre.id, next_charges: pre.sandbox.nextOutcomes };
  };

  const setWebhookUrl = (raw: unknown) => {
    const url = isObject(raw) ? raw.url : undefined;
    if (url !== null && (typeof url !== 'string' || !isHttpUrl(url)))
      throw badRequest('invalid_url', 'url: an http(s) URL, or null to stop');
    state.subscriptionNotificationUrl = url;
    store.save();
    return { url };
  };

  return {
    now,
    clock,
    advance,
    setClock,
    runDue,
    create,
    get,
    search,
    update,
    authorize,
    authorizedPayment,
    searchAuthorizedPayments,
    setNextCharges,
    setWebhookUrl,
    webhookUrl: () => state.subscriptionNotificationUrl,
    record: (id) => state.preapprovals[id],
    all,
  };
}
