// Issue #17 items 1, 2 and 6 on a 390 px phone: the payment result pages are receipts of what the server confirmed,
// a made-up return URL shows no verdict, and 'Verificar Estado' says what the provider answered and when.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, payWith, sandboxUrl } from '../support/enrolment';

const phone = { width: 390, height: 844 };
const screenshots = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../docs/screenshots');

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

const main = (page: Page) => page.locator('main');

/** The receipt's lines as label → value (the `dl` under 'Detalle del pago'). */
async function receipt(page: Page): Promise<Record<string, string>> {
  const region = page.getByRole('region', { name: 'Detalle del pago' });
  await region.waitFor({ timeout: 15_000 });
  const rows = await region
    .locator('dl > div')
    .evaluateAll((divs) => divs.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? ''] as const));
  return Object.fromEntries(rows);
}

const paymentIdOf = (page: Page) => {
  const params = new URL(page.url()).searchParams;
  return params.get('payment_id') ?? params.get('collection_id') ?? '';
};

/** "2 de marzo de 2026, 14:05": the site's long date with the time, in Colombia. */
const longDateTime =
  /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}, \d{2}:\d{2}$/;

/** The time in Colombia (UTC−5, no daylight saving) as HH:MM, `offsetMin` minutes from now. */
const bogotaTime = (offsetMin = 0) => new Date(Date.now() - 5 * 3600_000 + offsetMin * 60_000).toISOString().slice(11, 16);

async function shoot(page: Page, name: string) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, name), fullPage: true, animations: 'disabled' });
}

