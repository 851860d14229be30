// The payments' life over the store: created by the hosted checkout, settled from the control panel, each change
// saved before it is notified. The one place a payment record is written, so the checkout and the control panel
// cannot disagree on what a change does.
import { randomInt } from 'node:crypto';
import type { Notifier, PaymentNotification } from './notifier';
import { settledDetail, type Outcome } from './outcomes';
import { preferenceTotal, testCard, testCardExpiry } from './pages';
import { badRequest, paymentNotFound, ProviderError, providerDate } from './provider-shape';
import type { PaymentRecord, PreferenceRecord, RefundRecord, SandboxStore } from './store';
import { isObject, validateSettlement } from './validators';

export type PaymentMethod = 'card' | 'pse' | 'efecty';

export interface PaymentsOptions {
  store: SandboxStore;
  notifier: Notifier;
  /** The account id the provider reports as collector_id / user_id. */
  userId: number;
  /** Deliver a payment's older `payment.created` again after each newer update. */
  outOfOrder: boolean;
  /** How long an unpaid Efecty ticket and an unfinished PSE transfer stay payable (`date_of_expiration`). */
  expiry?: Partial<PaymentExpiry>;
}

/** How long a pending payment of each method can still be paid before the provider cancels it. */
export interface PaymentExpiry {
  efectyMs: number;
  pseMs: number;
}

/**
 * Efecty: the provider's default for cash tickets, 3 days. PSE: the stand-in's choice (the bank's session is short and
 * the provider ends an unfinished transfer the same day); the site reads whatever `date_of_expiration` says.
 */
export const defaultPaymentExpiry: PaymentExpiry = { efectyMs: 3 * 86_400_000, pseMs: 2 * 3600_000 };

export interface Payments {
  /** Every payment, newest first. */
  all(): PaymentRecord[];
  /** A payment of the preference, paid on the hosted checkout (opens the preference's merchant order on the first). */
  create(pref: PreferenceRecord, method: PaymentMethod, outcome: Outcome, cardholderName: string): PaymentRecord;
  /** Settles a pending or in-process payment; anything else is the provider's 400 (or 404 for an unknown id). */
  settle(id: string | number, status: unknown): PaymentRecord;
  /** Refunds (`refunded`) or charges back (`charged_back`) an approved payment, and notifies it. */
  reverse(id: string | number, kind: unknown): PaymentRecord;
  /**
   * A refund as `POST /v1/payments/:id/refunds` makes it: the whole remaining amount when the body has no `amount`, else
   * that much (COP: whole pesos); only of an approved payment and never beyond what is left. The payment then shows
   * `transaction_amount_refunded`, and `refunded` once nothing is left; the change is notified. A request repeated with
   * the same idempotency key answers the refund it made the first time and refunds nothing more.
   */
  refund(id: string | number, body: unknown, idempotencyKey: string | undefined): RefundRecord;
  /** A payment's refunds, oldest first (`GET /v1/payments/:id/refunds`). */
  refunds(id: string | number): RefundRecord[];
  /**
   * Expires, as the provider does at `date_of_expiration`, every pending payment whose deadline is `now` or earlier:
   * `cancelled` / `expired`, then notified. Answers the payments it expired.
   */
  expireDue(now?: Date): PaymentRecord[];
  /** Brings a pending Efecty/PSE payment's deadline to now and expires it (a test need not wait days); 400 otherwise. */
  expireNow(id: string | number): PaymentRecord;
  /** Sends a payment notification (unless dropped): subscription charges are created elsewhere but notified alike. */
  notify(payment: PaymentRecord, action: 'payment.created' | 'payment.updated'): void;
  /** Whether notifications about this external reference or payer e-mail are being dropped (test knob). */
  dropsFor(externalReference: string | null, payerEmail: string): boolean;
  /** From now on, no notification goes out for payments of this external reference or payer e-mail. */
  dropNotifications(match: { external_reference?: unknown; payer_email?: unknown; drop?: unknown }): {
    references: string[];
    payerEmails: string[];
  };
}

