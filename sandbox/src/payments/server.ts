import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { Notifier, defaultRetryPolicy, type DeliveryAttempt, type PaymentNotification, type RetryPolicy } from './notifier';
import { backUrlKind, cardOutcome, efectyOutcome, pseOutcome, settledDetail, type Outcome, type Settlement } from './outcomes';
import { checkoutPage, controlPage, messagePage, preferenceTotal, resultPage, testCard } from './pages';
import {
  SandboxStore,
  type BackUrls,
  type MerchantOrderRecord,
  type PaymentRecord,
  type PreferenceItem,
  type PreferenceRecord,
} from './store';

/** Script body of the MercadoPago.js stand-in: `new MercadoPago(publicKey, { locale })` and nothing that charges. */
const MERCADOPAGO_JS_STANDIN = `(function () {
  if (window.MercadoPago) return;
  function MercadoPago(publicKey, options) {
    if (!(this instanceof MercadoPago)) throw new TypeError('MercadoPago debe crearse con new');
    if (!publicKey) throw new Error('MercadoPago: falta la clave pública');
    this.publicKey = publicKey;
    this.locale = (options && options.locale) || 'es-CO';
    this.sandbox = true;
  }
  MercadoPago.prototype.checkout = function (opts) { return { open: function () { if (opts && opts.preference) window.location.assign(opts.preference.init_point || ''); } }; };
  MercadoPago.prototype.bricks = function () { return { create: function () { return Promise.resolve({ unmount: function () {} }); } }; };
  window.MercadoPago = MercadoPago;
})();
`;

export { signNotification } from 'shared/server/payments/signature';
export { cardholderOutcomes } from './outcomes';
export type { PaymentRecord, PreferenceRecord } from './store';
export type { DeliveryAttempt, RetryPolicy } from './notifier';

export interface PaymentSandboxOptions {
  /** Directory for `payment-sandbox.json`, the sandbox's whole state (preferences, payments, merchant orders). */
  dataDir: string;
  /** The sandbox's own base URL as the payer's browser reaches it (for init_point); default: the request's host. */
  publicUrl?: string | undefined;
  /** The only access token accepted (`Authorization: Bearer <token>`). */
  accessToken?: string | undefined;
  /** Secret that signs notifications (x-signature). */
  webhookSecret?: string | undefined;
  /** Extra deliveries of each notification (0 = each once). */
  duplicates?: number | undefined;
  /** When a payment changes after its creation, deliver the older `payment.created` again after the newer update. */
  outOfOrder?: boolean | undefined;
  /** Retries of failed notification deliveries (exponential backoff, bounded). */
  retry?: Partial<RetryPolicy> | undefined;
  /** The account id the provider reports as collector_id / user_id. */
  userId?: number | undefined;
  /** false (default): silent; true or a level: Fastify's logger; or a pino logger instance to log through. */
  log?: boolean | string | FastifyBaseLogger | undefined;
}

export interface PaymentSandboxControl {
  /** Every payment, newest first. */
  payments(): PaymentRecord[];
  /** Settles a pending payment, as `POST /sandbox/payments/:id/settle` does. */
  settle(id: string | number, status: Settlement): PaymentRecord;
  /** Resolves when every scheduled notification delivery (retries included) has ended. */
  idle(): Promise<void>;
  /** Delivery attempts so far (latest 500). */
  deliveries(): DeliveryAttempt[];
}

export type PaymentSandboxApp = FastifyInstance & { sandbox: PaymentSandboxControl };

export const defaultAccessToken = 'TEST-sandbox-token';
export const defaultWebhookSecret = 'sandbox-webhook-secret';

/** An error answered in the provider's shape: `{ message, error, status, cause: [...] }`. */
class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly causes: { code: string | number; description: string; data: string | null }[] = [],
  ) {
    super(message);
  }
  get body() {
    return { message: this.message, error: this.error, status: this.status, cause: this.causes };
  }
}

const badRequest = (error: string, message: string) =>
  new ProviderError(400, error, message, [{ code: error, description: message, data: null }]);

