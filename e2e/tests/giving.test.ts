import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading, waitForHeadingChange, authorize } from '../support/browser';

const sandboxUrl = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:8090';
const noAmount = 'Por favor selecciona un monto de donación.';
const invalidAmount = 'Monto de donación inválido.';
const failed = 'Error procesando la donación. Por favor intenta de nuevo.';
const nameNotAName = 'El nombre no puede contener números, enlaces ni @.';

async function openDonation(page: Page) {
  await page.goto('/contribuciones#dona-aqui');
  await waitForHeading(page, 'Dona aquí');
  await page.locator('main [name="contributor_name"]').waitFor();
}

async function fillContributor(page: Page, email: string) {
  await page.locator('main [name="contributor_name"]').fill('Camila');
  await page.locator('main [name="contributor_lastname"]').fill('Rojas Díaz');
  await page.locator('main [name="id_type"]').selectOption('Cédula de ciudadanía');
  await page.locator('main [name="id_number"]').fill('52123456');
  await page.locator('main [name="email"]').fill(email);
  await page.locator('main [name="phone_number"]').fill('3104567890');
  await authorize(page);
}

const submitButton = (page: Page) => page.locator('main button[type="submit"]');

/** Submits the donation and waits for the sandbox's hosted checkout; returns its text. */
async function goToCheckout(page: Page): Promise<string> {
  await submitButton(page).click();
  await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
  return page.locator('body').innerText();
}

/** Pays on the sandbox's checkout with a test cardholder name, and waits for the return to the site. */
async function payWith(page: Page, cardholder: string) {
  await page.locator('main [name="cardholder_name"]').fill(cardholder);
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(new RegExp(`^${baseUrl}/(success|failure|pending)`), { timeout: 20_000 });
}

/** The site's localStorage, read from a second tab of the same context (the first may be on the sandbox). */
async function siteStorage(context: BrowserContext): Promise<Record<string, string>> {
  const probe = await context.newPage();
  await probe.goto('/robots.txt');
  const values = await probe.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  await probe.close();
  return values;
}

