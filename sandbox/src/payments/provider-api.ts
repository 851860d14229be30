// The Mercado Pago API the official SDK calls: preferences, payments (read and search) and merchant orders, each
// behind the bearer token, each answering the provider's JSON and its error shape.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { preferenceTotal } from './pages';
import { ProviderError, paymentNotFound } from './provider-shape';
import type { Payments } from './payments';
import type { MerchantOrderRecord, PaymentRecord, PreferenceRecord, SandboxStore } from './store';
import { validatePreference } from './validators';

export interface ProviderApiOptions {
  store: SandboxStore;
  /** Where refunds are made (the one place a payment record is written). */
  payments: Payments;
  /** The only access token accepted (`Authorization: Bearer <token>`). */
  accessToken: string;
  /** The account id the provider reports as collector_id. */
  userId: number;
  /** Base of init_point as the payer's browser reaches it; default: the request's host. */
  publicUrl?: string | undefined;
  /** Runs before a payment is read or searched (expires the pending payments past their deadline). */
  beforeRead?: () => void;
}

/** The onRequest hook every provider API route has: `Authorization: Bearer <the access token>`, else 401. */
export function bearerToken(accessToken: string) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer '))
      throw new ProviderError(401, 'unauthorized', 'unauthorized', [{ code: 2002, description: 'Access token required', data: null }]);
    if (header.slice(7).trim() !== accessToken)
      throw new ProviderError(401, 'unauthorized', 'invalid access token', [
        { code: 2002, description: 'Invalid access token', data: null },
      ]);
  };
}

/** A merchant order as `GET /merchant_orders/:id` answers it: totals and statuses follow from its payments. */
function merchantOrderBody(store: SandboxStore, userId: number, order: MerchantOrderRecord) {
  const pref = store.state.preferences[order.preference_id];
  const payments = order.payment_ids.map((id) => store.state.payments[String(id)]).filter((p): p is PaymentRecord => !!p);
  const total = pref ? preferenceTotal(pref) : 0;
  const paid = payments.filter((p) => p.status === 'approved').reduce((s, p) => s + p.transaction_amount, 0);
  const inProcess = payments.some((p) => p.status === 'pending' || p.status === 'in_process');
  return {
    id: order.id,
    status: paid >= total && total > 0 ? 'closed' : 'opened',
    external_reference: order.external_reference,
    preference_id: order.preference_id,
    payments: payments.map((p) => ({
      id: p.id,
      transaction_amount: p.transaction_amount,
      total_paid_amount: p.transaction_details.total_paid_amount,
      shipping_cost: 0,
      currency_id: p.currency_id,
      status: p.status,
      status_detail: p.status_detail,
      operation_type: p.operation_type,
      date_approved: p.date_approved,
      date_created: p.date_created,
      last_modified: p.date_last_updated,
      amount_refunded: p.transaction_amount_refunded,
    })),
    shipments: [],
    payouts: [],
    collector: { id: userId, email: '', nickname: '' },
    marketplace: 'NONE',
    notification_url: order.notification_url,
    date_created: order.date_created,
    last_updated: order.last_updated,
    sponsor_id: null,
    shipping_cost: 0,
    total_amount: total,
    site_id: 'MCO',
    paid_amount: paid,
    refunded_amount: payments.reduce((s, p) => s + p.transaction_amount_refunded, 0),
    payer: payments[0] ? { id: payments[0].payer.id, email: payments[0].payer.email } : null,
    items: (pref?.items ?? []).map((i) => ({ ...i, id: i.id ?? '' })),
    cancelled: false,
    additional_info: '',
    application_id: null,
    is_test: true,
    order_status: paid >= total && total > 0 ? 'paid' : inProcess ? 'payment_in_process' : 'payment_required',
    client_id: String(userId).slice(0, 10),
  };
}