/** The provider's timestamps carry a local offset; Colombia is UTC-5 all year. */
function providerDate(date: Date = new Date()): string {
  return new Date(date.getTime() - 5 * 3600_000).toISOString().replace('Z', '-05:00');
}

const css = readFileSync(new URL('./checkout.css', import.meta.url), 'utf8');

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

function validateItems(raw: unknown): PreferenceItem[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest('invalid_items', 'items needed');
  return raw.map((item: unknown, i) => {
    if (!isObject(item)) throw badRequest('invalid_items', `items[${i}] invalid`);
    const { title, quantity, unit_price: unitPrice, currency_id: currency } = item;
    if (typeof title !== 'string' || title.trim() === '') throw badRequest('invalid_items', `items[${i}].title needed`);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      throw badRequest('invalid_items', `items[${i}].quantity invalid: must be an integer greater than or equal to 1`);
    if (currency !== undefined && currency !== 'COP')
      throw badRequest('invalid_items', `items[${i}].currency_id invalid: ${String(currency)} is not the currency of site MCO`);
    if (typeof unitPrice !== 'number' || !Number.isFinite(unitPrice) || unitPrice <= 0)
      throw badRequest('invalid_items', `items[${i}].unit_price invalid: must be a positive number`);
    if (!Number.isInteger(unitPrice))
      throw badRequest('invalid_items', `items[${i}].unit_price invalid: currency_id COP does not allow decimals`);
    if (!Number.isSafeInteger(unitPrice * quantity)) throw badRequest('invalid_items', `items[${i}].unit_price invalid: too large`);
    const out: PreferenceItem = { title, quantity, currency_id: 'COP', unit_price: unitPrice };
    for (const key of ['id', 'description', 'picture_url', 'category_id'] as const) {
      const v = item[key];
      if (v !== undefined && v !== null) {
        if (typeof v !== 'string') throw badRequest('invalid_items', `items[${i}].${key} invalid`);
        out[key] = v;
      }
    }
    return out;
  });
}

function validateBackUrls(raw: unknown): BackUrls {
  const urls: BackUrls = { success: '', failure: '', pending: '' };
  if (raw === undefined || raw === null) return urls;
  if (!isObject(raw)) throw badRequest('invalid_back_urls', 'back_urls invalid. Wrong format');
  for (const key of ['success', 'failure', 'pending'] as const) {
    const v = raw[key];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || !isHttpUrl(v)) throw badRequest('invalid_back_urls', `back_urls invalid. Wrong format: back_urls.${key}`);
    urls[key] = v;
  }
  return urls;
}

function optionalDate(body: Json, key: string): string | null {
  const v = body[key];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}T/.test(v))
    throw badRequest(`invalid_${key}`, `${key} invalid. Use the format yyyy-MM-ddTHH:mm:ss.SSSZ`);
  return v;
}

