import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyNotificationSignature } from 'shared/server/payments/signature';
import {
  startPaymentSandbox,
  type AuthorizedPaymentRecord,
  type PaymentRecord,
  type PreapprovalBody,
  type StartedPaymentSandbox,
} from './server';

const token = 'TEST-sandbox-token';
const secret = 'secreto-de-suscripciones';
const DAY = 86_400_000;

interface Received {
  url: URL;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> & { type: string; action: string; data: { id: string } };
}

async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ url: new URL(req.url ?? '/', 'http://receiver'), headers: req.headers, body: JSON.parse(text) as Received['body'] });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface ProviderErrorBody {
  message: string;
  error: string;
  status: number;
  cause: { code: string | number; description: string; data: string | null }[];
}

describe('payment sandbox: subscriptions (preapproval) for MCO', () => {
  let dataDir: string;
  let sandbox: StartedPaymentSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let seq = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'subscriptions-sandbox-'));
    receiver = await startReceiver();
    sandbox = await startPaymentSandbox({
      port: 0,
      dataDir,
      accessToken: token,
      webhookSecret: secret,
      retry: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50, timeoutMs: 2000 },
      subscriptionNotificationUrl: `${receiver.url}/api/giving/subscriptions/notifications`,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async <T = unknown>(method: string, route: string, body?: unknown, auth = `Bearer ${token}`) => {
    const res = await fetch(`${sandbox.url}${route}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  const control = async <T = unknown>(route: string, body: unknown) => {
    const res = await fetch(`${sandbox.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  const subscriptionBody = (extra: Record<string, unknown> = {}, recurring: Record<string, unknown> = {}) => {
    seq++;
    return {
      reason: 'Donación mensual — Fundación',
      external_reference: `DON-${seq}`,
      payer_email: `donante${seq}@example.com`,
      back_url: 'http://localhost:3000/donar/mensual/gracias',
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 50_000, currency_id: 'COP', ...recurring },
      status: 'pending',
      ...extra,
    };
  };

  const create = async (extra: Record<string, unknown> = {}, recurring: Record<string, unknown> = {}) => {
    const res = await api<PreapprovalBody>('POST', '/preapproval', subscriptionBody(extra, recurring));
    expect(res.status).toBe(201);
    return res.body;
  };

  const authorizeForm = async (pre: PreapprovalBody, fields: Record<string, string> = {}) => {
    const res = await fetch(`${sandbox.url}/subscriptions/checkout/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        preapproval_id: pre.id,
        payer_email: pre.payer_email,
        card_number: '5254 1336 7440 3564',
        expiration_month: '11',
        expiration_year: '2030',
        security_code: '123',
        cardholder_name: 'APRO',
        ...fields,
      }).toString(),
      redirect: 'manual',
    });
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  };

  const authorized = async (extra: Record<string, unknown> = {}, fields: Record<string, string> = {}) => {
    const pre = await create(extra);
    const res = await authorizeForm(pre, fields);
    expect(res.status).toBe(303);
    return pre;
  };

  const get = async (id: string) => (await api<PreapprovalBody>('GET', `/preapproval/${id}`)).body;
  const charges = async (id: string) =>
    (await api<{ results: AuthorizedPaymentRecord[] }>('GET', `/authorized_payments/search?preapproval_id=${id}`)).body.results;
  const payment = async (id: number) => (await api<PaymentRecord>('GET', `/v1/payments/${id}`)).body;
  const clockNow = async () => Date.parse(((await (await fetch(`${sandbox.url}/sandbox/clock`)).json()) as { now: string }).now);
  const advance = async (days: number) => control<{ now: string; charged: number[] }>('/sandbox/clock/advance', { days });
  /** Moves the clock to just past a provider date. */
  const advanceTo = async (date: string, extraMs = 1000) => advance((Date.parse(date) + extraMs - (await clockNow())) / DAY);

  it('creates a pending preapproval with an init_point on the hosted authorization page, and notifies it', async () => {
    const body = subscriptionBody();
    const res = await api<PreapprovalBody>('POST', '/preapproval/', body);
    expect(res.status).toBe(201);
    const pre = res.body;
    expect(pre.id).toMatch(/^[0-9a-f]{32}$/);
    expect(pre).toMatchObject({
      status: 'pending',
      reason: body.reason,
      external_reference: body.external_reference,
      payer_email: body.payer_email,
      back_url: body.back_url,
      payer_id: null,
      payment_method_id: null,
      next_payment_date: null,
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 50_000, currency_id: 'COP', free_trial: null },
      summarized: { charged_quantity: 0, charged_amount: 0, semaphore: 'green' },
    });
    expect(pre.init_point).toBe(`${sandbox.url}/subscriptions/checkout?preapproval_id=${pre.id}`);
    expect(pre.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-05:00$/);
    expect(pre).not.toHaveProperty('sandbox');
    expect(await get(pre.id)).toEqual(pre);
    await sandbox.app.sandbox.idle();
    const created = receiver.received.find((r) => r.body.type === 'subscription_preapproval' && r.body.data.id === pre.id);
    expect(created?.body).toMatchObject({ action: 'created', entity: 'preapproval', type: 'subscription_preapproval' });
    expect(created?.url.searchParams.get('type')).toBe('subscription_preapproval');
    expect(created?.url.searchParams.get('data.id')).toBe(pre.id);
    const check = verifyNotificationSignature({
      secret,
      signature: created?.headers['x-signature'] as string,
      requestId: created?.headers['x-request-id'] as string,
      dataId: pre.id,
    });
    expect(check).toEqual({ ok: true });
  });

  it('serves an accessible Spanish authorization page: card only, why not PSE/Efecty, expiry month and year, no scripts', async () => {
    const pre = await create();
    const res = await fetch(pre.init_point);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain('http://localhost:3000');
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Autoriza tu suscripción');
    expect(html).toMatch(/\$\s50\.000/);
    expect(html).toMatch(/PSE y Efecty[^<]*no se ofrecen/);
    expect(html).toContain('<label for="expiration_month">Mes</label>');
    expect(html).toContain('<label for="expiration_year">Año</label>');
    expect(html).toContain('<legend>Vencimiento de la tarjeta</legend>');
    expect(html).toContain('<label for="cardholder_name">Titular de la tarjeta</label>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('name="payment_method" value="pse"');
    expect((await fetch(`${sandbox.url}/subscriptions/checkout?preapproval_id=nada`)).status).toBe(404);
  });

  it('authorizes on the hosted page (APRO): back to back_url with preapproval_id, first cycle charged and notified', async () => {
    const before = receiver.received.length;
    const pre = await create();
    const res = await authorizeForm(pre);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${pre.back_url}?preapproval_id=${pre.id}`);
    const now = await get(pre.id);
    expect(now).toMatchObject({
      status: 'authorized',
      payment_method_id: 'master',
      summarized: { charged_quantity: 1, charged_amount: 50_000 },
    });
    expect(typeof now.payer_id).toBe('number');
    expect(Date.parse(now.next_payment_date!)).toBeGreaterThan(Date.now() + 27 * DAY);
    const [first, ...rest] = await charges(pre.id);
    expect(rest).toHaveLength(0);
    expect(first).toMatchObject({
      preapproval_id: pre.id,
      type: 'recurring',
      status: 'processed',
      transaction_amount: 50_000,
      currency_id: 'COP',
      reason: pre.reason,
      external_reference: pre.external_reference,
      retry_attempt: 0,
      next_retry_date: null,
      payment_method_id: 'master',
      payment: { status: 'approved', status_detail: 'accredited' },
    });
    expect((await api<AuthorizedPaymentRecord>('GET', `/authorized_payments/${first!.id}`)).body).toEqual(first);
    const paid = await payment(first!.payment!.id);
    expect(paid).toMatchObject({
      status: 'approved',
      operation_type: 'recurring_payment',
      payment_type_id: 'credit_card',
      transaction_amount: 50_000,
      external_reference: pre.external_reference,
      payer: { email: pre.payer_email },
      point_of_interaction: { type: 'SUBSCRIPTIONS', transaction_data: { subscription_id: pre.id, invoice_id: first!.id } },
      // The authorized card: its last four digits and the expiry the payer typed (11/2030).
      card: { last_four_digits: '3564', expiration_month: 11, expiration_year: 2030 },
    });
    await sandbox.app.sandbox.idle();
    const mine = receiver.received.slice(before).map((r) => `${r.body.type}:${r.body.action}:${r.body.data.id}`);
    expect(mine).toEqual(
      expect.arrayContaining([
        `subscription_preapproval:created:${pre.id}`,
        `subscription_preapproval:updated:${pre.id}`,
        `subscription_authorized_payment:created:${first!.id}`,
        `payment:payment.created:${paid.id}`,
      ]),
    );
    // Authorized once: the page and the form refuse a second time.
    expect((await fetch(pre.init_point)).status).toBe(409);
    expect((await authorizeForm(pre)).status).toBe(409);
  });

  it('charges each month as the clock moves: three months, three more charges', async () => {
    const pre = await authorized();
    for (let month = 1; month <= 3; month++) {
      const { next_payment_date: due } = await get(pre.id);
      const moved = await advanceTo(due!);
      expect(moved.status).toBe(200);
      const list = await charges(pre.id);
      expect(list).toHaveLength(1 + month);
      expect(list.at(-1)).toMatchObject({ status: 'processed', payment: { status: 'approved' } });
      expect(list.at(-1)!.debit_date).toBe(due);
    }
    const after = await get(pre.id);
    expect(after.summarized).toMatchObject({ charged_quantity: 4, charged_amount: 200_000, semaphore: 'green' });
    const days = new Set((await charges(pre.id)).map((c) => c.debit_date.slice(8, 10)));
    // Same day of the month each time (unless a shorter month clamps it).
    expect(days.size).toBeLessThanOrEqual(2);
    expect((await fetch(`${sandbox.url}/sandbox/clock`)).status).toBe(200);
  });

  it('retries a rejected charge on the provider schedule (recycling, next_retry_date), then approves it', async () => {
    const pre = await authorized();
    const forced = await control<{ next_charges: string[] }>(`/sandbox/subscriptions/${pre.id}/next-charges`, {
      outcomes: ['rejected', 'cc_rejected_call_for_authorize', 'approved'],
    });
    expect(forced.body.next_charges).toEqual(['rejected', 'cc_rejected_call_for_authorize', 'approved']);
    const { next_payment_date: due } = await get(pre.id);
    await advanceTo(due!);
    let cycle = (await charges(pre.id))[1]!;
    expect(cycle).toMatchObject({
      status: 'recycling',
      retry_attempt: 0,
      payment: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
    });
    expect(Date.parse(cycle.next_retry_date!) - Date.parse(cycle.debit_date)).toBe(1 * DAY);
    expect((await get(pre.id)).summarized.semaphore).toBe('yellow');

    await advanceTo(cycle.next_retry_date!);
    cycle = (await charges(pre.id))[1]!;
    expect(cycle).toMatchObject({
      status: 'recycling',
      retry_attempt: 1,
      payment: { status: 'rejected', status_detail: 'cc_rejected_call_for_authorize' },
    });
    expect(Date.parse(cycle.next_retry_date!) - Date.parse(cycle.debit_date)).toBe(3 * DAY);

    await advanceTo(cycle.next_retry_date!);
    cycle = (await charges(pre.id))[1]!;
    expect(cycle).toMatchObject({ status: 'processed', retry_attempt: 2, next_retry_date: null, payment: { status: 'approved' } });
    const after = await get(pre.id);
    expect(after).toMatchObject({ status: 'authorized', summarized: { charged_quantity: 2, semaphore: 'green' } });
    // Each attempt is its own payment, all three with the same external reference.
    const all = sandbox.app.sandbox.payments().filter((p) => p.point_of_interaction?.transaction_data.invoice_id === cycle.id);
    expect(all.map((p) => p.status).sort()).toEqual(['approved', 'rejected', 'rejected']);
  });

  it('retries up to 4 times within 10 days, and cancels the subscription after 3 rejected cycles (notified)', async () => {
    const pre = await authorized();
    await control(`/sandbox/subscriptions/${pre.id}/next-charges`, { outcomes: Array<string>(15).fill('rejected') });
    for (let cycleNo = 1; cycleNo <= 3; cycleNo++) {
      const { next_payment_date: due, status } = await get(pre.id);
      expect(status).toBe('authorized');
      await advanceTo(due!);
      await advance(10);
      const cycle = (await charges(pre.id))[cycleNo]!;
      expect(cycle).toMatchObject({ status: 'processed', retry_attempt: 4, next_retry_date: null, payment: { status: 'rejected' } });
      const attempts = sandbox.app.sandbox.payments().filter((p) => p.point_of_interaction?.transaction_data.invoice_id === cycle.id);
      expect(attempts).toHaveLength(5);
      const spread = attempts.map((p) => Date.parse(p.date_created) - Date.parse(cycle.debit_date)).sort((a, b) => a - b);
      expect(spread).toEqual([0, 1 * DAY, 3 * DAY, 6 * DAY, 10 * DAY]);
    }
    const after = await get(pre.id);
    expect(after).toMatchObject({ status: 'cancelled', next_payment_date: null, summarized: { charged_quantity: 1, semaphore: 'red' } });
    await advance(40);
    expect(await charges(pre.id)).toHaveLength(4);
    await sandbox.app.sandbox.idle();
    const updates = receiver.received.filter(
      (r) => r.body.type === 'subscription_preapproval' && r.body.data.id === pre.id && r.body.action === 'updated',
    );
    expect(updates.length).toBeGreaterThanOrEqual(2);
  });

  it('pauses, resumes and cancels; a cancelled preapproval refuses every change', async () => {
    const pre = await authorized();
    const paused = await api<PreapprovalBody>('PUT', `/preapproval/${pre.id}`, { status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', next_payment_date: null });
    await advance(40);
    expect(await charges(pre.id)).toHaveLength(1);

    const resumed = await api<PreapprovalBody>('PUT', `/preapproval/${pre.id}`, { status: 'authorized' });
    expect(resumed.body.status).toBe('authorized');
    expect(Date.parse(resumed.body.next_payment_date!)).toBeGreaterThan(await clockNow());
    const amount = await api<PreapprovalBody>('PUT', `/preapproval/${pre.id}`, {
      auto_recurring: { transaction_amount: 75_000, currency_id: 'COP' },
    });
    expect(amount.body.auto_recurring.transaction_amount).toBe(75_000);
    await advanceTo(resumed.body.next_payment_date!);
    const list = await charges(pre.id);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ transaction_amount: 75_000, status: 'processed' });

    const cancelled = await api<PreapprovalBody>('PUT', `/preapproval/${pre.id}`, { status: 'cancelled' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', next_payment_date: null });
    for (const change of [
      { status: 'authorized' },
      { status: 'paused' },
      { auto_recurring: { transaction_amount: 20_000 } },
      { reason: 'otra' },
    ]) {
      const refused = await api<ProviderErrorBody>('PUT', `/preapproval/${pre.id}`, change);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'invalid_status',
        status: 400,
        cause: [expect.objectContaining({ code: 'invalid_status' })],
      });
      expect(refused.body.message).toMatch(/cancelled/);
    }
    await advance(40);
    expect(await charges(pre.id)).toHaveLength(2);

    // A pending one can be cancelled but not paused, nor authorized without the payer.
    const pending = await create();
    expect((await api('PUT', `/preapproval/${pending.id}`, { status: 'paused' })).status).toBe(400);
    expect((await api('PUT', `/preapproval/${pending.id}`, { status: 'authorized' })).status).toBe(400);
    expect((await api<PreapprovalBody>('PUT', `/preapproval/${pending.id}`, { status: 'cancelled' })).body.status).toBe('cancelled');
    expect((await fetch(pending.init_point)).status).toBe(409);
    expect((await api('PUT', '/preapproval/0123456789abcdef0123456789abcdef', { status: 'paused' })).status).toBe(404);
  });

  it('ends the open charge when paused during its retries (authorized payment cancelled and notified)', async () => {
    const pre = await authorized();
    await control(`/sandbox/subscriptions/${pre.id}/next-charges`, { outcomes: ['rejected', 'approved'] });
    await advanceTo((await get(pre.id)).next_payment_date!);
    const open = (await charges(pre.id))[1]!;
    expect(open.status).toBe('recycling');
    expect((await api<PreapprovalBody>('PUT', `/preapproval/${pre.id}`, { status: 'paused' })).body.status).toBe('paused');
    expect((await charges(pre.id))[1]).toMatchObject({ status: 'cancelled', next_retry_date: null });
    await advance(5);
    expect((await charges(pre.id))[1]!.retry_attempt).toBe(0);
    await sandbox.app.sandbox.idle();
    const events = receiver.received.filter((r) => r.body.type === 'subscription_authorized_payment' && r.body.data.id === String(open.id));
    expect(events.map((r) => r.body.action)).toEqual(['created', 'updated']);
  });

  it('refuses amounts outside COP 1.600 – 30.000.000 (and decimals, other currencies) with the provider 400', async () => {
    for (const amount of [1_599, 30_000_001, 0, 1_600.5]) {
      const res = await api<ProviderErrorBody>('POST', '/preapproval', subscriptionBody({}, { transaction_amount: amount }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'invalid_transaction_amount',
        status: 400,
        cause: [expect.objectContaining({ code: 'invalid_transaction_amount' })],
      });
    }
    expect((await api('POST', '/preapproval', subscriptionBody({}, { transaction_amount: 1_600 }))).status).toBe(201);
    const top = await api<PreapprovalBody>('POST', '/preapproval', subscriptionBody({}, { transaction_amount: 30_000_000 }));
    expect(top.status).toBe(201);
    expect((await api<ProviderErrorBody>('POST', '/preapproval', subscriptionBody({}, { currency_id: 'USD' }))).body.error).toBe(
      'invalid_currency_id',
    );
    const lowered = await api<ProviderErrorBody>('PUT', `/preapproval/${top.body.id}`, {
      auto_recurring: { transaction_amount: 1_000, currency_id: 'COP' },
    });
    expect(lowered.status).toBe(400);
    expect(lowered.body.message).toMatch(/between 1600 and 30000000/);
    for (const bad of [{ payer_email: 'no' }, { back_url: 'x' }, { reason: '' }, { status: 'authorized' }, { auto_recurring: undefined }]) {
      const res = await api<ProviderErrorBody>('POST', '/preapproval', subscriptionBody(bad));
      expect(res.status).toBe(400);
      expect(Array.isArray(res.body.cause)).toBe(true);
    }
    expect((await api('POST', '/preapproval', subscriptionBody(), 'Bearer otro')).status).toBe(401);
    expect((await api('GET', '/preapproval/search')).status).toBe(200);
    expect((await api('GET', '/preapproval/nada')).status).toBe(404);
    expect((await api('GET', '/authorized_payments/123')).status).toBe(404);
  });

  it('searches by payer_email (any case), external_reference and status, with paging', async () => {
    const a = await create({ payer_email: 'Busqueda@Example.com', external_reference: 'BUSCA-1' });
    const b = await create({ payer_email: 'busqueda@example.com', external_reference: 'BUSCA-2' });
    await authorizeForm(b);
    const byEmail = await api<{ paging: { total: number; limit: number; offset: number }; results: PreapprovalBody[] }>(
      'GET',
      '/preapproval/search?payer_email=busqueda%40example.com',
    );
    expect(byEmail.body.paging).toEqual({ total: 2, limit: 30, offset: 0 });
    expect(byEmail.body.results.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    const byRef = await api<{ results: PreapprovalBody[] }>('GET', '/preapproval/search?external_reference=BUSCA-2');
    expect(byRef.body.results.map((r) => r.id)).toEqual([b.id]);
    const pendingOnly = await api<{ results: PreapprovalBody[] }>(
      'GET',
      '/preapproval/search?payer_email=busqueda@example.com&status=pending',
    );
    expect(pendingOnly.body.results.map((r) => r.id)).toEqual([a.id]);
    const page = await api<{ paging: { total: number }; results: PreapprovalBody[] }>(
      'GET',
      '/preapproval/search?payer_email=busqueda@example.com&limit=1&offset=1',
    );
    expect(page.body.paging.total).toBe(2);
    expect(page.body.results).toHaveLength(1);
  });

  it('refuses the first charge for FUND/OTHE (still pending), a wrong e-mail and an expired card; charges after expiry are rejected', async () => {
    const pre = await create();
    const fund = await authorizeForm(pre, { cardholder_name: 'FUND' });
    expect(fund.status).toBe(402);
    expect(fund.text).toContain('Tu tarjeta fue rechazada');
    expect(fund.text).toContain('cc_rejected_insufficient_amount');
    expect((await get(pre.id)).status).toBe('pending');
    const rejected = sandbox.app.sandbox.payments().find((p) => p.point_of_interaction?.transaction_data.subscription_id === pre.id);
    expect(rejected).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' });
    expect((await authorizeForm(pre, { cardholder_name: 'OTHE Pérez' })).status).toBe(402);

    const wrongEmail = await authorizeForm(pre, { payer_email: 'otra@example.com' });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.text).toContain('id="payer_email_error"');
    expect(wrongEmail.text).toContain('aria-invalid="true"');

    const clock = new Date((await clockNow()) - 5 * 3600_000);
    const [year, month] = [clock.getUTCFullYear(), clock.getUTCMonth() + 1];
    const last = month === 1 ? { m: 12, y: year - 1 } : { m: month - 1, y: year };
    const expired = await authorizeForm(pre, { expiration_month: String(last.m), expiration_year: String(last.y) });
    expect(expired.status).toBe(400);
    expect(expired.text).toContain('La tarjeta está vencida');
    expect((await get(pre.id)).status).toBe('pending');

    // A card that expires this month: the first charge goes through, the next month's is rejected as expired.
    const ok = await authorizeForm(pre, { expiration_month: String(month), expiration_year: String(year) });
    expect(ok.status).toBe(303);
    const { next_payment_date: due } = await get(pre.id);
    await advanceTo(due!);
    const second = (await charges(pre.id))[1]!;
    expect(second).toMatchObject({ status: 'recycling', payment: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_date' } });
  });

  it('lists subscriptions and the clock on the control panel, and checks the test controls', async () => {
    const pre = await authorized();
    const page = await (await fetch(`${sandbox.url}/sandbox`)).text();
    expect(page).toContain('<h2 id="suscripciones">Suscripciones</h2>');
    expect(page).toContain(pre.id);
    expect(page).toContain('<label for="days">Avanzar el reloj (días)</label>');
    const json = (await (await fetch(`${sandbox.url}/sandbox/subscriptions.json`)).json()) as { id: string }[];
    expect(json.some((s) => s.id === pre.id)).toBe(true);
    expect((await control(`/sandbox/subscriptions/${pre.id}/next-charges`, { outcomes: ['tal vez'] })).status).toBe(400);
    expect((await control('/sandbox/subscriptions/nada/next-charges', { outcomes: [] })).status).toBe(404);
    expect((await control('/sandbox/clock/advance', { days: -1 })).status).toBe(400);
    const form = await fetch(`${sandbox.url}/sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'days=0',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
  });

  it('puts the clock back at a date for a test, and a gift created then is charged by that calendar', async () => {
    const set = await control<{ now: string }>('/sandbox/clock/set', { now: '2025-09-15T12:00:00.000-05:00' });
    expect(set.status).toBe(200);
    expect(Date.parse(set.body.now)).toBeLessThan(Date.parse('2025-09-16T00:00:00Z'));
    const pre = await get((await authorized()).id);
    expect(pre.date_created?.slice(0, 7)).toBe('2025-09');
    expect(pre.next_payment_date?.slice(0, 7)).toBe('2025-10');
    expect((await control('/sandbox/clock/set', { now: 'mañana' })).status).toBe(400);
    expect((await control('/sandbox/clock/set', { now: '1990-01-01T00:00:00Z' })).status).toBe(400);
    await control('/sandbox/clock/set', { now: new Date().toISOString() });
  });
});

describe('payment sandbox: subscriptions survive a restart', () => {
  it('keeps subscriptions, their charges, the clock and the webhook URL in the state file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'subscriptions-restart-'));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let sandbox = await startPaymentSandbox({
      port: 0,
      dataDir,
      accessToken: token,
      subscriptionNotificationUrl: 'http://127.0.0.1:9/hook',
    });
    try {
      const res = await fetch(`${sandbox.url}/preapproval`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          reason: 'Donación',
          payer_email: 'restart@example.com',
          back_url: 'http://localhost:3000/gracias',
          auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 20_000, currency_id: 'COP' },
        }),
      });
      const pre = (await res.json()) as PreapprovalBody;
      const form = new URLSearchParams({
        preapproval_id: pre.id,
        payer_email: pre.payer_email,
        card_number: '5254133674403564',
        expiration_month: '11',
        expiration_year: '2030',
        security_code: '123',
        cardholder_name: 'APRO',
      });
      await fetch(`${sandbox.url}/subscriptions/checkout/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      await fetch(`${sandbox.url}/sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"days":3}',
      });
      const before = (await (await fetch(`${sandbox.url}/sandbox/clock`)).json()) as { offset_ms: number };
      await sandbox.close();

      sandbox = await startPaymentSandbox({ port: 0, dataDir, accessToken: token });
      const clock = (await (await fetch(`${sandbox.url}/sandbox/clock`)).json()) as { offset_ms: number };
      expect(clock.offset_ms).toBe(before.offset_ms);
      const again = (await (await fetch(`${sandbox.url}/preapproval/${pre.id}`, { headers })).json()) as PreapprovalBody;
      expect(again).toMatchObject({ status: 'authorized', summarized: { charged_quantity: 1 } });
      expect(sandbox.app.sandbox.subscriptionEngine.webhookUrl()).toBe('http://127.0.0.1:9/hook');
      await fetch(`${sandbox.url}/sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"days":31}',
      });
      const search = (await (await fetch(`${sandbox.url}/authorized_payments/search?preapproval_id=${pre.id}`, { headers })).json()) as {
        results: AuthorizedPaymentRecord[];
      };
      expect(search.results).toHaveLength(2);
    } finally {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('payment sandbox: subscription notifications are delivered twice and out of order when asked', () => {
  it('repeats each subscription notification and re-sends the older created after an update', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'subscriptions-dup-'));
    const receiver = await startReceiver();
    const sandbox = await startPaymentSandbox({
      port: 0,
      dataDir,
      accessToken: token,
      duplicates: 1,
      outOfOrder: true,
      subscriptionNotificationUrl: `${receiver.url}/hook`,
    });
    try {
      const res = await fetch(`${sandbox.url}/preapproval`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reason: 'Donación',
          payer_email: 'dup@example.com',
          back_url: 'http://localhost:3000/gracias',
          auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 20_000, currency_id: 'COP' },
        }),
      });
      const pre = (await res.json()) as PreapprovalBody;
      await sandbox.app.sandbox.idle();
      await fetch(`${sandbox.url}/preapproval/${pre.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'cancelled' }),
      });
      await sandbox.app.sandbox.idle();
      const actions = receiver.received.map((r) => r.body.action);
      // created ×2, then updated ×2 and the older created once more after the first updated.
      expect(actions.filter((a) => a === 'created')).toHaveLength(3);
      expect(actions.filter((a) => a === 'updated')).toHaveLength(2);
      expect(actions.lastIndexOf('created')).toBeGreaterThan(actions.indexOf('updated'));
      expect(new Set(receiver.received.map((r) => r.headers['x-request-id'])).size).toBe(5);
    } finally {
      await sandbox.close();
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
