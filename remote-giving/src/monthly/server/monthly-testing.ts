// Test support for monthly giving (#29): the giving API started in-process against the payments stand-in's
// subscriptions (sandbox/src/payments), with the site's real clients, the hosted authorization page, the stand-in's
// clock and its signed notifications delivered over HTTP. Used by monthly.test.ts and Mis donaciones' tests.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPaymentSandbox, type PaymentSandboxApp } from 'sandbox/payments';
import type { Selectable } from 'kysely';
import type { TokenVerifier } from 'shared/server/api-contract';
import type { Database } from 'shared/server/database';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createMercadoPagoProvider } from 'shared/server/payments/mercadopago';
import { createMercadoPagoSubscriptions } from 'shared/server/payments/subscriptions';
import { givingApi } from '../../../server/index';
import { monthlyOperations } from '../operations';

const accessToken = 'TEST-monthly-token';

/** The monthly form's fields for a donor (the one-time donation's form). */
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
  start(payload: Record<string, unknown>): Promise<Awaited<ReturnType<TestApi['app']['inject']>>>;
  /** Waits for the stand-in's deliveries and the site's e-mails. */
  settle(): Promise<void>;
  /** The donor authorizes the gift on the stand-in's hosted page (an APRO card unless `fields` say otherwise). */
  authorize(initPoint: string, fields?: Record<string, string>): Promise<{ id: string; status: number; location: string | null }>;
  /** A gift's charges (its donations), oldest first. */
  charges(reference: string): Promise<Selectable<Database['giving.contributions']>[]>;
  mails(to: string): ReturnType<TestApi['mailer']['list']>;
  subjectCount(to: string, subject: string): Promise<number>;
  /** The manage link's token in the newest e-mail to `to` that carries one. */
  latestToken(to: string): Promise<string>;
  /** Moves the stand-in's clock by `days` and settles. */
  advance(days: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the giving API and the stand-in (every notification twice, and out of order). */
export async function startMonthlyStandIn(options: { identity?: TokenVerifier } = {}): Promise<MonthlyStandIn> {
  const api = await testApi(givingApi, {
    payments: undefined,
    settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    ...(options.identity ? { identity: options.identity } : {}),
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const siteUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'monthly-giving-'));
  const sandbox = buildPaymentSandbox({
    dataDir,
    accessToken,
    webhookSecret: api.ctx.settings.paymentWebhookSecret,
    // Every notification twice, and an entity's older notification again after its newer one.
    duplicates: 1,
    outOfOrder: true,
    subscriptionNotificationUrl: `${siteUrl}/api/giving/monthly/notifications`,
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  // The site's real clients, pointed at the stand-in.
  api.ctx.payments = createMercadoPagoProvider({ accessToken, baseUrl: sandboxUrl });
  api.ctx.subscriptions = createMercadoPagoSubscriptions({ accessToken, baseUrl: sandboxUrl, timeoutMs: 5000 });

  const settle = async () => {
    await sandbox.sandbox.idle();
    await api.mailer.flush();
  };
  const mails = async (to: string) => (await api.mailer.list(200)).filter((m) => m.to === to);
  return {
    api,
    sandbox,
    sandboxUrl,
    start: async (payload) => api.app.inject({ method: 'POST', url: monthlyOperations.start.path, payload }),
    settle,
    async authorize(initPoint, fields = {}) {
      const id = new URL(initPoint).searchParams.get('preapproval_id') as string;
      // The donor's browser posting the hosted page's form.
      const res = await sandbox.inject({
        method: 'POST',
        url: '/subscriptions/checkout/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          preapproval_id: id,
          payer_email: monthlyDonor.email,
          card_number: '5254133674403564',
          expiration_month: '11',
          expiration_year: '2035',
          security_code: '123',
          cardholder_name: 'APRO',
          ...fields,
        }).toString(),
      });
      const location = res.headers.location;
      return { id, status: res.statusCode, location: typeof location === 'string' ? location : null };
    },
    charges: (reference) =>
      api.db.selectFrom('giving.contributions').selectAll().where('subscription_reference', '=', reference).orderBy('id').execute(),
    mails,
    subjectCount: async (to, subject) => (await mails(to)).filter((m) => m.subject.startsWith(subject)).length,
    async latestToken(to) {
      for (const m of await mails(to)) {
        const found = /\/contribuciones\/mensual\/gestionar\/([A-Za-z0-9_-]{43})/.exec(m.text);
        if (found) return found[1] as string;
      }
      throw new Error('no manage link');
    },
    async advance(days) {
      sandbox.sandbox.subscriptionEngine.advance(days);
      await settle();
    },
    async close() {
      await sandbox.close();
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
