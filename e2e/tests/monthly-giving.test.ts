// Monthly giving (#29, its part so far) in the composed site: a donor chooses "Cada mes" on /contribuciones, authorizes
// the card on the provider's page (the payment sandbox's subscriptions), lands on the result page, and gets the receipt
// with a personal link; on that page (at 390 px) they lower the amount, and cancel after confirming. The provider's
// clock moves a month: the new amount is charged, and after the cancellation nothing more.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { authorize, baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { sandboxUrl } from '../support/enrolment';
import { readPdfText } from 'shared/server/pdf/testing';
import { signedInAccount, signIn } from '../support/identity';
import { firstStaffSignIn, mailbox, newStaffMember } from '../support/staff';

/** Waits for the newest message to `to` whose subject starts so. */
async function mailTo(to: string, subject: RegExp, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No llegó a ${to} un correo "${subject}"`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const manageLink = (text: string) => /(https?:\/\/\S+\/contribuciones\/mensual\/gestionar\/[A-Za-z0-9_-]{43})/.exec(text)?.[1];

const advanceProviderClock = async (days: number) => {
  const res = await fetch(`${sandboxUrl}/sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  assert.ok(res.ok, `clock ${res.status}`);
};

const subscriptionsOf = async (email: string) =>
  (
    (await (await fetch(`${sandboxUrl}/sandbox/subscriptions.json`)).json()) as Array<{
      payer_email: string;
      status: string;
      id: string;
      summarized: { charged_quantity: number; charged_amount: number };
    }>
  ).filter((s) => s.payer_email === email);

/** On /contribuciones: "Cada mes", the amount, the donor's data, then the provider's authorization page with APRO. */
async function startMonthlyGift(browser: Browser, donor: { email: string; idNumber: string; lastname: string }) {
  const { page, context } = await openPage(browser);
  try {
    await page.goto('/contribuciones#dona-aqui');
    await waitForHeading(page, 'Dona aquí');
    await page.locator('main').getByLabel('Cada mes').check();
    await page.locator('main').getByLabel('$ 50.000').check();
    await page.locator('main [name="contributor_name"]').fill('Marta');
    await page.locator('main [name="contributor_lastname"]').fill(donor.lastname);
    await page.locator('main [name="id_type"]').selectOption('Cédula de ciudadanía');
    await page.locator('main [name="id_number"]').fill(donor.idNumber);
    await page.locator('main [name="email"]').fill(donor.email);
    await page.locator('main [name="phone_number"]').fill('3104567890');
    await authorize(page);
    await page.locator('main button[type="submit"]').click();
    // The provider's authorization page: card only.
    await page.waitForURL(new RegExp(`^${sandboxUrl}/subscriptions/checkout`), { timeout: 20_000 });
    await page.locator('[name="cardholder_name"]').fill('APRO');
    await page.getByRole('button', { name: /Autorizar y pagar/ }).click();
    await page.waitForURL(new RegExp(`^${baseUrl}/contribuciones/mensual/resultado`), { timeout: 20_000 });
    await waitForHeading(page, 'Donación mensual');
    await page.getByRole('heading', { name: /Tu donación mensual quedó autorizada/ }).waitFor({ timeout: 15_000 });
  } finally {
    await context.close();
  }
}

