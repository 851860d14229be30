// The site's subscriptions client (shared/server/payments/subscriptions) against the stand-in, recording every
// request the client makes: paths, methods, query strings and bodies are the provider's.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PaymentProviderError } from 'shared/server/payments/provider';
import { createMercadoPagoSubscriptions, type SubscriptionProvider } from 'shared/server/payments/subscriptions';
import { buildPaymentSandbox, type PaymentSandboxApp } from './server';

const token = 'TEST-client-token';

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

describe('site subscriptions client against the stand-in', () => {
  let dataDir: string;
  let app: PaymentSandboxApp;
  let url: string;
  let client: SubscriptionProvider;
  const recorded: Recorded[] = [];
  const since = (n: number) => recorded.slice(n).filter((r) => !r.path.startsWith('/subscriptions/') && !r.path.startsWith('/sandbox'));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'subscriptions-client-'));
    app = buildPaymentSandbox({ dataDir, accessToken: token });
    app.addHook('preHandler', async (request) => {
      const u = new URL(request.url, 'http://sandbox');
      recorded.push({
        method: request.method,
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        body: request.body,
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['x-idempotency-key'] as string | undefined,
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    client = createMercadoPagoSubscriptions({ accessToken: token, baseUrl: url, timeoutMs: 5000 });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const request = {
    reason: 'Donación mensual a la Fundación',
    externalReference: 'DON-7_mensual',
    payerEmail: 'ana@example.com',
    backUrl: 'http://localhost:3000/donar/mensual/gracias',
    amount: 35_000,
  };

  const authorize = async (id: string, email: string) => {
    const res = await fetch(`${url}/subscriptions/checkout/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        preapproval_id: id,
        payer_email: email,
        card_number: '5254133674403564',
        expiration_month: '11',
        expiration_year: '2030',
        security_code: '123',
        cardholder_name: 'APRO',
      }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
  };

  it('creates a pending monthly COP subscription with the provider body, and reads it back', async () => {
    const n = recorded.length;
    const start = new Date(Date.now() - 1000);
    const created = await client.createSubscription({ ...request, startDate: start });
    const [post] = since(n);
    expect(post).toMatchObject({ method: 'POST', path: '/preapproval/', authorization: `Bearer ${token}` });
    expect(post!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.body).toEqual({
      reason: request.reason,
      external_reference: request.externalReference,
      payer_email: request.payerEmail,
      back_url: request.backUrl,
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        transaction_amount: 35_000,
        currency_id: 'COP',
        start_date: start.toISOString(),
      },
      status: 'pending',
    });
    expect(created).toMatchObject({
      status: 'pending',
      external_reference: request.externalReference,
      payer_email: request.payerEmail,
      payer_id: null,
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 35_000, currency_id: 'COP' },
      summarized: { charged_quantity: 0, charged_amount: 0 },
    });
    expect(created.init_point).toBe(`${url}/subscriptions/checkout?preapproval_id=${created.id}`);

    const m = recorded.length;
    expect(await client.getSubscription(created.id)).toEqual(created);
    expect(since(m)).toEqual([expect.objectContaining({ method: 'GET', path: `/preapproval/${created.id}`, body: undefined })]);
    expect(await client.getSubscription('0123456789abcdef0123456789abcdef')).toBeNull();
    const k = recorded.length;
    expect(await client.getSubscription('../v1/payments')).toBeNull();
    expect(recorded.length).toBe(k);
  });

  it('reads the cycle charges once authorized: search by preapproval_id, then one authorized payment', async () => {
    const created = await client.createSubscription({ ...request, externalReference: 'DON-8', payerEmail: 'beto@example.com' });
    await authorize(created.id, 'beto@example.com');
    expect((await client.getSubscription(created.id))?.status).toBe('authorized');
    const n = recorded.length;
    const charges = await client.searchAuthorizedPayments(created.id);
    expect(since(n)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/authorized_payments/search', query: { preapproval_id: created.id, limit: '100' } }),
    ]);
    expect(charges).toHaveLength(1);
    const [charge] = charges;
    expect(charge).toMatchObject({
      preapproval_id: created.id,
      type: 'recurring',
      status: 'processed',
      transaction_amount: 35_000,
      currency_id: 'COP',
      external_reference: 'DON-8',
      retry_attempt: 0,
      next_retry_date: null,
      payment: { status: 'approved', status_detail: 'accredited' },
    });
    expect(charge!.payment!.id).toMatch(/^\d+$/);
    const m = recorded.length;
    expect(await client.getAuthorizedPayment(charge!.id)).toEqual(charge);
    expect(since(m)).toEqual([expect.objectContaining({ method: 'GET', path: `/authorized_payments/${charge!.id}` })]);
    expect(await client.getAuthorizedPayment('999')).toBeNull();
    expect(await client.getAuthorizedPayment('abc')).toBeNull();
  });

  it('searches by payer_email and external_reference with the provider query', async () => {
    await client.createSubscription({ ...request, externalReference: 'DON-9', payerEmail: 'carla@example.com' });
    const other = await client.createSubscription({ ...request, externalReference: 'DON-10', payerEmail: 'carla@example.com' });
    const n = recorded.length;
    const page = await client.searchSubscriptions({ payerEmail: 'carla@example.com', externalReference: 'DON-10', limit: 10 });
    expect(since(n)).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/preapproval/search',
        query: { payer_email: 'carla@example.com', external_reference: 'DON-10', limit: '10' },
      }),
    ]);
    expect(page).toMatchObject({ total: 1, offset: 0, limit: 10 });
    expect(page.results.map((s) => s.id)).toEqual([other.id]);
    expect((await client.searchSubscriptions({ payerEmail: 'carla@example.com' })).total).toBe(2);
  });

  it('changes the amount, pauses, resumes and cancels with the provider PUT bodies; a cancelled one refuses changes', async () => {
    const created = await client.createSubscription({ ...request, externalReference: 'DON-11', payerEmail: 'dora@example.com' });
    await authorize(created.id, 'dora@example.com');
    const n = recorded.length;
    expect((await client.updateSubscription(created.id, { kind: 'amount', amount: 60_000 })).auto_recurring.transaction_amount).toBe(
      60_000,
    );
    expect((await client.updateSubscription(created.id, { kind: 'pause' })).status).toBe('paused');
    expect((await client.updateSubscription(created.id, { kind: 'resume' })).status).toBe('authorized');
    expect((await client.updateSubscription(created.id, { kind: 'cancel' })).status).toBe('cancelled');
    expect(since(n).map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', `/preapproval/${created.id}`, { auto_recurring: { transaction_amount: 60_000, currency_id: 'COP' } }],
      ['PUT', `/preapproval/${created.id}`, { status: 'paused' }],
      ['PUT', `/preapproval/${created.id}`, { status: 'authorized' }],
      ['PUT', `/preapproval/${created.id}`, { status: 'cancelled' }],
    ]);
    const refused = (await client.updateSubscription(created.id, { kind: 'resume' }).catch((e: unknown) => e)) as PaymentProviderError;
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused.message).toBe('Error al modificar la suscripción');
    expect(refused.providerStatus).toBe(400);
    expect((refused.cause as { error: string }).error).toBe('invalid_status');
  });

  it('refuses amounts outside COP 1.600 – 30.000.000 before asking the provider, and reports provider errors', async () => {
    const n = recorded.length;
    for (const amount of [1_599, 30_000_001, 20_000.5]) {
      await expect(client.createSubscription({ ...request, amount })).rejects.toThrow(
        'El monto mensual debe ser un valor entero entre $ 1.600 y $ 30.000.000',
      );
      await expect(client.updateSubscription('0123456789abcdef0123456789abcdef', { kind: 'amount', amount })).rejects.toBeInstanceOf(
        PaymentProviderError,
      );
    }
    expect(recorded.length).toBe(n);
    const wrongToken = createMercadoPagoSubscriptions({ accessToken: 'TEST-otro', baseUrl: url, timeoutMs: 5000 });
    const err = (await wrongToken.createSubscription(request).catch((e: unknown) => e)) as PaymentProviderError;
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err.message).toBe('Error al crear la suscripción');
    expect(err.providerStatus).toBe(401);
    const badEmail = (await client
      .createSubscription({ ...request, payerEmail: 'no-es-correo' })
      .catch((e: unknown) => e)) as PaymentProviderError;
    expect(badEmail.providerStatus).toBe(400);
    expect((badEmail.cause as { error: string }).error).toBe('invalid_payer_email');
  });
});
