// Test support for monthly giving (#29): the giving API and the payments stand-in's subscriptions started in-process,
// the site's real provider clients pointed at the stand-in, and the steps a test takes (start a gift, authorize it on
// the hosted page, move the stand-in's clock, read the e-mails). Used by src/monthly/server/monthly.test.ts and care.test.ts.
import { afterAll, beforeAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPaymentSandbox, type PaymentSandboxApp } from 'sandbox/payments';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createMercadoPagoProvider } from 'shared/server/payments/mercadopago';
import { createMercadoPagoSubscriptions } from 'shared/server/payments/subscriptions';
import { givingApi } from './index';

const token = 'TEST-monthly-token';

/** The donor of the tests' gifts, as the donation form sends them. */
export const monthlyDonor = {
  data_authorization: true,
  contributor_name: 'Camila',
  contributor_lastname: 'Rojas',
  id_type: 'Cédula de ciudadanía',
  id_number: '52123456',
  email: 'camila@example.com',
  phone_number: '3105550000',
};

/**
 * Starts the harness before the file's tests (every notification twice, an entity's older one again after its newer
 * one) and closes it after them. Its `api`, `sandbox` and `sandboxUrl` are there once the file's first beforeAll ran.
 */
export function useMonthlyHarness() {
  let dataDir: string;
  let sandbox: PaymentSandboxApp;
  let sandboxUrl: string;
  let api: TestApi;

  beforeAll(async () => {
    api = await testApi(givingApi, {
      payments: undefined,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const siteUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'monthly-giving-'));
    sandbox = buildPaymentSandbox({
      dataDir,
      accessToken: token,
      webhookSecret: api.ctx.settings.paymentWebhookSecret,
      // Every notification twice, and an entity's older notification again after its newer one.
      duplicates: 1,
      outOfOrder: true,
      subscriptionNotificationUrl: `${siteUrl}/api/giving/monthly/notifications`,
    });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    // The site's real clients, pointed at the stand-in.
    api.ctx.payments = createMercadoPagoProvider({ accessToken: token, baseUrl: sandboxUrl });
    api.ctx.subscriptions = createMercadoPagoSubscriptions({ accessToken: token, baseUrl: sandboxUrl, timeoutMs: 5000 });
  });
  afterAll(async () => {
    await sandbox.close();
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const settle = async () => {
    await sandbox.sandbox.idle();
    await api.mailer.flush();
  };
  const mails = async (to: string) => (await api.mailer.list(200)).filter((m) => m.to === to);

  return {
    get api() {
      return api;
    },
    get sandbox() {
      return sandbox;
    },
    get sandboxUrl() {
      return sandboxUrl;
    },
    /** POST /api/giving/monthly. */
    start: (payload: Record<string, unknown>) => api.app.inject({ method: 'POST', url: '/api/giving/monthly', payload }),
    /** Waits until the stand-in delivered its notifications and the mailer sent what they caused. */
    settle,
    /** Authorizes a gift on the stand-in's hosted page (a card the test may change with `fields`). */
    async authorize(initPoint: string, fields: Record<string, string> = {}) {
      const id = new URL(initPoint).searchParams.get('preapproval_id') as string;
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
    },
    /** A gift's charges (its donations), oldest first. */
    charges: (reference: string) =>
      api.db.selectFrom('giving.contributions').selectAll().where('subscription_reference', '=', reference).orderBy('id').execute(),
    mails,
    subjectCount: async (to: string, subject: string) => (await mails(to)).filter((m) => m.subject.startsWith(subject)).length,
    /** The manage link's token in the newest e-mail that carries one. */
    async latestToken(to: string) {
      for (const m of await mails(to)) {
        const found = /\/contribuciones\/mensual\/gestionar\/([A-Za-z0-9_-]{43})/.exec(m.text);
        if (found) return found[1] as string;
      }
      throw new Error('no manage link');
    },
    /** Moves the stand-in's clock `days` ahead and settles. */
    async advance(days: number) {
      sandbox.sandbox.subscriptionEngine.advance(days);
      await settle();
    },
    manage: (tok: string, suffix = '', method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) =>
      api.app.inject({ method, url: `/api/giving/monthly/manage/${tok}${suffix}`, ...(payload ? { payload } : {}) }),
  };
}

export type MonthlyHarness = ReturnType<typeof useMonthlyHarness>;