/** Checks a preference as the provider does and fills in the provider's defaults. */
function validatePreference(
  body: unknown,
): Omit<PreferenceRecord, 'id' | 'init_point' | 'sandbox_init_point' | 'collector_id' | 'client_id'> {
  if (!isObject(body)) throw badRequest('bad_request', 'body must be a JSON object');
  const items = validateItems(body.items);
  const backUrls = validateBackUrls(body.back_urls);
  const autoReturn = body.auto_return ?? '';
  if (autoReturn !== '' && autoReturn !== 'approved' && autoReturn !== 'all')
    throw badRequest('invalid_auto_return', 'auto_return invalid. Use approved or all');
  if (autoReturn !== '' && !backUrls.success)
    throw badRequest('invalid_auto_return', 'auto_return invalid. back_url.success must be defined');
  const ref = body.external_reference ?? '';
  if (typeof ref !== 'string' || ref.length > 64 || (ref !== '' && !/^[A-Za-z0-9_-]+$/.test(ref)))
    throw badRequest(
      'invalid_external_reference',
      'external_reference invalid. Up to 64 characters: letters, digits, hyphen (-) and underscore (_)',
    );
  const notificationUrl = body.notification_url ?? null;
  if (notificationUrl !== null && (typeof notificationUrl !== 'string' || notificationUrl.length > 500 || !isHttpUrl(notificationUrl)))
    throw badRequest('invalid_notification_url', 'notification_url attribute must be url valid');
  const from = optionalDate(body, 'expiration_date_from');
  const to = optionalDate(body, 'expiration_date_to');
  if (from && to && Date.parse(from) > Date.parse(to))
    throw badRequest('invalid_expiration_date_to', 'expiration_date_to must be after expiration_date_from');
  const payer = body.payer ?? {};
  if (!isObject(payer)) throw badRequest('invalid_payer', 'payer invalid');
  if (payer.email !== undefined && (typeof payer.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(payer.email)))
    throw badRequest('invalid_payer', 'payer.email invalid');
  const metadata = body.metadata ?? {};
  if (!isObject(metadata)) throw badRequest('invalid_metadata', 'metadata invalid');
  const descriptor = body.statement_descriptor ?? null;
  if (descriptor !== null && typeof descriptor !== 'string')
    throw badRequest('invalid_statement_descriptor', 'statement_descriptor invalid');
  return {
    date_created: providerDate(),
    last_updated: null,
    items,
    payer,
    back_urls: backUrls,
    auto_return: autoReturn,
    notification_url: notificationUrl,
    external_reference: ref,
    expires: body.expires === true || to !== null,
    expiration_date_from: from,
    expiration_date_to: to,
    metadata,
    statement_descriptor: descriptor,
    additional_info: typeof body.additional_info === 'string' ? body.additional_info : '',
    binary_mode: body.binary_mode === true,
    marketplace: 'NONE',
    operation_type: 'regular_payment',
    site_id: 'MCO',
    payment_methods: isObject(body.payment_methods)
      ? body.payment_methods
      : { excluded_payment_methods: [{ id: '' }], excluded_payment_types: [{ id: '' }], installments: null, default_installments: null },
  };
}

function resolveLogger(log: PaymentSandboxOptions['log']): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (log === undefined || log === false) return { logger: false };
  if (log === true) return { logger: { level: 'info' } };
  if (typeof log === 'string') return { logger: log === 'silent' ? false : { level: log } };
  return { loggerInstance: log };
}

/**
 * A local stand-in for Mercado Pago Checkout Pro (site MCO, COP): the API the official SDK calls, the hosted checkout
 * at init_point, signed webhook notifications, and a control page to settle pending payments. Not listening: see
 * `startPaymentSandbox`.
 */
