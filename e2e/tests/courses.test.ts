import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { site } from 'shared/foundation/site';
import type { Browser, Page } from 'playwright-core';
import { signNotification } from 'shared/server/payments/signature';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';

const sandboxUrl = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:8090';
const webhookSecret = 'sandbox-webhook-secret';

async function fillEnrolment(page: Page, email: string, module = 'Fundamentos de Javascript y AWS S3') {
  await page.goto('/desarrollo-software/registro');
  await waitForHeading(page, 'Inscripción');
  await page.locator('main [name="student_name"]').fill('Ana');
  await page.locator('main [name="student_lastname"]').fill('Pérez');
  await page.locator('main [name="id_type"]').selectOption('Cédula de ciudadanía');
  await page.locator('main [name="id_number"]').fill('1012345678');
  await page.locator('main [name="phone_number"]').fill('3001234567');
  await page.locator('main [name="email"]').fill(email);
  await page.locator('main [name="profession"]').selectOption('Estudiante');
  await page.locator('main [name="education"]').selectOption('Secundaria');
  await page.locator('main [name="module_name"]').selectOption(module);
  await page.locator('main [name="has_terms"]').check();
}

/** Pays on the sandbox's hosted checkout with a test cardholder name, and waits for the return to the site. */
async function payWith(page: Page, cardholder: string) {
  await page.getByRole('button', { name: /Proceder al Pago/ }).click();
  await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
  await page.locator('main [name="cardholder_name"]').fill(cardholder);
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(new RegExp(`^${baseUrl}/pago/`), { timeout: 20_000 });
}