describe('monthly giving (/contribuciones → Mercado Pago → the manage link)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('a donor starts a monthly gift with a card, lowers it and cancels it from the receipt link', async () => {
    const email = `mensual-${Date.now()}@example.com`;
    await startMonthlyGift(browser, { email, idNumber: '52123456', lastname: 'Rincón' });

    // The first charge's receipt carries the personal link.
    const receipt = await mailTo(email, /donación mensual quedó activa/);
    const link = manageLink(receipt.text);
    assert.ok(link, 'the receipt carries the manage link');
    const [subscription] = await subscriptionsOf(email);
    assert.equal(subscription?.status, 'authorized');

    const donor = await openPage(browser, { width: 390, height: 844 });
    try {
      await donor.page.goto(link);
      await waitForHeading(donor.page, 'Tu donación mensual');
      await donor.page.getByText('Activa', { exact: true }).first().waitFor({ timeout: 15_000 });
      assert.equal(await donor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      assert.deepEqual(await axeViolations(donor.page), []);
      // Lower the amount.
      await donor.page.locator('main').getByLabel('$ 20.000').check();
      await donor.page.getByRole('button', { name: 'Guardar el nuevo valor' }).click();
      await donor.page.getByText(/desde el próximo cobro donarás \$ 20\.000 cada mes/).waitFor({ timeout: 15_000 });
      // The provider charges the new amount next month; that receipt carries a new link (the earlier one stops working).
      const receipts = (await mailbox()).filter((m) => m.to === email).length;
      await advanceProviderClock(31);
      const deadline = Date.now() + 30_000;
      let second: string | undefined;
      while (!second && Date.now() < deadline) {
        const mails = (await mailbox()).filter((m) => m.to === email);
        if (mails.length > receipts) second = manageLink(mails[0]?.text ?? '');
        if (!second) await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(second && second !== link, 'the next receipt carries a new link');
      assert.match((await mailbox()).find((m) => m.to === email)?.text ?? '', /\$ 20\.000/);
      await donor.page.goto(second);
      await waitForHeading(donor.page, 'Tu donación mensual');
      // Cancel, with its confirmation.
      await donor.page.getByRole('button', { name: 'Cancelar la donación mensual' }).click();
      await donor.page.getByRole('heading', { name: '¿Seguro que quieres cancelar?' }).waitFor();
      await donor.page.getByRole('button', { name: 'Sí, cancelar definitivamente' }).click();
      await donor.page
        .getByText(/Cancelaste tu donación mensual/)
        .first()
        .waitFor({ timeout: 15_000 });
    } finally {
      await donor.context.close();
    }
    const [cancelled] = await subscriptionsOf(email);
    assert.equal(cancelled?.status, 'cancelled');
    // Two charges: the first at authorization (50.000), the next month's at the lowered amount (20.000).
    assert.deepEqual([cancelled?.summarized.charged_quantity, cancelled?.summarized.charged_amount], [2, 70_000]);
    await mailTo(email, /cancel/i);
    // After the cancellation the provider's clock moves on two more months with no charge.
    await advanceProviderClock(62);
    assert.equal((await subscriptionsOf(email))[0]?.summarized.charged_quantity, 2);
  });

  it("a signed-in donor finds the gift given with the account's address under Mis donaciones and pauses it there, at 390 px", async () => {
    const account = await signedInAccount('Marta Rincón');
    await startMonthlyGift(browser, { email: account.email, idNumber: '52765432', lastname: 'Rincón' });
    await mailTo(account.email, /donación mensual quedó activa/);
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, account);
      await page.goto('/mis-donaciones');
      await waitForHeading(page, 'Mis donaciones');
      await page.getByRole('heading', { name: /^Donación mensual desde/ }).waitFor({ timeout: 15_000 });
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      assert.deepEqual(await axeViolations(page), []);
      await page.getByRole('button', { name: 'Pausar la donación' }).click();
      await page
        .getByText(/pausaste tu donación mensual/)
        .first()
        .waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
    assert.equal((await subscriptionsOf(account.email))[0]?.status, 'paused');
  });
});

/** Puts the provider's subscription clock at a date (a test control of the stand-in). */
const setProviderClock = async (now: string) => {
  const res = await fetch(`${sandboxUrl}/sandbox/clock/set`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now }),
  });
  assert.ok(res.ok, `clock set ${res.status}`);
  return ((await res.json()) as { now: string }).now;
};

const providerNow = async () => Date.parse(((await (await fetch(`${sandboxUrl}/sandbox/clock`)).json()) as { now: string }).now);

/** Moves the provider's clock to a minute past `iso` (the next charge, a retry). */
const advanceProviderClockTo = async (iso: string) => advanceProviderClock((Date.parse(iso) + 60_000 - (await providerNow())) / 86_400_000);

/** The donor's e-mails whose subject matches, newest first. */
const mailsTo = async (to: string, subject: RegExp) => (await mailbox()).filter((m) => m.to === to && subject.test(m.subject));