export function buildPaymentSandbox(options: PaymentSandboxOptions): PaymentSandboxApp {
  const accessToken = options.accessToken ?? defaultAccessToken;
  const userId = options.userId ?? 1_234_567_890;
  const store = new SandboxStore(options.dataDir);
  const app = Fastify({
    ...resolveLogger(options.log),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  }) as unknown as FastifyInstance;
  const notifier = new Notifier(
    {
      secret: options.webhookSecret ?? defaultWebhookSecret,
      userId,
      duplicates: options.duplicates ?? 0,
      retry: { ...defaultRetryPolicy, ...options.retry },
      log: app.log,
    },
    store.state.outbox,
    () => store.save(),
  );
  app.addHook('onClose', async () => notifier.close());

  // Plain HTML forms (the hosted checkout and the control page) post urlencoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.setErrorHandler((thrown, request, reply) => {
    if (thrown instanceof ProviderError) return reply.status(thrown.status).send(thrown.body);
    const err = thrown as FastifyError;
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'payment sandbox: unhandled error');
    const error = status === 500 ? 'internal_error' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    return reply.status(status).send({ message: status === 500 ? 'internal error' : err.message, error, status, cause: [] });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `resource ${request.url.split('?')[0]} not found`, error: 'not_found', status: 404, cause: [] }),
  );

  const baseUrl = (request: FastifyRequest) => (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');

  const requireToken = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer '))
      throw new ProviderError(401, 'unauthorized', 'unauthorized', [{ code: 2002, description: 'Access token required', data: null }]);
    if (header.slice(7).trim() !== accessToken)
      throw new ProviderError(401, 'unauthorized', 'invalid access token', [
        { code: 2002, description: 'Invalid access token', data: null },
      ]);
  };

  const idempotencyKeys = new Map<string, string>();

  // ---- Provider API (what the SDK calls) ----

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

  const paymentNotFound = () =>
    new ProviderError(404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found', data: null }]);

  app.get<{ Querystring: Record<string, string | undefined> }>('/v1/payments/search', { onRequest: requireToken }, async (request) => {
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
    const payment = store.state.payments[request.params.id];
    if (!/^\d+$/.test(request.params.id) || !payment) throw paymentNotFound();
    return payment;
  });

  const merchantOrderBody = (order: MerchantOrderRecord) => {
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
        amount_refunded: 0,
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
      refunded_amount: 0,
      payer: payments[0] ? { id: payments[0].payer.id, email: payments[0].payer.email } : null,
      items: (pref?.items ?? []).map((i) => ({ ...i, id: i.id ?? '' })),
      cancelled: false,
      additional_info: '',
      application_id: null,
      is_test: true,
      order_status: paid >= total && total > 0 ? 'paid' : inProcess ? 'payment_in_process' : 'payment_required',
      client_id: String(userId).slice(0, 10),
    };
  };

  app.get<{ Params: { id: string } }>('/merchant_orders/:id', { onRequest: requireToken }, async (request) => {
    const order = store.state.merchantOrders[request.params.id];
    if (!order) throw new ProviderError(404, 'not_found', 'Merchant Order not found', []);
    return merchantOrderBody(order);
  });

  // ---- Hosted checkout (the payer's browser) ----

  const htmlHeaders = (reply: FastifyReply, formTargets: string[] = []) => {
    const origins = [...new Set(formTargets.filter(isHttpUrl).map((u) => new URL(u).origin))];
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        // form-action also governs where a form's redirect may go: the back_urls' origins.
        `default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${origins.join(' ')}`.trim(),
      );
  };

  app.get('/checkout/static/checkout.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css),
  );

  // Stand-in for MercadoPago.js v2 (https://sdk.mercadopago.com/js/v2): the site loads it lazily on the donation page.
  // It defines the same global constructor so the page's loader follows its real path offline.
  app.get('/js/v2', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(MERCADOPAGO_JS_STANDIN),
  );
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).header('cache-control', 'public, max-age=86400').send());

  /** The preference a payer may pay now, or the page explaining why not. */
  const payablePreference = (prefId: unknown, reply: FastifyReply): PreferenceRecord | null => {
    const pref = typeof prefId === 'string' ? store.state.preferences[prefId] : undefined;
    if (!pref) {
      void htmlHeaders(reply.status(404)).send(messagePage('Pago no encontrado', 'El enlace de pago no existe o ya no es válido.'));
      return null;
    }
    const now = Date.now();
    if (pref.expiration_date_from && Date.parse(pref.expiration_date_from) > now) {
      void htmlHeaders(reply.status(409)).send(messagePage('Pago aún no disponible', 'Este enlace de pago todavía no está habilitado.'));
      return null;
    }
    if (pref.expiration_date_to && Date.parse(pref.expiration_date_to) < now) {
      void htmlHeaders(reply.status(410)).send(
        messagePage('Enlace de pago vencido', 'Este enlace de pago venció. Vuelve al sitio e inicia el pago de nuevo.'),
      );
      return null;
    }
    return pref;
  };

  app.get<{ Querystring: { pref_id?: string } }>('/checkout/v1/redirect', async (request, reply) => {
    const pref = payablePreference(request.query.pref_id, reply);
    if (!pref) return reply;
    return htmlHeaders(reply, Object.values(pref.back_urls)).send(checkoutPage(pref));
  });

  const notify = (payment: PaymentRecord, action: PaymentNotification['action']) => {
    if (!payment.notification_url) return;
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
      notifier.send(notification, options.outOfOrder ? store.state.firstNotifications[String(payment.id)] : undefined);
    }
  };

  const createPayment = (pref: PreferenceRecord, method: 'card' | 'pse' | 'efecty', outcome: Outcome, cardholderName: string) => {
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
      date_of_expiration: method === 'efecty' ? providerDate(new Date(now.getTime() + 3 * 86_400_000)) : null,
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

  app.post<{ Body: Record<string, string | undefined> }>('/checkout/v1/pay', async (request, reply) => {
    const body = isObject(request.body) ? (request.body as Record<string, unknown>) : {};
    const pref = payablePreference(body.pref_id, reply);
    if (!pref) return reply;
    const method = body.payment_method;
    let outcome: Outcome;
    let cardholderName = '';
    if (method === 'pse') outcome = pseOutcome;
    else if (method === 'efecty') outcome = efectyOutcome;
    else if (method === 'card') {
      cardholderName = typeof body.cardholder_name === 'string' ? body.cardholder_name.trim().slice(0, 100) : '';
      if (!cardholderName) {
        return htmlHeaders(reply.status(400), Object.values(pref.back_urls)).send(
          checkoutPage(pref, { cardholderName: '', message: 'Ingresa el nombre del titular como aparece en la tarjeta.' }),
        );
      }
      outcome = cardOutcome(cardholderName);
    } else {
      return htmlHeaders(reply.status(400)).send(messagePage('Medio de pago no válido', 'Elige tarjeta, PSE o Efecty.'));
    }
    const payment = createPayment(pref, method, outcome, cardholderName);
    const target = pref.back_urls[backUrlKind(payment.status)];
    if (!target) return reply.status(303).header('location', `/checkout/v1/congrats?payment_id=${payment.id}`).send();
    // The provider's real return parameters; status_detail is deliberately not among them.
    const params = new URLSearchParams({
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: payment.external_reference ?? 'null',
      payment_type: payment.payment_type_id,
      merchant_order_id: String(payment.order.id),
      preference_id: pref.id,
      site_id: 'MCO',
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    });
    const location = `${target}${target.includes('?') ? '&' : '?'}${params.toString()}`;
    return reply.status(303).header('location', location).send();
  });

  app.get<{ Querystring: { payment_id?: string } }>('/checkout/v1/congrats', async (request, reply) => {
    const payment = store.state.payments[request.query.payment_id ?? ''];
    if (!payment) return htmlHeaders(reply.status(404)).send(messagePage('Pago no encontrado', 'No encontramos ese pago.'));
    return htmlHeaders(reply).send(resultPage(payment));
  });

  // ---- Developer / test control ----

  const settle = (rawId: string | number, status: unknown): PaymentRecord => {
    const payment = store.state.payments[String(rawId)];
    if (!payment) throw paymentNotFound();
    if (status !== 'approved' && status !== 'rejected' && status !== 'cancelled')
      throw badRequest('invalid_status', 'status invalid. Use approved, rejected or cancelled');
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
    const order = store.state.merchantOrders[String(payment.order.id)];
    if (order) order.last_updated = now;
    store.save();
    notify(payment, 'payment.updated');
    return payment;
  };

  const allPayments = () =>
    Object.values(store.state.payments).sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created) || b.id - a.id);

  app.get('/sandbox', async (_request, reply) => htmlHeaders(reply).send(controlPage(allPayments())));
  app.get('/sandbox/payments.json', async () => allPayments());
  app.get('/sandbox/notifications.json', async () => notifier.attempts);
  app.post<{ Params: { id: string } }>('/sandbox/payments/:id/settle', async (request, reply) => {
    const fromForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const body = isObject(request.body) ? request.body : {};
    const payment = settle(request.params.id, body.status);
    if (fromForm) return reply.status(303).header('location', '/sandbox').send();
    return payment;
  });

  const control: PaymentSandboxControl = {
    payments: allPayments,
    settle,
    idle: () => notifier.idle(),
    deliveries: () => [...notifier.attempts],
  };
  app.decorate('sandbox', control);
  return app as PaymentSandboxApp;
}

export interface StartedPaymentSandbox {
  /** Where the sandbox listens, e.g. `http://127.0.0.1:8090` (use it as the SDK's base URL). */
  url: string;
  app: PaymentSandboxApp;
  close(): Promise<void>;
}

/** Builds the sandbox and listens (loopback by default; port 0 picks a free port). */
export async function startPaymentSandbox(
  options: PaymentSandboxOptions & { port?: number; host?: string },
): Promise<StartedPaymentSandbox> {
  const app = buildPaymentSandbox(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 8090, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { url, app, close: () => app.close() };
}