export function paymentsOf({ store, notifier, userId, outOfOrder, expiry }: PaymentsOptions): Payments {
  const deadlines: PaymentExpiry = { ...defaultPaymentExpiry, ...expiry };
  const dropsFor = (externalReference: string | null, payerEmail: string) => {
    const drop = store.state.dropNotifications;
    if (!drop) return false;
    return (
      (externalReference !== null && externalReference !== '' && drop.references.includes(externalReference)) ||
      drop.payerEmails.includes(payerEmail.toLowerCase())
    );
  };
  const dropped = (payment: PaymentRecord) => dropsFor(payment.external_reference, payment.payer.email);
  const notify = (payment: PaymentRecord, action: 'payment.created' | 'payment.updated') => {
    if (!payment.notification_url || dropped(payment)) return;
    const notification: PaymentNotification = {
      id: randomInt(10_000_000_000, 99_999_999_999),
      action,
      dataId: String(payment.id),
      notificationUrl: payment.notification_url,
      dateCreated: providerDate(),
    };
    if (action === 'payment.created') {
      store.state.firstNotifications[String(payment.id)] = notification;
      notifier.send(notification);
    } else {
      notifier.send(notification, outOfOrder ? store.state.firstNotifications[String(payment.id)] : undefined);
    }
  };

  const create = (pref: PreferenceRecord, method: PaymentMethod, outcome: Outcome, cardholderName: string) => {
    const now = new Date();
    const created = providerDate(now);
    if (pref.merchant_order_id === undefined) {
      const orderId = store.takeMerchantOrderId();
      pref.merchant_order_id = orderId;
      store.state.merchantOrders[String(orderId)] = {
        id: orderId,
        preference_id: pref.id,
        date_created: created,
        last_updated: created,
        external_reference: pref.external_reference,
        notification_url: pref.notification_url,
        payment_ids: [],
      };
    }
    const order = store.state.merchantOrders[String(pref.merchant_order_id)]!;
    const amount = preferenceTotal(pref);
    const id = store.takePaymentId();
    const approved = outcome.status === 'approved';
    const payer = pref.payer;
    const paymentMethod = method === 'card' ? 'master' : method;
    const payment: PaymentRecord = {
      id,
      date_created: created,
      date_approved: approved ? created : null,
      date_last_updated: created,
      // Cash tickets and bank transfers wait for the payer until a deadline; a card payment has none.
      date_of_expiration:
        method === 'card' ? null : providerDate(new Date(now.getTime() + (method === 'efecty' ? deadlines.efectyMs : deadlines.pseMs))),
      money_release_date: approved ? created : null,
      operation_type: 'regular_payment',
      payment_method_id: paymentMethod,
      payment_type_id: method === 'card' ? 'credit_card' : method === 'pse' ? 'bank_transfer' : 'ticket',
      status: outcome.status,
      status_detail: outcome.status_detail,
      currency_id: 'COP',
      description: pref.items[0]?.title ?? '',
      live_mode: false,
      collector_id: userId,
      payer: {
        id: null,
        email: typeof payer.email === 'string' ? payer.email : `test_user_${userId}@testuser.com`,
        type: 'guest',
        identification: isObject(payer.identification) ? payer.identification : null,
      },
      metadata: pref.metadata,
      additional_info: { items: pref.items },
      order: { id: order.id, type: 'mercadopago' },
      external_reference: pref.external_reference || null,
      preference_id: pref.id,
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      installments: 1,
      transaction_details: {
        net_received_amount: approved ? amount : 0,
        total_paid_amount: amount,
        installment_amount: method === 'card' ? amount : 0,
        overpaid_amount: 0,
        external_resource_url: method === 'efecty' ? `${pref.init_point.split('/checkout/')[0]}/sandbox` : null,
        financial_institution: method === 'pse' ? '1007' : null,
      },
      fee_details: [],
      captured: true,
      binary_mode: pref.binary_mode,
      card:
        method === 'card'
          ? {
              first_six_digits: testCard.number.replace(/\s/g, '').slice(0, 6),
              last_four_digits: testCard.number.slice(-4),
              expiration_month: testCardExpiry.month,
              expiration_year: testCardExpiry.year,
              cardholder: { name: cardholderName },
            }
          : {},
      notification_url: pref.notification_url,
      processing_mode: 'aggregator',
      merchant_account_id: null,
      statement_descriptor: pref.statement_descriptor,
    };
    store.state.payments[String(id)] = payment;
    order.payment_ids.push(id);
    order.last_updated = created;
    store.save();
    notify(payment, 'payment.created');
    return payment;
  };

  const settle = (rawId: string | number, rawStatus: unknown): PaymentRecord => {
    // A ticket paid after its deadline is not accepted (the provider returns the money to the payer): it expires first.
    expireDue();
    const payment = store.state.payments[String(rawId)];
    if (!payment) throw paymentNotFound();
    const status = validateSettlement(rawStatus);
    if (payment.status !== 'pending' && payment.status !== 'in_process')
      throw badRequest('invalid_status', `payment ${payment.id} is ${payment.status}: only pending or in_process payments can be settled`);
    const now = providerDate();
    payment.status = status;
    payment.status_detail = settledDetail(status, payment.payment_type_id);
    payment.date_last_updated = now;
    if (status === 'approved') {
      payment.date_approved = now;
      payment.money_release_date = now;
      payment.transaction_details.net_received_amount = payment.transaction_amount;
    }
    const order = payment.order && store.state.merchantOrders[String(payment.order.id)];
    if (order) order.last_updated = now;
    store.save();
    notify(payment, 'payment.updated');
    return payment;
  };

  const reverse = (rawId: string | number, rawKind: unknown): PaymentRecord => {
    const payment = store.state.payments[String(rawId)];
    if (!payment) throw paymentNotFound();
    if (rawKind !== 'refunded' && rawKind !== 'charged_back')
      throw badRequest('invalid_status', 'status invalid. Use refunded or charged_back');
    if (payment.status !== 'approved')
      throw badRequest(
        'invalid_status',
        `payment ${payment.id} is ${payment.status}: only approved payments can be refunded or charged back`,
      );
    const now = providerDate();
    payment.status = rawKind;
    // The provider's details: a refund made by the collector; a chargeback the card issuer settled against it.
    payment.status_detail = rawKind === 'refunded' ? 'refunded' : 'settled';
    payment.date_last_updated = now;
    if (rawKind === 'refunded') payment.transaction_amount_refunded = payment.transaction_amount;
    store.save();
    notify(payment, 'payment.updated');
    return payment;
  };

  const refund = (rawId: string | number, body: unknown, idempotencyKey: string | undefined): RefundRecord => {
    const payment = store.state.payments[String(rawId)];
    if (!/^\d+$/.test(String(rawId)) || !payment) throw paymentNotFound();
    const keys = (store.state.refundKeys ??= {});
    const earlier = idempotencyKey ? keys[idempotencyKey] : undefined;
    if (earlier) {
      const made = payment.refunds?.find((r) => r.id === earlier.refundId);
      if (earlier.paymentId !== payment.id || !made)
        throw badRequest('invalid_idempotency_key', 'X-Idempotency-Key already used for another request');
      return made;
    }
    const raw = isObject(body) ? body.amount : undefined;
    if (raw !== undefined && raw !== null) {
      if (typeof raw !== 'number' || !Number.isFinite(raw))
        throw new ProviderError(400, 'bad_request', 'amount attribute must be numeric', [
          { code: 4041, description: 'amount attribute must be numeric', data: null },
        ]);
      if (raw <= 0)
        throw new ProviderError(400, 'bad_request', 'amount attribute must be positive', [
          { code: 4040, description: 'amount attribute must be positive', data: null },
        ]);
      if (!Number.isInteger(raw)) throw badRequest('invalid_amount', 'amount invalid: currency_id COP does not allow decimals');
    }
    if (payment.status !== 'approved')
      throw new ProviderError(400, 'bad_request', 'The action requested is not valid for the current payment state', [
        { code: 2063, description: 'The action requested is not valid for the current payment state', data: null },
      ]);
    const left = payment.transaction_amount - payment.transaction_amount_refunded;
    const amount = typeof raw === 'number' ? raw : left;
    if (amount > left) throw badRequest('invalid_refund_amount', `amount invalid: only ${left} of payment ${payment.id} is left to refund`);
    const now = providerDate();
    const made: RefundRecord = {
      id: store.takeRefundId(),
      payment_id: payment.id,
      amount,
      metadata: {},
      source: { id: String(userId), name: 'Sandbox collector', type: 'collector' },
      date_created: now,
      status: 'approved',
      unique_sequence_number: null,
      refund_mode: 'standard',
      adjustment_amount: 0,
      amount_refunded_to_payer: amount,
      reason: null,
      labels: [],
      partition_details: [],
    };
    (payment.refunds ??= []).push(made);
    payment.transaction_amount_refunded += amount;
    payment.date_last_updated = now;
    // Nothing left: the payment is refunded, as the provider shows it; a partial refund leaves it approved.
    if (payment.transaction_amount_refunded >= payment.transaction_amount) {
      payment.status = 'refunded';
      payment.status_detail = 'refunded';
    }
    if (idempotencyKey) keys[idempotencyKey] = { paymentId: payment.id, refundId: made.id };
    store.save();
    notify(payment, 'payment.updated');
    return made;
  };

  const refunds = (rawId: string | number): RefundRecord[] => {
    const payment = store.state.payments[String(rawId)];
    if (!/^\d+$/.test(String(rawId)) || !payment) throw paymentNotFound();
    return payment.refunds ?? [];
  };

  /** The provider's end of an unpaid ticket or transfer: cancelled, detail `expired`, notified like any change. */
  const expire = (payment: PaymentRecord, at: Date) => {
    const when = providerDate(at);
    payment.status = 'cancelled';
    payment.status_detail = 'expired';
    payment.date_last_updated = when;
    const order = payment.order && store.state.merchantOrders[String(payment.order.id)];
    if (order) order.last_updated = when;
  };
  const payable = (p: PaymentRecord) => (p.status === 'pending' || p.status === 'in_process') && p.date_of_expiration !== null;

  const expireDue = (now = new Date()): PaymentRecord[] => {
    const due = Object.values(store.state.payments).filter((p) => payable(p) && Date.parse(p.date_of_expiration!) <= now.getTime());
    if (!due.length) return [];
    for (const p of due) expire(p, now);
    store.save();
    for (const p of due) notify(p, 'payment.updated');
    return due;
  };

  const expireNow = (rawId: string | number): PaymentRecord => {
    const payment = store.state.payments[String(rawId)];
    if (!payment) throw paymentNotFound();
    if (!payable(payment))
      throw badRequest(
        'invalid_status',
        `payment ${payment.id} is ${payment.status}: only pending payments with a date_of_expiration (Efecty, PSE) expire`,
      );
    const now = new Date();
    payment.date_of_expiration = providerDate(now);
    expire(payment, now);
    store.save();
    notify(payment, 'payment.updated');
    return payment;
  };

  const dropNotifications = (match: { external_reference?: unknown; payer_email?: unknown; drop?: unknown }) => {
    const drop = (store.state.dropNotifications ??= { references: [], payerEmails: [] });
    // `drop: false` delivers them again from now on (what was dropped stays lost, as with the provider).
    const keep = match.drop !== false;
    const set = (list: string[], value: unknown, normalise: (v: string) => string) => {
      if (typeof value !== 'string' || !value) return list;
      const v = normalise(value);
      return keep ? [...new Set([...list, v])] : list.filter((x) => x !== v);
    };
    drop.references = set(drop.references, match.external_reference, (v) => v);
    drop.payerEmails = set(drop.payerEmails, match.payer_email, (v) => v.toLowerCase());
    store.save();
    return drop;
  };

  const all = () =>
    Object.values(store.state.payments).sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created) || b.id - a.id);

  return { all, create, settle, reverse, refund, refunds, expireDue, expireNow, notify, dropsFor, dropNotifications };
}
