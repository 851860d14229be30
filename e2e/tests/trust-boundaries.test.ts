// #11 in a browser: what a return URL, a shared link or a second browser gives an attacker (nothing), and how long a
// checkout's personal data stays on the device that made it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, payWith, sandboxUrl } from '../support/enrolment';

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

const storageOf = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

const postJson = (path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('trust boundaries (#11)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('row 1: the success URL in a second browser shows no verdict and no credentials; the API gives it nothing', async () => {
    const payer = await openPage(browser);
    const email = uniqueEmail('pagadora');
    await fillEnrolment(payer.page, email);
    await payWith(payer.page, 'APRO');
    await waitForHeading(payer.page, 'Genial');
    await payer.page.getByRole('heading', { name: 'Creamos tu cuenta' }).waitFor({ timeout: 20_000 });
    const successUrl = payer.page.url();
    await payer.context.close();

    const attacker = await openPage(browser);
    const accountCalls: string[] = [];
    attacker.page.on('request', (r) => {
      if (r.url().includes('/api/account/accounts/from-payment')) accountCalls.push(r.url());
    });
    await attacker.page.goto(successUrl);
    await waitForHeading(attacker.page, 'Genial');
    await attacker.page.getByText(/se inició en otro navegador o dispositivo/).waitFor({ timeout: 15_000 });
    const shown = await attacker.page.locator('main').innerText();
    assert.doesNotMatch(shown, /Aprobado|Creamos tu cuenta|Contraseña temporal/);
    assert.ok(!shown.includes(email));
    assert.deepEqual(accountCalls, []);
    await attacker.context.close();

    // With curl and the URL's values: no status, no account, no e-mail address.
    const params = new URL(successUrl).searchParams;
    const ids = { payment_id: params.get('payment_id'), external_reference: params.get('external_reference') };
    for (const claim of [undefined, 'x'.repeat(32)]) {
      const status = await postJson('/api/courses/payments/status', { ...ids, ...(claim ? { claim_secret: claim } : {}) });
      assert.ok([400, 403].includes(status.status), `status ${status.status}`);
      const account = await postJson('/api/account/accounts/from-payment', { ...ids, ...(claim ? { claim_secret: claim } : {}) });
      assert.ok([400, 403].includes(account.status), `account ${account.status}`);
      const text = await account.text();
      assert.doesNotMatch(text, /temporary_password/);
      assert.ok(!text.includes(email));
    }
    // The old open status route is gone.
    const open = await fetch(`${baseUrl}/api/courses/payments/${ids.payment_id}?external_reference=${ids.external_reference}`);
    assert.equal(open.status, 404);
  });

  it('row 10: a rejected payment forgets the student data, and data older than 24 h is never used', async () => {
    const { page, context } = await openPage(browser);
    await fillEnrolment(page, uniqueEmail('rechazo'));
    await payWith(page, 'FUND');
    await waitForHeading(page, 'Lo sentimos');
    await page.locator('main').getByText('Fondos insuficientes en tu tarjeta').waitFor({ timeout: 15_000 });
    assert.equal(await storageOf(page, 'student_registration_data'), null);

    // A pending payment keeps the data (for at most 24 h)...
    await fillEnrolment(page, uniqueEmail('caducado'));
    await payWith(page, 'CONT');
    await waitForHeading(page, 'Tranquilo');
    const stored = JSON.parse((await storageOf(page, 'student_registration_data')) ?? 'null') as { expires_at: number } | null;
    assert.ok(stored && stored.expires_at > Date.now() && stored.expires_at <= Date.now() + 24 * 3600_000 + 60_000);
    // ...and once that has passed, an approval found later opens no account from it and the value is dropped.
    await page.evaluate(() => {
      const raw = JSON.parse(localStorage.getItem('student_registration_data') ?? '{}') as { expires_at: number };
      localStorage.setItem('student_registration_data', JSON.stringify({ ...raw, expires_at: Date.now() - 1 }));
    });
    const paymentId = new URL(page.url()).searchParams.get('payment_id') ?? '';
    const settled = await fetch(`${sandboxUrl}/sandbox/payments/${paymentId}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    assert.ok(settled.ok);
    const accountCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/account/accounts/from-payment')) accountCalls.push(r.url());
    });
    await page.goto(page.url().replace('/pago/pendiente', '/pago/exitoso'));
    await waitForHeading(page, 'Genial');
    await page.locator('main').getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByText('Creando tu cuenta...').count(), 0);
    assert.deepEqual(accountCalls, []);
    assert.equal(await storageOf(page, 'student_registration_data'), null);
    await context.close();
  });
});