export const providerApi: FastifyPluginCallback<ProviderApiOptions> = (
  app,
  { store, payments, accessToken, userId, publicUrl, beforeRead },
  done,
) => {
  const baseUrl = (request: FastifyRequest) => (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');

  const requireToken = bearerToken(accessToken);

  const idempotencyKeys = new Map<string, string>();

  app.post('/checkout/preferences', { onRequest: requireToken }, async (request, reply) => {
    const fields = validatePreference(request.body);
    const key = request.headers['x-idempotency-key'];
    const bodyText = JSON.stringify(request.body);
    if (typeof key === 'string' && idempotencyKeys.has(key) && idempotencyKeys.get(key) !== bodyText) {
      // The real provider does not deduplicate preferences; a key reused for another body is a client bug worth seeing.
      request.log.warn({ key }, 'payment sandbox: X-Idempotency-Key reused for a different preference');
    }
    if (typeof key === 'string') idempotencyKeys.set(key, bodyText);
    const id = `${userId}-${randomUUID()}`;
    const initPoint = `${baseUrl(request)}/checkout/v1/redirect?pref_id=${id}`;
    const pref: PreferenceRecord = {
      id,
      init_point: initPoint,
      sandbox_init_point: initPoint,
      collector_id: userId,
      client_id: String(userId).slice(0, 10),
      ...fields,
    };
    store.state.preferences[id] = pref;
    store.save();
    const { merchant_order_id: _internal, ...answer } = pref;
    return reply.status(201).send(answer);
  });

  app.get<{ Params: { id: string } }>('/checkout/preferences/:id', { onRequest: requireToken }, async (request) => {
    const pref = store.state.preferences[request.params.id];
    if (!pref) throw new ProviderError(404, 'not_found', 'Preference not found', []);
    const { merchant_order_id: _internal, ...answer } = pref;
    return answer;
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/v1/payments/search', { onRequest: requireToken }, async (request) => {
    beforeRead?.();
    const q = request.query;
    const limit = Math.min(Math.max(Number(q.limit ?? 30) || 30, 1), 1000);
    const offset = Math.max(Number(q.offset ?? 0) || 0, 0);
    let results = Object.values(store.state.payments);
    if (q.external_reference) results = results.filter((p) => p.external_reference === q.external_reference);
    if (q.status) results = results.filter((p) => p.status === q.status);
    const desc = q.criteria === 'desc';
    const sortKey = (['date_approved', 'date_last_updated', 'money_release_date'] as const).find((k) => k === q.sort) ?? 'date_created';
    const time = (p: PaymentRecord) => (p[sortKey] ? Date.parse(p[sortKey]) : 0);
    results.sort((a, b) => (time(a) - time(b) || a.id - b.id) * (desc ? -1 : 1));
    return { paging: { total: results.length, limit, offset }, results: results.slice(offset, offset + limit) };
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id', { onRequest: requireToken }, async (request) => {
    beforeRead?.();
    const payment = store.state.payments[request.params.id];
    if (!/^\d+$/.test(request.params.id) || !payment) throw paymentNotFound();
    return payment;
  });

  // Refunds (full without `amount`, partial with it), repeated safely with the same X-Idempotency-Key.
  app.post<{ Params: { id: string } }>('/v1/payments/:id/refunds', { onRequest: requireToken }, async (request, reply) => {
    beforeRead?.();
    const key = request.headers['x-idempotency-key'];
    const refund = payments.refund(request.params.id, request.body, typeof key === 'string' && key ? key : undefined);
    return reply.status(201).send(refund);
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id/refunds', { onRequest: requireToken }, async (request) =>
    payments.refunds(request.params.id),
  );

  app.get<{ Params: { id: string } }>('/merchant_orders/:id', { onRequest: requireToken }, async (request) => {
    beforeRead?.();
    const order = store.state.merchantOrders[request.params.id];
    if (!order) throw new ProviderError(404, 'not_found', 'Merchant Order not found', []);
    return merchantOrderBody(store, userId, order);
  });

  done();
};