/** Waits until the donor has `count` e-mails of that subject and gives the newest. */
async function nthMail(to: string, subject: RegExp, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailsTo(to, subject);
    if (found.length >= count && found[0]) return found[0];
    if (Date.now() > deadline) throw new Error(`${to} tiene ${found.length} correos "${subject}", se esperaban ${count}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a monthly gift over a finished year: charges, a rejected month retried, a lower amount, a cancellation, the staff and the annual certificate', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  const contexts: Array<{ close(): Promise<void> }> = [];
  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    // Back to today, for whatever runs after.
    await setProviderClock(new Date().toISOString()).catch(() => undefined);
    await browser?.close();
  });

  it('the donor gives from September to December 2025; the staff follows each step; the 2025 certificate lists the approved charges only', async () => {
    const stamp = Date.now();
    const email = `anual-mensual-${stamp}@example.com`;
    const idNumber = String(1_000_000_000 + (stamp % 999_999_999));
    const lastname = `Anual ${stamp.toString(26).replace(/[0-9a-p]/g, (c) => String.fromCharCode(97 + parseInt(c, 26)))}`;
    const receiptSubject = /Gracias por tu donación de este mes/;
    // Finanzas follows the gift in the panel from the start.
    const memberEmail = `finanzas-mensual-${stamp}@fundacion.org`;
    const invitation = await newStaffMember(memberEmail, ['finanzas']);
    const staff = await openPage(browser, { width: 1366, height: 900 });
    contexts.push(staff.context);
    const { page } = staff;
    await page.goto('/equipo/donaciones-mensuales');
    await firstStaffSignIn(page, memberEmail, invitation, 'PanelSeguro2026');
    /** The gift's row in the monthly gifts' ledger, found by the donor's e-mail: its text. */
    const ledgerRow = async () => {
      await page.goto('/equipo/donaciones-mensuales');
      await waitForHeading(page, 'Donaciones mensuales');
      await page.getByLabel('Buscar por nombre, documento, correo o referencia').fill(email);
      await page.getByRole('button', { name: 'Aplicar filtros' }).click();
      const list = page.getByRole('table', { name: /Donaciones mensuales: 1 de 1/ });
      await list.waitFor({ timeout: 15_000 });
      return list.getByRole('row').nth(1).innerText();
    };
    // The gift starts on 10 September 2025, a year that has ended: its annual certificate can be issued today.
    await setProviderClock('2025-09-10T10:00:00.000-05:00');
    await startMonthlyGift(browser, { email, idNumber, lastname });
    await mailTo(email, /donación mensual quedó activa/);
    const subscription = async () => {
      const [found] = await subscriptionsOf(email);
      assert.ok(found, 'the provider has the subscription');
      return found as typeof found & { next_payment_date: string };
    };
    const { id } = await subscription();
    assert.match(await ledgerRow(), /Activa[\s\S]*\$ 50\.000/);

    // October: the second charge.
    await advanceProviderClockTo((await subscription()).next_payment_date);
    await nthMail(email, receiptSubject, 1);

    // November: the bank rejects the charge; the donor is told what to do, and Mercado Pago retries the next day.
    const outcomes = await fetch(`${sandboxUrl}/sandbox/subscriptions/${id}/next-charges`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcomes: ['rejected', 'approved'] }),
    });
    assert.ok(outcomes.ok);
    await advanceProviderClockTo((await subscription()).next_payment_date);
    const rejected = await mailTo(email, /No pudimos cobrar tu donación mensual/);
    assert.match(rejected.text, /volverá a intentarlo/);
    // The panel shows the rejected month while Mercado Pago retries it.
    assert.match(await ledgerRow(), /Con cobro rechazado/);
    await advanceProviderClock(1 + 1 / 24);
    const november = await nthMail(email, receiptSubject, 2);
    assert.match(await ledgerRow(), /Activa/);

    // The donor calls: Finanzas pauses the gift for them, with the reason, and resumes it when they call again.
    await page
      .getByRole('table', { name: /Donaciones mensuales: 1 de 1/ })
      .getByRole('link')
      .first()
      .click();
    await waitForHeading(page, /^Donación mensual de Marta/);
    for (const [action, done] of [
      ['Pausar', 'La donación mensual quedó pausada.'],
      ['Reanudar', 'La donación mensual quedó activa otra vez.'],
    ] as const) {
      await page.getByRole('button', { name: `${action} la donación mensual` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Motivo/).fill(`La donante lo pidió por teléfono (${action.toLowerCase()}).`);
      await dialog.getByRole('button', { name: action, exact: true }).click();
      await page.getByText(done).waitFor({ timeout: 15_000 });
    }
    const history = page.getByRole('table', { name: /Lo que el equipo hizo/ });
    assert.equal(await history.getByRole('row').count(), 3, await history.innerText());
    assert.equal((await subscription()).status, 'authorized');

    // The donor lowers the gift from the newest receipt's link.
    const link = manageLink(november.text);
    assert.ok(link);
    const donor = await openPage(browser, { width: 390, height: 844 });
    try {
      await donor.page.goto(link);
      await waitForHeading(donor.page, 'Tu donación mensual');
      await donor.page.locator('main').getByLabel('$ 20.000').check();
      await donor.page.getByRole('button', { name: 'Guardar el nuevo valor' }).click();
      await donor.page.getByText(/desde el próximo cobro donarás \$ 20\.000 cada mes/).waitFor({ timeout: 15_000 });
    } finally {
      await donor.context.close();
    }

    // December: the lower amount; then the donor cancels from that receipt's link.
    await advanceProviderClockTo((await subscription()).next_payment_date);
    const december = await nthMail(email, receiptSubject, 3);
    assert.match(december.text, /\$ 20\.000/);
    const last = await openPage(browser, { width: 390, height: 844 });
    try {
      await last.page.goto(manageLink(december.text) ?? '');
      await waitForHeading(last.page, 'Tu donación mensual');
      await last.page.getByRole('button', { name: 'Cancelar la donación mensual' }).click();
      await last.page.getByRole('button', { name: 'Sí, cancelar definitivamente' }).click();
      await last.page
        .getByText(/Cancelaste tu donación mensual/)
        .first()
        .waitFor({ timeout: 15_000 });
    } finally {
      await last.context.close();
    }
    const cancelled = await subscription();
    assert.equal(cancelled.status, 'cancelled');
    // Four approved charges: 50.000 in September, October and November (after its retry), 20.000 in December.
    assert.deepEqual([cancelled.summarized.charged_quantity, cancelled.summarized.charged_amount], [4, 170_000]);

    // The gift's page in the panel: cancelled by the donor, its four charges, the notice of the rejected month.
    assert.match(await ledgerRow(), /Cancelada[\s\S]*\$ 170\.000/);
    await page
      .getByRole('table', { name: /Donaciones mensuales: 1 de 1/ })
      .getByRole('link')
      .first()
      .click();
    await waitForHeading(page, /^Donación mensual de Marta/);
    const charges = page.getByRole('table', { name: /Cobros de esta donación mensual/ });
    await charges.waitFor({ timeout: 15_000 });
    assert.equal(await charges.getByRole('row').count(), 5, await charges.innerText());
    assert.match(await page.getByRole('table', { name: /Correos enviados/ }).innerText(), /rechaz/i);
    assert.deepEqual(await axeViolations(page), []);

    // Finanzas issues the donor's 2025 certificate from one of the charges.
    await page.goto('/equipo/donaciones');
    await waitForHeading(page, 'Donaciones');
    await page.getByLabel('Buscar por nombre, documento, correo o referencia').fill(email);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    const list = page.getByRole('table', { name: /Donaciones: 4 de 4/ });
    await list.waitFor({ timeout: 15_000 });
    const references = (await list.innerText()).match(/DON-[A-Za-z0-9_-]+/g) ?? [];
    await list.getByRole('link').first().click();
    await waitForHeading(page, `Donación de Marta ${lastname}`);
    await page.getByRole('button', { name: 'Expedir el certificado anual 2025 de este donante' }).click();
    await page.getByText(/^Certificado CD-2025-\d{6} expedido\.$/).waitFor({ timeout: 15_000 });
    const certificates = page.getByRole('table', { name: 'Certificados que incluyen esta donación' });
    const annualRow = certificates.getByRole('row').filter({ hasText: /anual/i });
    const [download] = await Promise.all([page.waitForEvent('download'), annualRow.getByRole('button', { name: /Descargar/ }).click()]);
    const { readFile } = await import('node:fs/promises');
    const [first] = await readPdfText(new Uint8Array(await readFile(await download.path())));
    const text = first?.text ?? '';
    assert.match(text, /CERTIFICADO DE DONACIONES — AÑO 2025/);
    assert.match(text, /\$ 170\.000/);
    // The approved charges only: four lines, one per charge, none for the rejected attempt.
    const lines = text.split('\n').filter((l) => /· \$ [\d.]+ · DON-/.test(l));
    assert.equal(lines.length, 4, text);
    for (const reference of references) assert.ok(text.includes(reference), `${reference} in:\n${text}`);
  });
});
