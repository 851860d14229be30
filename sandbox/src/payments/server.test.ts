import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MercadoPagoConfig, MerchantOrder, Payment, Preference, WebhookSignatureValidator } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { createMercadoPagoProvider } from 'shared/server/payments/mercadopago';
import { buildPaymentSandbox, signNotification, startPaymentSandbox, type StartedPaymentSandbox } from './server';

const token = 'TEST-sandbox-token';
const secret = 'secreto-de-notificaciones';
const retry = { attempts: 4, baseDelayMs: 30, maxDelayMs: 200, timeoutMs: 2000 };

/** Points the official SDK at a sandbox, the way our server does (the SDK has no per-client base URL). */
function pointSdkAt(url: string) {
  (AppConfig as { BASE_URL: string }).BASE_URL = url;
}
// A fresh config per call: the SDK leaks requestOptions into a shared config.
const sdk = (accessToken = token) => new MercadoPagoConfig({ accessToken, options: { timeout: 5000, maxRetries: 0 } });

interface Received {
  url: URL;
  headers: IncomingHttpHeaders;
  body: {
    action: string;
    api_version: string;
    data: { id: string };
    date_created: string;
    id: number;
    live_mode: boolean;
    type: string;
    user_id: number;
  };
}

/** A local webhook receiver standing in for our server: records deliveries, can fail the first N. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0, failures: 0 };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      if (state.failNext > 0) {
        state.failNext--;
        state.failures++;
        res.writeHead(500).end('falla de prueba');
        return;
      }
      received.push({ url: new URL(req.url ?? '/', 'http://receiver'), headers: req.headers, body: JSON.parse(text) as Received['body'] });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const item = {
  id: 'desarrollo-software-m1',
  title: 'Desarrollo de Software – Módulo 1',
  quantity: 1,
  unit_price: 119900,
  currency_id: 'COP',
};

function preferenceBody(receiverUrl: string, extra: Record<string, unknown> = {}) {
  return {
    items: [item],
    payer: { name: 'Ana Pérez', email: 'ana@example.com' },
    back_urls: {
      success: 'http://localhost:3000/pago/exitoso',
      failure: 'http://localhost:3000/pago/error',
      pending: 'http://localhost:3000/pago/pendiente',
    },
    auto_return: 'approved',
    notification_url: `${receiverUrl}/api/courses/payments/notifications`,
    external_reference: 'ENR-42_abc',
    metadata: { enrolment_id: '42' },
    ...extra,
  };
}

/** Submits a hosted-checkout form like a browser, without following the redirect. */
async function pay(sandboxUrl: string, prefId: string, fields: Record<string, string>) {
  const res = await fetch(`${sandboxUrl}/checkout/v1/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pref_id: prefId, ...fields }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

const returnParams = [
  'collection_id',
  'collection_status',
  'payment_id',
  'status',
  'external_reference',
  'payment_type',
  'merchant_order_id',
  'preference_id',
  'site_id',
  'processing_mode',
  'merchant_account_id',
];

describe('payment sandbox through the official SDK', () => {
  let dataDir: string;
  let sandbox: StartedPaymentSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let prefId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'payment-sandbox-'));
    receiver = await startReceiver();
    sandbox = await startPaymentSandbox({ port: 0, dataDir, accessToken: token, webhookSecret: secret, retry });
    pointSdkAt(sandbox.url);
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a preference in integer COP and reads it back', async () => {
    const pref = await new Preference(sdk()).create({ body: preferenceBody(receiver.url) });
    expect(pref.api_response.status).toBe(201);
    expect(pref.id).toMatch(/^\d+-[0-9a-f-]{36}$/);
    expect(pref.init_point).toBe(`${sandbox.url}/checkout/v1/redirect?pref_id=${pref.id}`);
    expect(pref.sandbox_init_point).toBe(pref.init_point);
    expect(pref.items?.[0]).toMatchObject({ title: item.title, unit_price: 119900, currency_id: 'COP', quantity: 1 });
    expect(pref.external_reference).toBe('ENR-42_abc');
    expect(pref.back_urls?.success).toBe('http://localhost:3000/pago/exitoso');
    expect(pref.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-05:00$/);
    prefId = pref.id!;
    const again = await new Preference(sdk()).get({ preferenceId: prefId });
    expect(again.id).toBe(prefId);
    expect(again.notification_url).toBe(`${receiver.url}/api/courses/payments/notifications`);
  });

  it('answers bad preferences with 400 in the provider error shape', async () => {
    const refused = async (extra: Record<string, unknown>) => {
      const err = (await new Preference(sdk()).create({ body: preferenceBody(receiver.url, extra) }).catch((e: unknown) => e)) as {
        status: number;
        error: string;
        message: string;
        causes: unknown[];
      };
      expect(err.status).toBe(400);
      expect(Array.isArray(err.causes)).toBe(true);
      return err;
    };
    expect((await refused({ items: [{ ...item, unit_price: 119900.5 }] })).message).toMatch(/COP does not allow decimals/);
    expect((await refused({ items: [{ ...item, currency_id: 'USD' }] })).error).toBe('invalid_items');
    expect((await refused({ items: [{ ...item, quantity: 0 }] })).error).toBe('invalid_items');
    expect((await refused({ items: [] })).error).toBe('invalid_items');
    expect((await refused({ back_urls: { failure: 'http://localhost:3000/pago/error' } })).message).toBe(
      'auto_return invalid. back_url.success must be defined',
    );
    expect((await refused({ external_reference: 'ENR-1|user:abc' })).error).toBe('invalid_external_reference');
    expect((await refused({ external_reference: 'x'.repeat(65) })).error).toBe('invalid_external_reference');
    expect((await refused({ notification_url: 'not a url' })).error).toBe('invalid_notification_url');
  });

  it('accepts the route without the trailing slash and refuses a wrong token with 401', async () => {
    const res = await fetch(`${sandbox.url}/checkout/preferences`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(preferenceBody(receiver.url)),
    });
    expect(res.status).toBe(201);
    const err = (await new Preference(sdk('TEST-wrong')).create({ body: preferenceBody(receiver.url) }).catch((e: unknown) => e)) as {
      status: number;
      error: string;
    };
    expect(err.status).toBe(401);
    expect(err.error).toBe('unauthorized');
    const anonymous = await fetch(`${sandbox.url}/v1/payments/1`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthorized', status: 401, cause: expect.any(Array) });
  });

  it('answers 404 for unknown payments, preferences and merchant orders', async () => {
    for (const call of [
      () => new Payment(sdk()).get({ id: '999' }),
      () => new Preference(sdk()).get({ preferenceId: 'nada' }),
      () => new MerchantOrder(sdk()).get({ merchantOrderId: 1 }),
    ]) {
      const err = (await call().catch((e: unknown) => e)) as { status: number; error: string };
      expect(err.status).toBe(404);
      expect(err.error).toBe('not_found');
    }
  });

  it('serves an accessible Spanish checkout page with the title, the COP amount and the card form, and no scripts', async () => {
    const res = await fetch(`${sandbox.url}/checkout/v1/redirect?pref_id=${prefId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain(item.title);
    expect(html).toContain('$ 119.900');
    expect(html).toMatch(/<label for="cardholder_name">Titular de la tarjeta<\/label>/);
    expect(html).toMatch(/<input id="cardholder_name" name="cardholder_name" type="text"/);
    expect(html).toContain('<button type="submit">Pagar</button>');
    expect(html).toContain('>PSE</button>');
    expect(html).toContain('>Efecty</button>');
    expect(html).not.toMatch(/<script|\son[a-z]+=|style=/i);
    const css = await fetch(`${sandbox.url}/checkout/static/checkout.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const missing = await fetch(`${sandbox.url}/checkout/v1/redirect?pref_id=nada`);
    expect(missing.status).toBe(404);
  });

  it('APRO: approves, returns to success with the real return parameters, and the SDK reads the payment', async () => {
    const { status, location } = await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: 'APRO' });
    expect(status).toBe(303);
    const back = new URL(location!);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/pago/exitoso');
    expect([...back.searchParams.keys()]).toEqual(returnParams);
    expect(back.searchParams.has('status_detail')).toBe(false);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      collection_status: 'approved',
      status: 'approved',
      external_reference: 'ENR-42_abc',
      payment_type: 'credit_card',
      preference_id: prefId,
      site_id: 'MCO',
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    });
    const id = back.searchParams.get('payment_id')!;
    expect(id).toMatch(/^\d{10}$/);
    expect(back.searchParams.get('collection_id')).toBe(id);

    const payment = await new Payment(sdk()).get({ id });
    expect(payment).toMatchObject({
      id: Number(id),
      status: 'approved',
      status_detail: 'accredited',
      payment_type_id: 'credit_card',
      transaction_amount: 119900,
      currency_id: 'COP',
      external_reference: 'ENR-42_abc',
      description: item.title,
      payer: { email: 'ana@example.com' },
      metadata: { enrolment_id: '42' },
      order: { id: Number(back.searchParams.get('merchant_order_id')), type: 'mercadopago' },
    });
    expect(payment.date_approved).toBeTruthy();
    expect(payment.date_last_updated).toBeTruthy();
    // The card as the provider documents it: the test card's last four digits and expiry (11/30).
    expect(payment.card).toMatchObject({ last_four_digits: '3564', expiration_month: 11, expiration_year: 2030 });
    // The site's reader (shared/server/payments/mercadopago.ts) brings it into ProviderPayment.
    const site = createMercadoPagoProvider({ accessToken: token, baseUrl: sandbox.url });
    expect((await site.getPayment(id))?.card).toEqual({ last_four: '3564', expiration_month: 11, expiration_year: 2030 });

    const order = await new MerchantOrder(sdk()).get({ merchantOrderId: back.searchParams.get('merchant_order_id')! });
    expect(order).toMatchObject({ preference_id: prefId, external_reference: 'ENR-42_abc', order_status: 'paid', total_amount: 119900 });
    expect(order.payments?.map((p) => p.id)).toContain(Number(id));
  });

  it('sends a correctly signed payment.created notification', async () => {
    await sandbox.app.sandbox.idle();
    receiver.received.length = 0;
    const { location } = await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: 'APRO' });
    const id = new URL(location!).searchParams.get('payment_id')!;
    await sandbox.app.sandbox.idle();
    expect(receiver.received).toHaveLength(1);
    const n = receiver.received[0]!;
    expect(n.url.pathname).toBe('/api/courses/payments/notifications');
    expect(n.url.searchParams.get('data.id')).toBe(id);
    expect(n.url.searchParams.get('type')).toBe('payment');
    expect(n.body).toMatchObject({ action: 'payment.created', api_version: 'v1', data: { id }, live_mode: false, type: 'payment' });
    expect(typeof n.body.id).toBe('number');
    expect(typeof n.body.user_id).toBe('number');
    const requestId = n.headers['x-request-id'] as string;
    const signature = n.headers['x-signature'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const ts = Number(/ts=(\d+)/.exec(signature)![1]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);
    expect(signature).toBe(signNotification(secret, id, requestId, ts));
    // The SDK's own validator agrees.
    expect(() =>
      WebhookSignatureValidator.validate({ xSignature: signature, xRequestId: requestId, dataId: id, secret, toleranceSeconds: 300 }),
    ).not.toThrow();
    expect(() =>
      WebhookSignatureValidator.validate({ xSignature: signature, xRequestId: requestId, dataId: id, secret: 'otro' }),
    ).toThrow();
  });

  it.each([
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount', '/pago/error'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason', '/pago/error'],
    ['CALL', 'rejected', 'cc_rejected_call_for_authorize', '/pago/error'],
    ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code', '/pago/error'],
    ['EXPI', 'rejected', 'cc_rejected_bad_filled_date', '/pago/error'],
    ['FORM', 'rejected', 'cc_rejected_bad_filled_other', '/pago/error'],
    ['CONT', 'in_process', 'pending_contingency', '/pago/pendiente'],
    ['Juana Gómez', 'approved', 'accredited', '/pago/exitoso'],
  ])('card holder %s → %s / %s', async (name, expected, detail, page) => {
    const { location } = await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: name });
    const back = new URL(location!);
    expect(back.pathname).toBe(page);
    expect(back.searchParams.get('status')).toBe(expected);
    expect(back.searchParams.has('status_detail')).toBe(false);
    const payment = await new Payment(sdk()).get({ id: back.searchParams.get('payment_id')! });
    expect(payment.status).toBe(expected);
    expect(payment.status_detail).toBe(detail);
  });

  it('PSE and Efecty end pending with bank_transfer / ticket', async () => {
    const pse = new URL((await pay(sandbox.url, prefId, { payment_method: 'pse' })).location!);
    expect(pse.pathname).toBe('/pago/pendiente');
    expect(Object.fromEntries(pse.searchParams)).toMatchObject({ status: 'pending', payment_type: 'bank_transfer' });
    expect(await new Payment(sdk()).get({ id: pse.searchParams.get('payment_id')! })).toMatchObject({
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      payment_type_id: 'bank_transfer',
      payment_method_id: 'pse',
    });
    const efecty = new URL((await pay(sandbox.url, prefId, { payment_method: 'efecty' })).location!);
    expect(efecty.searchParams.get('payment_type')).toBe('ticket');
    const ticket = await new Payment(sdk()).get({ id: efecty.searchParams.get('payment_id')! });
    expect(ticket).toMatchObject({ status: 'pending', status_detail: 'pending_waiting_payment', payment_method_id: 'efecty' });
    expect(ticket.date_of_expiration).toBeTruthy();
  });

  it("an unpaid Efecty ticket and PSE transfer carry their deadline and expire at it (cancelled / expired), notified like the provider's", async () => {
    const started = Date.now();
    const pseId = new URL((await pay(sandbox.url, prefId, { payment_method: 'pse' })).location!).searchParams.get('payment_id')!;
    const ticketId = new URL((await pay(sandbox.url, prefId, { payment_method: 'efecty' })).location!).searchParams.get('payment_id')!;
    const pse = await new Payment(sdk()).get({ id: pseId });
    const ticket = await new Payment(sdk()).get({ id: ticketId });
    // Efecty: the provider's 3 days; PSE: a deadline too, shorter (the stand-in's 2 hours).
    expect(Date.parse(ticket.date_of_expiration!) - started).toBeGreaterThanOrEqual(3 * 86_400_000 - 60_000);
    expect(Date.parse(ticket.date_of_expiration!) - started).toBeLessThanOrEqual(3 * 86_400_000 + 60_000);
    expect(Date.parse(pse.date_of_expiration!) - started).toBeGreaterThan(0);
    expect(Date.parse(pse.date_of_expiration!)).toBeLessThan(Date.parse(ticket.date_of_expiration!));
    // A card payment has no deadline.
    const card = new URL((await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: 'CONT' })).location!);
    expect((await new Payment(sdk()).get({ id: card.searchParams.get('payment_id')! })).date_of_expiration ?? null).toBeNull();

    // Nothing expires before its deadline.
    expect(sandbox.app.sandbox.expireDue(new Date(started + 60_000))).toEqual([]);
    await sandbox.app.sandbox.idle();
    receiver.received.length = 0;
    // The deadline passes (the periodic check, here asked for at the time it would run).
    const expired = sandbox.app.sandbox.expireDue(new Date(Date.parse(ticket.date_of_expiration!) + 1000));
    expect(expired.map((p) => String(p.id))).toEqual(expect.arrayContaining([pseId, ticketId]));
    expect(await new Payment(sdk()).get({ id: ticketId })).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
    expect(await new Payment(sdk()).get({ id: pseId })).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
    await sandbox.app.sandbox.idle();
    expect(receiver.received.map((r) => [r.body.action, r.body.data.id])).toEqual(
      expect.arrayContaining([
        ['payment.updated', pseId],
        ['payment.updated', ticketId],
      ]),
    );
    // Paying at the counter after the deadline is not accepted.
    const late = await fetch(`${sandbox.url}/sandbox/payments/${ticketId}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(late.status).toBe(400);
  });

  it('expires a pending ticket on demand (POST /sandbox/payments/:id/expire), and reads never show one pending past its deadline', async () => {
    const ticketId = new URL((await pay(sandbox.url, prefId, { payment_method: 'efecty' })).location!).searchParams.get('payment_id')!;
    await sandbox.app.sandbox.idle();
    receiver.received.length = 0;
    const res = await fetch(`${sandbox.url}/sandbox/payments/${ticketId}/expire`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; status_detail: string; date_of_expiration: string };
    expect(body).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
    expect(Date.parse(body.date_of_expiration)).toBeLessThanOrEqual(Date.now());
    await sandbox.app.sandbox.idle();
    expect(receiver.received.map((r) => [r.body.action, r.body.data.id])).toEqual([['payment.updated', ticketId]]);
    // Only a pending payment with a deadline expires.
    const again = await fetch(`${sandbox.url}/sandbox/payments/${ticketId}/expire`, { method: 'POST' });
    expect(again.status).toBe(400);
    const card = new URL((await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: 'CONT' })).location!);
    expect((await fetch(`${sandbox.url}/sandbox/payments/${card.searchParams.get('payment_id')}/expire`, { method: 'POST' })).status).toBe(
      400,
    );
    expect((await fetch(`${sandbox.url}/sandbox/payments/1/expire`, { method: 'POST' })).status).toBe(404);
  });

  it('asks again for a missing cardholder name instead of paying', async () => {
    const res = await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: '  ' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).toContain('Ingresa el nombre del titular');
  });

  it('settles a pending payment later and notifies payment.updated', async () => {
    const pse = new URL((await pay(sandbox.url, prefId, { payment_method: 'pse' })).location!);
    const id = pse.searchParams.get('payment_id')!;
    await sandbox.app.sandbox.idle();
    receiver.received.length = 0;

    const res = await fetch(`${sandbox.url}/sandbox/payments/${id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: Number(id), status: 'approved', status_detail: 'accredited' });
    const payment = await new Payment(sdk()).get({ id });
    expect(payment.status).toBe('approved');
    expect(payment.date_approved).toBeTruthy();
    await sandbox.app.sandbox.idle();
    expect(receiver.received.map((r) => [r.body.action, r.body.data.id])).toEqual([['payment.updated', id]]);

    const again = await fetch(`${sandbox.url}/sandbox/payments/${id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'rejected' }),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_status', status: 400 });
    const unknown = await fetch(`${sandbox.url}/sandbox/payments/1/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(unknown.status).toBe(404);
  });

  it('refunds or charges back an approved payment and notifies it; pending ones cannot be reversed', async () => {
    const card = new URL((await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: 'APRO' })).location!);
    const id = card.searchParams.get('payment_id')!;
    await sandbox.app.sandbox.idle();
    receiver.received.length = 0;
    const reverse = (status: string, paymentId = id) =>
      fetch(`${sandbox.url}/sandbox/payments/${paymentId}/reverse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    expect((await reverse('approved')).status).toBe(400);
    const res = await reverse('refunded');
    expect(res.status).toBe(200);
    const payment = await new Payment(sdk()).get({ id });
    expect(payment).toMatchObject({ status: 'refunded', status_detail: 'refunded' });
    expect(payment.transaction_amount_refunded).toBe(payment.transaction_amount);
    await sandbox.app.sandbox.idle();
    expect(receiver.received.map((r) => [r.body.action, r.body.data.id])).toEqual([['payment.updated', id]]);
    // Already refunded: nothing more to reverse.
    expect((await reverse('charged_back')).status).toBe(400);
    const pse = new URL((await pay(sandbox.url, prefId, { payment_method: 'pse' })).location!);
    expect((await reverse('refunded', pse.searchParams.get('payment_id')!)).status).toBe(400);
  });

  it('refunds through the refund API as the provider does: partial, then the rest, once per idempotency key, notified', async () => {
    const card = new URL((await pay(sandbox.url, prefId, { payment_method: 'card', cardholder_name: 'APRO' })).location!);
    const id = card.searchParams.get('payment_id')!;
    await sandbox.app.sandbox.idle();
    receiver.received.length = 0;
    const refund = (body: unknown, key: string | null, paymentId = id) =>
      fetch(`${sandbox.url}/v1/payments/${paymentId}/refunds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(key ? { 'x-idempotency-key': key } : {}),
        },
        body: JSON.stringify(body),
      });
    // More than was paid, decimals in COP, a negative amount: refused in the provider's error shape, nothing refunded.
    for (const body of [{ amount: 119901 }, { amount: 10.5 }, { amount: -5 }, { amount: 'mil' }]) {
      const refused = await refund(body, null);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ status: 400, cause: [expect.objectContaining({ description: expect.any(String) })] });
    }
    const first = await refund({ amount: 19900 }, 'refund-key-1');
    expect(first.status).toBe(201);
    const made = (await first.json()) as { id: number; payment_id: number; amount: number; status: string };
    expect(made).toMatchObject({ payment_id: Number(id), amount: 19900, status: 'approved', source: { type: 'collector' } });
    // The same key again (a retried request): the same refund, nothing more refunded.
    const again = await refund({ amount: 19900 }, 'refund-key-1');
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: number }).id).toBe(made.id);
    const partly = await new Payment(sdk()).get({ id });
    expect(partly).toMatchObject({ status: 'approved', transaction_amount_refunded: 19900 });
    // Only what is left can be refunded; no amount refunds all of it through the site's own client.
    expect((await refund({ amount: 100001 }, 'refund-key-2')).status).toBe(400);
    const client = createMercadoPagoProvider({ accessToken: token, baseUrl: sandbox.url });
    const rest = await client.refund(id, undefined, 'refund-key-3');
    expect(rest).toMatchObject({ paymentId: id, amount: 100000, status: 'approved' });
    const refunded = await new Payment(sdk()).get({ id });
    expect(refunded).toMatchObject({ status: 'refunded', status_detail: 'refunded', transaction_amount_refunded: 119900 });
    const listed = (await (
      await fetch(`${sandbox.url}/v1/payments/${id}/refunds`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as unknown[];
    expect(listed).toHaveLength(2);
    // Nothing left: a refunded payment cannot be refunded again; each change was notified, signed, as any other.
    await expect(client.refund(id, 1000, 'refund-key-4')).rejects.toMatchObject({ providerStatus: 400 });
    await sandbox.app.sandbox.idle();
    expect(receiver.received.map((r) => [r.body.action, r.body.data.id])).toEqual([
      ['payment.updated', id],
      ['payment.updated', id],
    ]);
    expect(receiver.received[0]?.headers['x-signature']).toMatch(/^ts=\d+,v1=[0-9a-f]{64}$/);
    expect((await refund({}, 'refund-key-5', '999')).status).toBe(404);
  });

  it('drops every notification of a reference asked for, so the site must find the payment itself', async () => {
    const pref = await new Preference(sdk()).create({ body: { ...preferenceBody(receiver.url), external_reference: 'ENR-lost_1' } });
    const drop = await fetch(`${sandbox.url}/sandbox/notifications/drop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ external_reference: 'ENR-lost_1' }),
    });
    expect(drop.status).toBe(200);
    await sandbox.app.sandbox.idle();
    receiver.received.length = 0;
    const card = new URL((await pay(sandbox.url, pref.id!, { payment_method: 'card', cardholder_name: 'APRO' })).location!);
    await sandbox.app.sandbox.idle();
    expect(receiver.received).toEqual([]);
    // The payment exists all the same: a search by its reference finds it, approved.
    const found = await new Payment(sdk()).search({ options: { external_reference: 'ENR-lost_1' } });
    expect(found.results?.map((r) => [String(r.id), r.status])).toEqual([[card.searchParams.get('payment_id'), 'approved']]);
  });

  it('the control page lists payments and settles from a plain form', async () => {
    const efecty = new URL((await pay(sandbox.url, prefId, { payment_method: 'efecty' })).location!);
    const id = efecty.searchParams.get('payment_id')!;
    const page = await (await fetch(`${sandbox.url}/sandbox`)).text();
    expect(page).toContain(`action="/sandbox/payments/${id}/settle"`);
    expect(page).not.toMatch(/<script/i);
    const res = await fetch(`${sandbox.url}/sandbox/payments/${id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=cancelled',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sandbox');
    const list = (await (await fetch(`${sandbox.url}/sandbox/payments.json`)).json()) as {
      id: number;
      status: string;
      status_detail: string;
    }[];
    expect(list.find((p) => p.id === Number(id))).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
  });

  it('searches payments by external_reference, newest first', async () => {
    const found = await new Payment(sdk()).search({
      options: { external_reference: 'ENR-42_abc', sort: 'date_created', criteria: 'desc' },
    });
    expect(found.paging?.total).toBeGreaterThan(5);
    expect(found.results?.every((p) => p.external_reference === 'ENR-42_abc')).toBe(true);
    const ids = found.results!.map((p) => Number(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('without back_urls, shows a result page', async () => {
    const pref = await new Preference(sdk()).create({
      body: { items: [item], external_reference: 'SIN-REGRESO', notification_url: `${receiver.url}/hook` },
    });
    const res = await pay(sandbox.url, pref.id!, { payment_method: 'card', cardholder_name: 'APRO' });
    expect(res.status).toBe(303);
    const page = await fetch(new URL(res.location!, sandbox.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pago aprobado');
    expect(html).toContain('$ 119.900');
  });

  it('refuses to pay an expired preference', async () => {
    const pref = await new Preference(sdk()).create({
      body: { items: [item], expires: true, expiration_date_to: new Date(Date.now() - 60_000).toISOString() },
    });
    const page = await fetch(pref.init_point!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('venció');
  });
});

describe('notification delivery knobs', () => {
  let dataDir: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'payment-sandbox-knobs-'));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function withSandbox(
    options: { duplicates?: number; outOfOrder?: boolean; expiry?: { efectyMs: number }; expiryCheckMs?: number; dir: string },
    run: (s: StartedPaymentSandbox) => Promise<void>,
  ) {
    const sandbox = await startPaymentSandbox({
      port: 0,
      dataDir: path.join(dataDir, options.dir),
      webhookSecret: secret,
      retry,
      ...options,
    });
    pointSdkAt(sandbox.url);
    try {
      await run(sandbox);
    } finally {
      await sandbox.close();
    }
  }

  const newPreference = async () => (await new Preference(sdk()).create({ body: preferenceBody(receiver.url) })).id!;

  it('expires an unpaid ticket by itself at its deadline and notifies it', async () => {
    await withSandbox({ expiry: { efectyMs: 300 }, expiryCheckMs: 50, dir: 'expiry' }, async (sandbox) => {
      receiver.received.length = 0;
      const back = new URL((await pay(sandbox.url, await newPreference(), { payment_method: 'efecty' })).location!);
      const id = back.searchParams.get('payment_id')!;
      for (let i = 0; i < 100 && !receiver.received.some((r) => r.body.action === 'payment.updated'); i++)
        await new Promise((r) => setTimeout(r, 50));
      await sandbox.app.sandbox.idle();
      expect(receiver.received.map((r) => [r.body.action, r.body.data.id])).toEqual([
        ['payment.created', id],
        ['payment.updated', id],
      ]);
      expect(await new Payment(sdk()).get({ id })).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
    });
  });

  it('delivers duplicates when configured, each validly signed with its own request id', async () => {
    await withSandbox({ duplicates: 2, dir: 'dup' }, async (sandbox) => {
      receiver.received.length = 0;
      const { location } = await pay(sandbox.url, await newPreference(), { payment_method: 'card', cardholder_name: 'APRO' });
      const id = new URL(location!).searchParams.get('payment_id')!;
      await sandbox.app.sandbox.idle();
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.body.id)).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.headers['x-request-id'])).size).toBe(3);
      for (const r of receiver.received) {
        const ts = Number(/ts=(\d+)/.exec(r.headers['x-signature'] as string)![1]);
        expect(r.headers['x-signature']).toBe(signNotification(secret, id, r.headers['x-request-id'] as string, ts));
      }
    });
  });

  it('retries a failing receiver with backoff until it answers 2xx', async () => {
    await withSandbox({ dir: 'retry' }, async (sandbox) => {
      receiver.received.length = 0;
      receiver.state.failNext = 2;
      receiver.state.failures = 0;
      const started = Date.now();
      await pay(sandbox.url, await newPreference(), { payment_method: 'card', cardholder_name: 'APRO' });
      // The redirect never waits for deliveries.
      expect(receiver.received).toHaveLength(0);
      await sandbox.app.sandbox.idle();
      expect(receiver.state.failures).toBe(2);
      expect(receiver.received).toHaveLength(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(retry.baseDelayMs * 3);
      expect(sandbox.app.sandbox.deliveries().map((d) => d.status)).toEqual([500, 500, 200]);
    });
  });

  it('gives up after the bounded number of attempts', async () => {
    await withSandbox({ dir: 'give-up' }, async (sandbox) => {
      receiver.received.length = 0;
      receiver.state.failNext = 100;
      await pay(sandbox.url, await newPreference(), { payment_method: 'card', cardholder_name: 'APRO' });
      await sandbox.app.sandbox.idle();
      expect(sandbox.app.sandbox.deliveries()).toHaveLength(retry.attempts);
      expect(receiver.received).toHaveLength(0);
      receiver.state.failNext = 0;
    });
  });

  it('a restart resumes deliveries that were still being retried', async () => {
    const dir = path.join(dataDir, 'resume');
    receiver.received.length = 0;
    receiver.state.failNext = 1000;
    const first = await startPaymentSandbox({ port: 0, dataDir: dir, webhookSecret: secret, retry: { ...retry, attempts: 50 } });
    pointSdkAt(first.url);
    const { location } = await pay(first.url, await newPreference(), { payment_method: 'card', cardholder_name: 'APRO' });
    const id = new URL(location!).searchParams.get('payment_id')!;
    while (first.app.sandbox.deliveries().length < 2) await new Promise((r) => setTimeout(r, 10));
    await first.close();
    receiver.state.failNext = 0;

    const second = buildPaymentSandbox({ dataDir: dir, webhookSecret: secret, retry });
    try {
      await second.sandbox.idle();
      expect(receiver.received.map((r) => [r.body.action, r.body.data.id])).toEqual([['payment.created', id]]);
    } finally {
      await second.close();
    }
  });

  it('out of order: the older payment.created arrives again after payment.updated', async () => {
    await withSandbox({ outOfOrder: true, dir: 'order' }, async (sandbox) => {
      const { location } = await pay(sandbox.url, await newPreference(), { payment_method: 'card', cardholder_name: 'CONT' });
      const id = new URL(location!).searchParams.get('payment_id')!;
      await sandbox.app.sandbox.idle();
      receiver.received.length = 0;
      sandbox.app.sandbox.settle(id, 'approved');
      await sandbox.app.sandbox.idle();
      expect(receiver.received.map((r) => r.body.action)).toEqual(['payment.updated', 'payment.created']);
    });
  });
});

describe('persistence', () => {
  it('a restart from the same data directory keeps preferences and payments', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'payment-sandbox-restart-'));
    try {
      const first = await startPaymentSandbox({ port: 0, dataDir });
      pointSdkAt(first.url);
      const pref = await new Preference(sdk()).create({
        body: { items: [item], back_urls: { pending: 'http://localhost:3000/pago/pendiente' } },
      });
      const id = new URL((await pay(first.url, pref.id!, { payment_method: 'pse' })).location!).searchParams.get('payment_id')!;
      await first.close();

      const second = await startPaymentSandbox({ port: 0, dataDir });
      pointSdkAt(second.url);
      try {
        expect(await new Payment(sdk()).get({ id })).toMatchObject({ id: Number(id), status: 'pending', transaction_amount: 119900 });
        expect((await new Preference(sdk()).get({ preferenceId: pref.id! })).id).toBe(pref.id);
        second.app.sandbox.settle(id, 'approved');
        const next = new URL((await pay(second.url, pref.id!, { payment_method: 'pse' })).location!).searchParams.get('payment_id')!;
        expect(Number(next)).toBe(Number(id) + 1);
      } finally {
        await second.close();
      }
      // Built without listening (for app.inject()), the same state is there.
      const third = buildPaymentSandbox({ dataDir });
      const res = await third.inject({ method: 'GET', url: `/v1/payments/${id}`, headers: { authorization: `Bearer ${token}` } });
      expect(res.json()).toMatchObject({ status: 'approved', status_detail: 'accredited' });
      await third.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('MercadoPago.js stand-in', () => {
  it('serves a script defining the MercadoPago constructor, which refuses a missing public key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'payment-sandbox-js-'));
    const app = buildPaymentSandbox({ dataDir });
    const res = await app.inject('/js/v2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    const window: { MercadoPago?: new (key: string, options?: { locale: string }) => { locale: string } } = {};
    new Function('window', res.body)(window);
    expect(new window.MercadoPago!('TEST-key', { locale: 'es-CO' }).locale).toBe('es-CO');
    expect(() => new window.MercadoPago!('')).toThrow(/clave pública/);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