const mailbox = async () =>
  (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Array<{ to: string; subject: string; text: string }>;
const receiptsTo = async (email: string) => (await mailbox()).filter((m) => m.to === email && /donación/i.test(m.subject));

async function waitForReceipts(email: string) {
  for (let i = 0; i < 40 && (await receiptsTo(email)).length === 0; i++) await new Promise((r) => setTimeout(r, 250));
  // A late duplicate would arrive within the next deliveries: give it the chance to show up.
  await new Promise((r) => setTimeout(r, 750));
  return receiptsTo(email);
}

/** The payment as the giving API reads it (and applies it to the contribution) from the provider, asked with the claim
 * secret the donating browser (`context`) holds. */
async function givingPayment(url: string, context: BrowserContext) {
  const params = new URL(url).searchParams;
  const id = params.get('payment_id') ?? params.get('collection_id');
  const reference = params.get('external_reference') ?? '';
  const claims = JSON.parse((await siteStorage(context)).payment_claims ?? '{}') as Record<string, { secret: string }>;
  const res = await fetch(`${baseUrl}/api/giving/payments/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payment_id: id, external_reference: reference, claim_secret: claims[reference]?.secret }),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as { status: string; amount: number; external_reference: string };
}

async function contributionRow(reference: string): Promise<{ payment_status: string; donation_amount: number } | null> {
  if (!process.env.DATABASE_URL) return null;
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('select payment_status, donation_amount from giving.contributions where reference = $1', [reference]);
  await client.end();
  return rows[0] ?? null;
}

/** An approved donation: the return lands on /success, the API and database say approved, one receipt. */
async function assertApproved(page: Page, email: string, amountText: string, amount: number) {
  assert.match(page.url(), /\/success\?/);
  await waitForHeading(page, 'Genial');
  await page.locator('main').getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
  const payment = await givingPayment(page.url(), page.context());
  assert.equal(payment.status, 'approved');
  assert.equal(payment.amount, amount);
  assert.ok(payment.external_reference.startsWith('DON-'));
  const row = await contributionRow(payment.external_reference);
  if (row) {
    assert.equal(row.payment_status, 'approved');
    assert.equal(Number(row.donation_amount), amount);
  }
  const receipts = await waitForReceipts(email);
  assert.equal(receipts.length, 1);
  assert.ok(receipts[0]!.text.includes(amountText), receipts[0]!.text);
}

describe('donations (/contribuciones) and the generic result pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('a preset donation of $ 50.000 reaches the checkout at that amount and ends approved on /success', async () => {
    const { page, context, errors } = await openPage(browser);
    // Leftovers of an earlier session: the page must clear them on mount (spec §4 Payment type).
    await context.addInitScript(() => {
      if (location.pathname === '/contribuciones' && !sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('inputDonationsValues', '{"email":"viejo@example.com"}');
        localStorage.setItem('inputSubscribersValues', '{}');
      }
    });
    // Hold the request a moment so the busy state can be seen.
    await page.route('**/api/giving/contributions', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') logged.push(m.text());
    });
    await openDonation(page);
    // MercadoPago.js (the sandbox's stand-in here) arrives after the form, once, and defines its constructor.
    await page.waitForFunction(() => typeof (window as unknown as { MercadoPago?: unknown }).MercadoPago === 'function', null, {
      timeout: 10_000,
    });
    assert.equal(await page.locator('script[src$="/js/v2"]').count(), 1);
    const presets = page.locator('main .amount-preset');
    assert.deepEqual(await presets.allInnerTexts(), ['$ 20.000', '$ 50.000', '$ 100.000']);
    const email = `preset-${Date.now()}@example.com`;
    await page.locator('main').getByLabel('$ 50.000').check();
    await fillContributor(page, email);
    assert.equal(await submitButton(page).innerText(), 'Donar $ 50.000');
    await submitButton(page).click();
    await page.locator('main button[type="submit"]', { hasText: 'Loading...' }).waitFor({ timeout: 5_000 });
    assert.equal(await submitButton(page).isDisabled(), true);
    await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
    const checkout = await page.locator('body').innerText();
    assert.match(checkout, /\$ 50\.000/);
    assert.match(checkout, /Donación a Fundación Tejiendo Futuro/);

    const stored = await siteStorage(context);
    assert.equal(stored.paymentTypeItem, 'donations');
    assert.equal(stored.inputDonationsValues, undefined);
    assert.equal(stored.inputSubscribersValues, undefined);
    const pending = JSON.parse(stored.pending_payment ?? '{}') as Record<string, unknown>;
    assert.deepEqual(Object.keys(pending).sort(), ['amount', 'external_reference', 'payment_id', 'timestamp']);
    assert.equal(pending.amount, 50000);
    assert.match(String(pending.external_reference), /^DON-/);

    assert.deepEqual(
      logged.filter((m) => /MercadoPago/.test(m)),
      [],
    );
    await payWith(page, 'APRO');
    await assertApproved(page, email, '$ 50.000', 50000);
    assert.equal((await siteStorage(context)).pending_payment, undefined, 'an approved payment forgets the pending one');
    // The result screen's own link renders the next page in place (it uses the shell's router, not a private copy).
    await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    const resultHeading = await page.locator('main h1').first().innerText();
    assert.match(resultHeading, /Genial/);
    await page.locator('main').getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(/\/$/, { timeout: 10_000 });
    assert.doesNotMatch(await waitForHeadingChange(page, resultHeading), /Genial/);
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a custom amount keeps only digits, replaces the preset (and the reverse), and ends approved', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await openDonation(page);
    const custom = page.locator('main [name="optional_donation_amount"]');
    assert.equal(await custom.getAttribute('inputmode'), 'numeric');
    assert.equal(await custom.getAttribute('placeholder'), 'Ej: 50000');
    assert.equal(await page.locator('main').getByLabel('Valor en pesos (solo números)').getAttribute('name'), 'optional_donation_amount');

    await page.locator('main').getByLabel('$ 100.000').check();
    await custom.pressSequentially('7a5.0b00 pesos');
    assert.equal(await custom.inputValue(), '75000');
    assert.equal(await page.locator('main [name="donation_amount"]:checked').count(), 0, 'typing an amount clears the preset');
    await page.locator('main').getByLabel('$ 20.000').check();
    assert.equal(await custom.inputValue(), '', 'choosing a preset clears the custom amount');
    await custom.fill('75000');
    assert.equal(await page.locator('main [name="donation_amount"]:checked').count(), 0);

    const email = `custom-${Date.now()}@example.com`;
    await fillContributor(page, email);
    const checkout = await goToCheckout(page);
    assert.match(checkout, /\$ 75\.000/);
    await payWith(page, 'APRO');
    await assertApproved(page, email, '$ 75.000', 75000);
    await context.close();
  });

  it("a rejected payment (FUND) ends on /failure with the provider's reason", async () => {
    const { page, context } = await openPage(browser);
    await openDonation(page);
    await page.locator('main').getByLabel('$ 20.000').check();
    await fillContributor(page, `fund-${Date.now()}@example.com`);
    await goToCheckout(page);
    await payWith(page, 'FUND');
    assert.match(page.url(), /\/failure\?/);
    await waitForHeading(page, 'Lo sentimos');
    await page.getByRole('heading', { name: 'Pago No Completado' }).waitFor();
    await page.locator('main').getByText('Fondos insuficientes en tu tarjeta').waitFor({ timeout: 15_000 });
    assert.equal((await givingPayment(page.url(), context)).status, 'rejected');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  it("shows the spec's alerts: no amount, zero, an unreadable preset and a failed request", async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await openDonation(page);
    const alert = page.locator('main [role="alert"]').first();

    await submitButton(page).click();
    await alert.waitFor();
    assert.match(await alert.innerText(), new RegExp(noAmount));
    assert.match(await alert.innerText(), /Por favor ingresa tus nombres/);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'alert', 'the alert takes focus');
    assert.deepEqual(await axeViolations(page), []);

    // A name that is not one (the lure once certified): the API's own message, in the alert and on the field.
    const name = page.locator('main [name="contributor_name"]');
    await name.fill('URGENTE: su cuenta bancaria fue bloqueada. Reactívela en https://evil.example');
    await submitButton(page).click();
    await page.locator('main [role="alert"]', { hasText: nameNotAName }).waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator(`[id="${(await name.getAttribute('aria-describedby')) ?? ''}"]`).textContent(), nameNotAName);

    await fillContributor(page, `alertas-${Date.now()}@example.com`);
    await page.locator('main [name="optional_donation_amount"]').fill('0');
    await submitButton(page).click();
    await page.locator('main [role="alert"]', { hasText: noAmount }).waitFor();
    assert.doesNotMatch(await alert.innerText(), /Por favor ingresa tus nombres/);
    assert.match(page.url(), /\/contribuciones/);

    // A preset the server cannot read as pesos (the request altered on its way): the spec's alert, from the server.
    await page.locator('main').getByLabel('$ 20.000').check();
    assert.equal(await page.locator('main [name="optional_donation_amount"]').inputValue(), '');
    await page.route('**/api/giving/contributions', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, donation_amount: 'mucho' }) });
    });
    await submitButton(page).click();
    await page.locator('main [role="alert"]', { hasText: invalidAmount }).waitFor();
    await page.unroute('**/api/giving/contributions');

    // Any failure of the request: the spec's alert, and the visitor can try again.
    await page.locator('main').getByLabel('$ 50.000').check();
    await page.route('**/api/giving/contributions', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom","message":"boom"}' }),
    );
    await submitButton(page).click();
    await page.locator('main [role="alert"]', { hasText: failed }).waitFor();
    assert.equal(await submitButton(page).isEnabled(), true);
    assert.match(page.url(), /\/contribuciones/);
    await context.close();
  });

  it('a request altered in the browser is charged what the server decides, or refused', async () => {
    const { page, context } = await openPage(browser);
    // The visitor chose $ 20.000; the altered request asks to pay 1 peso through every price-like field.
    await page.route('**/api/giving/contributions', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, price: 1, unit_price: 1, amount: 1, title: 'Gratis' }) });
    });
    await openDonation(page);
    await page.locator('main').getByLabel('$ 20.000').check();
    await fillContributor(page, `precio-${Date.now()}@example.com`);
    const checkout = await goToCheckout(page);
    assert.match(checkout, /\$ 20\.000/);
    assert.doesNotMatch(checkout, /Gratis/);

    // Rewriting the amount itself to 1 peso is refused with the server's bounds, and nobody is sent to pay.
    await page.goto('/contribuciones');
    await waitForHeading(page, 'Dona aquí');
    await page.unroute('**/api/giving/contributions');
    await page.route('**/api/giving/contributions', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, donation_amount: undefined, optional_donation_amount: '1' }) });
    });
    await page.locator('main').getByLabel('$ 100.000').check();
    await fillContributor(page, `un-peso-${Date.now()}@example.com`);
    await submitButton(page).click();
    const refusal = page.locator('main [role="alert"]', { hasText: invalidAmount });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /El monto debe estar entre \$ [\d.]+ y \$ [\d.]+/);
    assert.match(page.url(), /\/contribuciones/);
    await context.close();
  });

  it('loads MercadoPago.js once, lazily, with the public key; a blocked script is logged and the donation still works', async () => {
    const { page, context } = await openPage(browser);
    const config = (await (await fetch(`${baseUrl}/runtime-config.json`)).json()) as { payments: { scriptUrl: string } };
    const scriptUrl = config.payments.scriptUrl;
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    let requests = 0;
    await page.route(scriptUrl, (route) => {
      requests += 1;
      return route.abort('blockedbyclient');
    });
    const donate = page.locator('header a.donate-btn');
    await page.goto('/');
    await waitForHeading(page);
    await donate.click();
    await waitForHeading(page, 'Dona aquí');
    for (let i = 0; i < 40 && !consoleErrors.some((m) => m.includes('Failed to load MercadoPago.js')); i++) await page.waitForTimeout(250);
    assert.ok(
      consoleErrors.some((m) => m.includes('Failed to load MercadoPago.js')),
      consoleErrors.join('\n'),
    );
    assert.equal(requests, 1);
    // Leaving and coming back inside the site neither fetches it again nor warns.
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await donate.click();
    await waitForHeading(page, 'Dona aquí');
    await page.locator('main [name="contributor_name"]').waitFor();
    await page.waitForTimeout(2500);
    assert.equal(requests, 1);

    await page.locator('main').getByLabel('$ 20.000').check();
    await fillContributor(page, `sin-sdk-${Date.now()}@example.com`);
    assert.match(await goToCheckout(page), /\$ 20\.000/);
    await context.close();
  });
});
