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
import { mailbox } from '../support/staff';

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

describe('monthly giving (/contribuciones → Mercado Pago → the manage link)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('a donor starts a monthly gift with a card, lowers it and cancels it from the receipt link', async () => {
    const email = `mensual-${Date.now()}@example.com`;
    const { page, context } = await openPage(browser);
    try {
      await page.goto('/contribuciones#dona-aqui');
      await waitForHeading(page, 'Dona aquí');
      await page.locator('main').getByLabel('Cada mes').check();
      await page.locator('main').getByLabel('$ 50.000').check();
      await page.locator('main [name="contributor_name"]').fill('Marta');
      await page.locator('main [name="contributor_lastname"]').fill('Rincón');
      await page.locator('main [name="id_type"]').selectOption('Cédula de ciudadanía');
      await page.locator('main [name="id_number"]').fill('52123456');
      await page.locator('main [name="email"]').fill(email);
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
});
