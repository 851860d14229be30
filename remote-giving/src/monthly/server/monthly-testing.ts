// Test support for monthly giving's API tests (#29): the giving API on in-memory PGlite with the site's real payment
// and subscription clients pointed at the payments stand-in (sandbox/src/payments), started in-process, whose signed
// notifications reach the site over HTTP (twice and out of order). monthly.test.ts (the donor's side) and
// monthly-staff.test.ts (the team's) share it.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { buildPaymentSandbox, type PaymentSandboxApp } from 'sandbox/payments';
import { testApi, type TestApi, type TestApiDeps } from 'shared/server/api-testing';
import type { Database } from 'shared/server/database';
import { createMercadoPagoProvider } from 'shared/server/payments/mercadopago';
import { createMercadoPagoSubscriptions } from 'shared/server/payments/subscriptions';
import { givingApi } from '../../../server/index';
import { monthlyOperations } from '../operations';

const token = 'TEST-monthly-token';

/** A donor as the donation form sends them. */
export const monthlyDonor = {
  data_authorization: true,
  contributor_name: 'Camila',
  contributor_lastname: 'Rojas',
  id_type: 'Cédula de ciudadanía',
  id_number: '52123456',
  email: 'camila@example.com',
  phone_number: '3105550000',
};

export interface MonthlyStandIn {
  api: TestApi;
  sandbox: PaymentSandboxApp;
  sandboxUrl: string;
  /** POST /api/giving/monthly. */
  start: (payload: Record<string, unknown>) => Promise<LightMyRequestResponse>;
  /** Every notification delivered and every e-mail out. */
  settle: () => Promise<void>;
  /** The donor authorizes on the stand-in's hosted page (an approved test card, the donor's e-mail unless given). */
  authorize: (initPoint: string, fields?: Record<string, string>) => Promise<{ id: string; status: number; location: string | null }>;
  /** Starts a gift for `email` and authorizes it: its reference and preapproval id, notifications delivered. */
  startAuthorized: (email: string, amount: number, over?: Record<string, unknown>) => Promise<{ reference: string; preapprovalId: string }>;
  /** The stand-in's clock moves `days` (monthly charges, retries), then everything settles. */
  advance: (days: number) => Promise<void>;
  /** A gift's charges (its donations), oldest first. */
  charges: (reference: string) => Promise<Selectable<Database['giving.contributions']>[]>;
  /** The e-mails sent to `to`, newest first. */
  mails: (to: string) => Promise<Awaited<ReturnType<TestApi['mailer']['list']>>>;
  subjectCount: (to: string, subject: string) => Promise<number>;
  /** The manage link's token in the newest e-mail to `to` that carries one. */
  latestToken: (to: string) => Promise<string>;
  /** The manage link's API with a token: GET the gift, or an action (`/amount`, `/pause`, `/resume`, `/cancel`). */
  manage: (token: string, suffix?: string, method?: 'GET' | 'POST' | 'PUT', payload?: object) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** Starts the giving API and the stand-in wired to each other; `deps` adds the staff directory, identity… */
export async function startMonthlyStandIn(deps: TestApiDeps = {}): Promise<MonthlyStandIn> {
  const api = await testApi(givingApi, {
    payments: undefined,
    settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    ...deps,
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const siteUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'monthly-giving-'));
  const sandbox = buildPaymentSandbox({
    dataDir,
    accessToken: token,
    webhookSecret: api.ctx.settings.paymentWebhookSecret,
    // Every notification twice, and an entity's older notification again after its newer one.
    duplicates: 1,
    outOfOrder: true,
    subscriptionNotificationUrl: `${siteUrl}/api/giving/monthly/notifications`,
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  // The site's real clients, pointed at the stand-in.
  api.ctx.payments = createMercadoPagoProvider({ accessToken: token, baseUrl: sandboxUrl });
  api.ctx.subscriptions = createMercadoPagoSubscriptions({ accessToken: token, baseUrl: sandboxUrl, timeoutMs: 5000 });

  const start = (payload: Record<string, unknown>) => api.app.inject({ method: 'POST', url: monthlyOperations.start.path, payload });
  const settle = async () => {
    await sandbox.sandbox.idle();
    await api.mailer.flush();
  };
  const authorize = async (initPoint: string, fields: Record<string, string> = {}) => {
    const id = new URL(initPoint).searchParams.get('preapproval_id') as string;
    // eslint-disable-next-line no-restricted-syntax -- test support: the donor's browser posting the stand-in's hosted page, not the site's API.
    const res = await fetch(`${sandboxUrl}/subscriptions/checkout/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        preapproval_id: id,
        payer_email: monthlyDonor.email,
        card_number: '5254133674403564',
        expiration_month: '11',
        expiration_year: '2035',
        security_code: '123',
        cardholder_name: 'APRO',
        ...fields,
      }).toString(),
      redirect: 'manual',
    });
    return { id, status: res.status, location: res.headers.get('location') };
  };
  const startAuthorized = async (email: string, amount: number, over: Record<string, unknown> = {}) => {
    const res = await start({ ...monthlyDonor, ...over, email, optional_donation_amount: String(amount) });
    if (res.statusCode !== 201) throw new Error(`monthly gift not started: ${res.statusCode} ${res.body}`);
    const body = res.json<{ init_point: string; reference: string }>();
    const auth = await authorize(body.init_point, { payer_email: email });
    if (auth.status !== 303) throw new Error(`monthly gift not authorized: ${auth.status}`);
    await settle();
    return { reference: body.reference, preapprovalId: auth.id };
  };
  const advance = async (days: number) => {
    sandbox.sandbox.subscriptionEngine.advance(days);
    await settle();
  };
  const charges = (reference: string) =>
    api.db.selectFrom('giving.contributions').selectAll().where('subscription_reference', '=', reference).orderBy('id').execute();
  const mails = async (to: string) => (await api.mailer.list(200)).filter((m) => m.to === to);
  const subjectCount = async (to: string, subject: string) => (await mails(to)).filter((m) => m.subject.startsWith(subject)).length;
  const latestToken = async (to: string) => {
    for (const m of await mails(to)) {
      const found = /\/contribuciones\/mensual\/gestionar\/([A-Za-z0-9_-]{43})/.exec(m.text);
      if (found) return found[1] as string;
    }
    throw new Error('no manage link');
  };
  const manage = (token: string, suffix = '', method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) =>
    api.app.inject({ method, url: `${monthlyOperations.manage.path.replace(':token', token)}${suffix}`, ...(payload ? { payload } : {}) });
  const close = async () => {
    await sandbox.close();
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    api,
    sandbox,
    sandboxUrl,
    start,
    settle,
    authorize,
    startAuthorized,
    advance,
    charges,
    mails,
    subjectCount,
    latestToken,
    manage,
    close,
  };
}