const mailbox = async () =>
  (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Array<{ to: string; subject: string; text: string }>;
const receiptsTo = async (email: string) => (await mailbox()).filter((m) => m.to === email && /inscripción/.test(m.subject));

async function enrolmentRow(reference: string): Promise<{ payment_status: string } | null> {
  if (!process.env.DATABASE_URL) return null;
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('select payment_status from courses.enrolments where reference = $1', [reference]);
  await client.end();
  return rows[0] ?? null;
}

describe('courses, enrolment and payments', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('shows the course page with its facts, modules carousel and the way to enrol', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/desarrollo-software');
    await waitForHeading(page, 'Desarrollo de Software');
    const facts = await page.locator('.facts').innerText();
    assert.match(facts, /\$ 119\.900/);
    assert.match(facts, /\$ 349\.000/);
    assert.match(facts, /Online/);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    assert.match(await carousel.locator('.carousel-slide.is-active').innerText(), /Fundamentos de programación/);
    await carousel.getByRole('button', { name: 'Diapositiva anterior' }).click();
    assert.match(await carousel.locator('.carousel-slide.is-active').innerText(), /Fundamentos de desarrollo Backend/);
    await page.getByRole('link', { name: 'Quiero Inscribirme' }).click();
    await waitForHeading(page, 'Inscripción: Desarrollo de Software');
    await context.close();
  });

  it('shows the Puentes stages in a wrapping slider, the learning process and the learn-and-help page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/Proyecto-Puentes');
    await waitForHeading(page, 'Proyecto Puentes');
    const slider = page.locator('[aria-roledescription="carousel"]');
    assert.match(await slider.locator('.carousel-slide.is-active').innerText(), /Despliegue[\s\S]*4 meses/);
    for (let i = 0; i < 3; i++) await slider.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    assert.match(await slider.locator('.carousel-slide.is-active').innerText(), /Lanzamiento[\s\S]*30% al 40%/);
    await slider.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    assert.match(await slider.locator('.carousel-slide.is-active').innerText(), /Despliegue/);
    await page.goto('/software-a-la-medida');
    await waitForHeading(page, 'Procesos de aprendizaje');
    assert.match(await page.locator('main').innerText(), /Consolidación[\s\S]*9 horas al día/);
    await page.goto('/aprende-ayuda');
    await waitForHeading(page, 'Aprende y ayuda');
    await page.getByRole('heading', { name: 'Historias de éxito' }).waitFor();
    const chat = page.locator('main').getByRole('link', { name: /Quiero inscribirme/ });
    // While the chat number is pending in the foundation's data the button is left out, never a dead link (#17).
    if (!site.contact.chatPhone) assert.equal(await chat.count(), 0);
    else {
      assert.equal(await chat.getAttribute('target'), '_blank');
      assert.match((await chat.getAttribute('href')) ?? '', /^https:\/\/wa\.me\//);
    }
    await context.close();
  });

  it("lists the spec's errors and clears a field's error when it is edited", async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/ofimatica-basica/registro');
    await waitForHeading(page, 'Inscripción');
    await page.getByRole('button', { name: /Proceder al Pago/ }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    for (const m of [
      'Por favor corrige los siguientes errores:',
      'El nombre es obligatorio',
      'El email es obligatorio',
      'El teléfono es obligatorio',
      'Debes seleccionar un módulo',
      'Debes aceptar los términos y condiciones',
    ]) {
      assert.ok(text.includes(m), m);
    }
    await page.locator('main [name="student_name"]').fill('Ana');
    await page.waitForFunction(() => !document.querySelector('.error-summary')?.textContent?.includes('El nombre es obligatorio'));
    await page.locator('main [name="module_name"]').selectOption('Google Suite');
    assert.match(await page.locator('.enrol-summary').innerText(), /Google Suite[\s\S]*\$ 79\.900/);
    const privacy = page.locator('main').getByRole('link', { name: 'Política de privacidad', exact: true });
    assert.equal(await privacy.getAttribute('target'), '_blank');
    assert.match((await privacy.getAttribute('rel')) ?? '', /noopener/);
    await context.close();
  });

  it('APRO: approved payment ends on Genial/Aprobado, the enrolment is approved and one receipt is sent', async () => {
    const { page, context } = await openPage(browser);
    const email = `apro-${Date.now()}@example.com`;
    await fillEnrolment(page, email);
    await payWith(page, 'APRO');
    assert.match(page.url(), /\/pago\/exitoso\?/);
    await waitForHeading(page, 'Genial');
    await page.getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    const reference = new URL(page.url()).searchParams.get('external_reference')!;
    assert.ok(reference.startsWith('ENR-'));
    const row = await enrolmentRow(reference);
    if (row) assert.equal(row.payment_status, 'approved');
    await page.waitForFunction(() => true);
    for (let i = 0; i < 40 && (await receiptsTo(email)).length === 0; i++) await new Promise((r) => setTimeout(r, 250));
    const receipts = await receiptsTo(email);
    assert.equal(receipts.length, 1);
    assert.match(receipts[0]!.text, /Fundamentos de Javascript y AWS S3[\s\S]*\$ 119\.900/);
    await context.close();
  });

  it("FUND: a rejected payment ends on the failure page with the provider's reason", async () => {
    const { page, context } = await openPage(browser);
    await fillEnrolment(page, `fund-${Date.now()}@example.com`);
    await payWith(page, 'FUND');
    await waitForHeading(page, 'Lo sentimos');
    await page.getByText('Fondos insuficientes en tu tarjeta').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Pago No Completado' }).waitFor();
    await context.close();
  });

  it("CONT: a pending payment ends on 'Tranquilo', and 'Verificar Estado' shows the later approval", async () => {
    const { page, context } = await openPage(browser);
    await fillEnrolment(page, `cont-${Date.now()}@example.com`);
    await payWith(page, 'CONT');
    await waitForHeading(page, 'Tranquilo');
    const paymentId = new URL(page.url()).searchParams.get('payment_id')!;
    const settle = await fetch(`${sandboxUrl}/sandbox/payments/${paymentId}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    assert.ok(settle.ok);
    await page.getByRole('button', { name: 'Verificar Estado' }).click();
    await page.getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('charges the catalogue price even when the browser alters the request', async () => {
    const { page, context } = await openPage(browser);
    await page.route('**/api/courses/checkout', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, price: 1, unit_price: 1, title: 'Gratis' }) });
    });
    await fillEnrolment(page, `precio-${Date.now()}@example.com`, 'Fundamentos de desarrollo Backend');
    await page.getByRole('button', { name: /Proceder al Pago/ }).click();
    await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
    const checkout = await page.locator('body').innerText();
    assert.match(checkout, /\$ 119\.900/);
    assert.doesNotMatch(checkout, /Gratis/);
    await context.close();
  });

  it('ignores a forged notification and applies ten duplicate ones exactly once', async () => {
    const { page, context } = await openPage(browser);
    const email = `dup-${Date.now()}@example.com`;
    await fillEnrolment(page, email);
    await payWith(page, 'CONT');
    await waitForHeading(page, 'Tranquilo');
    const paymentId = new URL(page.url()).searchParams.get('payment_id')!;
    const notify = (signature: string | null, requestId: string) =>
      fetch(`${baseUrl}/api/courses/payments/notifications?data.id=${paymentId}&type=payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...(signature ? { 'x-signature': signature } : {}) },
        body: JSON.stringify({ type: 'payment', action: 'payment.updated', data: { id: paymentId } }),
      });
    const forged = await notify(signNotification('no-es-el-secreto', paymentId, 'forjada'), 'forjada');
    assert.equal(forged.status, 401);
    assert.equal((await notify(null, 'sin-firma')).status, 401);

    await fetch(`${sandboxUrl}/sandbox/payments/${paymentId}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => notify(signNotification(webhookSecret, paymentId, requestId), requestId)),
    );
    assert.ok(answers.every((r) => r.status === 200));
    for (let i = 0; i < 40 && (await receiptsTo(email)).length === 0; i++) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal((await receiptsTo(email)).length, 1);
    await context.close();
  });
});