const settle = async (paymentId: string, status: 'approved' | 'rejected') => {
  const res = await fetch(`${sandboxUrl}/sandbox/payments/${paymentId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  assert.ok(res.ok, `settle ${res.status}`);
};

describe('payment result pages (#17 items 1, 2, 6) at 390 px', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('APRO: the success page is a receipt — course, module, amount, payment number, date and method', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await fillEnrolment(page, uniqueEmail('recibo'));
    await payWith(page, 'APRO');
    assert.match(page.url(), /\/pago\/exitoso\?/);
    await waitForHeading(page, 'Genial');
    await main(page).getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    const lines = await receipt(page);
    assert.equal(lines['Curso'], 'Desarrollo de Software');
    assert.equal(lines['Módulo'], 'Fundamentos de Javascript y AWS S3');
    assert.equal(lines['Valor'], '$ 119.900');
    assert.equal(lines['Número de pago'], paymentIdOf(page));
    assert.match(lines['Fecha'] ?? '', longDateTime);
    assert.equal(lines['Medio de pago'], 'Mastercard (tarjeta de crédito)');
    // The next step, in words that fit an approved payment.
    const text = await main(page).innerText();
    assert.match(text, /Te enviaremos por correo las instrucciones de acceso 24 horas antes del inicio de clases/);
    assert.equal(await main(page).getByRole('link', { name: 'Ir a Mis Cursos' }).getAttribute('href'), '/mis-cursos');
    // The anonymous payer's account step finishes before the picture is taken.
    await page.getByRole('heading', { name: 'Creamos tu cuenta' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(await axeViolations(page), []);
    await shoot(page, 'pago-exitoso-390.png');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("CONT: the pending page gives the next step, 'Verificar Estado' says what the provider answered and when, and an approval moves to the success page", async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await fillEnrolment(page, uniqueEmail('pendiente'));
    await payWith(page, 'CONT');
    assert.match(page.url(), /\/pago\/pendiente\?/);
    await waitForHeading(page, 'Tranquilo');
    await page.getByRole('heading', { name: 'Tu pago está en proceso' }).waitFor({ timeout: 15_000 });
    const pendingUrl = page.url();
    const paymentId = paymentIdOf(page);
    const card = main(page).locator('.result-card');
    assert.match(await card.innerText(), /Estado actual: En proceso/);
    const lines = await receipt(page);
    assert.equal(lines['Curso'], 'Desarrollo de Software');
    assert.equal(lines['Módulo'], 'Fundamentos de Javascript y AWS S3');
    assert.equal(lines['Valor'], '$ 119.900');
    assert.equal(lines['Número de pago'], paymentId);
    // The next step: we write when it is confirmed, how long it takes, a check, and the ways onward.
    assert.match(await main(page).innerText(), /Te avisaremos por correo cuando se confirme/);
    assert.match(await card.innerText(), /tardar de 1 a 3 días hábiles/);
    assert.equal(await card.getByRole('link', { name: 'Volver al curso' }).getAttribute('href'), '/desarrollo-software');
    assert.equal(await card.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href'), '/');

    // 'Verificar Estado': what the provider answered, and when (Colombian time, within the minute of the click).
    const before = [bogotaTime(-1), bogotaTime()];
    await page.getByRole('button', { name: 'Verificar Estado' }).click();
    const checked = card.locator('.result-checked');
    await checked.filter({ hasText: /^Consultado a las/ }).waitFor({ timeout: 15_000 });
    const line = await checked.innerText();
    const m = /^Consultado a las (\d{2}:\d{2}): el pago sigue en proceso\.$/.exec(line);
    assert.ok(m, line);
    assert.ok([...before, bogotaTime(), bogotaTime(1)].includes(m[1]!), `${m[1]} is not now (${bogotaTime()})`);
    assert.equal(await checked.getAttribute('role'), 'status', 'the answer is announced');
    assert.match(page.url(), /\/pago\/pendiente\?/);
    assert.deepEqual(await axeViolations(page), []);
    await shoot(page, 'pago-pendiente-390.png');

    // Approved at the provider: the next check moves to the success page, saying so.
    await settle(paymentId, 'approved');
    for (let i = 0; i < 20 && /\/pago\/pendiente/.test(page.url()); i++) {
      await new Promise((r) => setTimeout(r, 750));
      const button = page.getByRole('button', { name: 'Verificar Estado' });
      if (/\/pago\/pendiente/.test(page.url()) && (await button.count()) && (await button.isEnabled())) await button.click();
    }
    await page.waitForURL(/\/pago\/exitoso\?/, { timeout: 10_000 });
    await waitForHeading(page, 'Genial');
    await main(page).getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    assert.match(await main(page).locator('.result-checked').innerText(), /^Consultado a las \d{2}:\d{2}: el pago fue aprobado\.$/);
    assert.equal((await receipt(page))['Número de pago'], paymentId);

    // The same browser (it holds this checkout's claim) asking about a payment id the provider does not know: one
    // message and a way to check again, never 'Procesando' or 'Aprobado' beside an error.
    const unknown = new URL(pendingUrl);
    for (const key of ['payment_id', 'collection_id']) unknown.searchParams.set(key, '999999999');
    unknown.searchParams.set('status', 'approved');
    unknown.searchParams.set('collection_status', 'approved');
    await page.goto(`/pago/exitoso${unknown.search}`);
    await waitForHeading(page, 'Genial');
    await main(page).getByRole('alert').filter({ hasText: 'No encontramos ese pago.' }).waitFor({ timeout: 15_000 });
    const shown = await main(page).innerText();
    assert.doesNotMatch(shown, /Procesando|Aprobado/);
    assert.equal(await main(page).getByRole('alert').count(), 1);
    await main(page).getByRole('button', { name: 'Verificar de nuevo' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('OTHE: the failure page gives the reason and the receipt of the rejected payment', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await fillEnrolment(page, uniqueEmail('rechazo'), 'Fundamentos de desarrollo Backend');
    await payWith(page, 'OTHE');
    assert.match(page.url(), /\/pago\/error\?/);
    await waitForHeading(page, 'Lo sentimos');
    await page.getByRole('heading', { name: 'Pago No Completado' }).waitFor();
    await main(page).getByRole('alert').filter({ hasText: 'El pago fue rechazado por el banco' }).waitFor({ timeout: 15_000 });
    const lines = await receipt(page);
    assert.equal(lines['Curso'], 'Desarrollo de Software');
    assert.equal(lines['Módulo'], 'Fundamentos de desarrollo Backend');
    assert.equal(lines['Valor'], '$ 119.900');
    assert.equal(lines['Número de pago'], paymentIdOf(page));
    assert.match(lines['Fecha'] ?? '', longDateTime);
    assert.equal(lines['Medio de pago'], 'Mastercard (tarjeta de crédito)');
    await main(page).getByRole('button', { name: 'Intentar Nuevamente' }).waitFor();
    assert.equal(await main(page).getByRole('link', { name: 'Ver Otros Cursos' }).getAttribute('href'), '/#proyectos');
    assert.doesNotMatch(await main(page).innerText(), /Aprobado|Procesando/);
    assert.deepEqual(await axeViolations(page), []);
    await shoot(page, 'pago-error-390.png');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a donation success page says it was a donation, with its amount, number, date and method, in words that fit an approval', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/contribuciones#dona-aqui');
    await waitForHeading(page, 'Dona aquí');
    await main(page).locator('[name="contributor_name"]').waitFor();
    await main(page).getByLabel('$ 50.000').check();
    const field = (name: string) => main(page).locator(`[name="${name}"]`);
    await field('contributor_name').fill('Camila');
    await field('contributor_lastname').fill('Rojas Díaz');
    await field('id_type').selectOption('Cédula de ciudadanía');
    await field('id_number').fill('52123456');
    await field('email').fill(uniqueEmail('donante'));
    await field('phone_number').fill('3104567890');
    await field('data_authorization').check();
    await main(page).locator('button[type="submit"]').click();
    await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
    await page.locator('main [name="cardholder_name"]').fill('APRO');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(new RegExp(`^${baseUrl}/success\\?`), { timeout: 20_000 });
    await waitForHeading(page, 'Genial');
    await main(page).getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    const lines = await receipt(page);
    assert.equal(lines['Concepto'], 'Donación a Fundación Tejiendo Futuro');
    assert.equal(lines['Valor'], '$ 50.000');
    assert.equal(lines['Número de pago'], paymentIdOf(page));
    assert.match(lines['Fecha'] ?? '', longDateTime);
    assert.equal(lines['Medio de pago'], 'Mastercard (tarjeta de crédito)');
    const text = await main(page).innerText();
    assert.match(text, /¡Gracias por tu donación!/);
    assert.match(text, /Te enviamos el comprobante de tu donación por correo/);
    assert.doesNotMatch(text, /Cuando tu pago quede aprobado/);
    assert.doesNotMatch(text, /inscribirte|clases/);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [label, url, heading] of [
    ['courses', '/pago/exitoso?status=approved&payment_id=abc', 'Genial'],
    ['courses, pending page', '/pago/pendiente?status=approved&collection_status=approved&payment_id=abc', 'Tranquilo'],
    ['giving', '/success?status=approved&collection_status=approved&payment_id=abc', 'Genial'],
  ] as const) {
    it(`a made-up return URL (${label}) shows no verdict: one message and the ways onward`, async () => {
      const { page, context, errors } = await openPage(browser, phone);
      await page.goto(url);
      await waitForHeading(page, heading);
      await main(page)
        .getByText(/no trae un pago que podamos consultar/)
        .waitFor({ timeout: 15_000 });
      const shown = await main(page).innerText();
      assert.doesNotMatch(shown, /Aprobado|Procesando|Pendiente|En proceso/);
      assert.doesNotMatch(shown, /Tu pago fue recibido|Tu aporte fue recibido/);
      assert.equal(await main(page).locator('.result-status').count(), 0, 'no status badge at all');
      assert.ok((await main(page).locator('.result-card a[href="/"]').count()) >= 1, 'a way home');
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
