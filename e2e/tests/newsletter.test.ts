import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newsletterTexts } from 'shared/schemas/newsletter';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';

async function footerBox(page: Page) {
  await page.goto('/nosotros');
  await waitForHeading(page);
  const input = page.locator('footer input[name="email"]');
  await input.scrollIntoViewIfNeeded();
  await input.waitFor();
  return {
    input,
    submit: page.locator('footer').getByRole('button', { name: 'Suscribirme' }),
    feedback: page.locator('.newsletter-feedback'),
  };
}

describe('newsletter box', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('asks for an e-mail, then for a valid one, without calling the server', async () => {
    const { page, context } = await openPage(browser);
    let calls = 0;
    await page.route('**/api/community/newsletter/subscribe', (route) => {
      calls += 1;
      return route.continue();
    });
    const { input, submit, feedback } = await footerBox(page);
    await submit.click();
    await feedback.filter({ hasText: newsletterTexts.required }).waitFor();
    await input.fill('ana@');
    await submit.click();
    await feedback.filter({ hasText: newsletterTexts.invalid }).waitFor();
    assert.equal(calls, 0);
    await context.close();
  });

  it('subscribes a trimmed, lowercased address, stores it once and clears the message after 5 s', async () => {
    const { page, context } = await openPage(browser);
    const email = `E2E.${Date.now()}@Example.COM`;
    const { input, submit, feedback } = await footerBox(page);
    const sent = page.waitForRequest('**/api/community/newsletter/subscribe');
    await input.fill(`  ${email} `);
    await submit.click();
    assert.deepEqual((await sent).postDataJSON(), { email: email.toLowerCase() });
    await feedback.filter({ hasText: newsletterTexts.subscribed }).waitFor();
    assert.equal(await input.inputValue(), '');
    await page.waitForTimeout(5200);
    assert.equal((await feedback.textContent())?.trim(), '');

    // The row exists: subscribing the same address again is recognised as already subscribed.
    const again = await fetch(`${baseUrl}/api/community/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email.toLowerCase() }),
    });
    assert.deepEqual(await again.json(), { success: true, alreadySubscribed: true, message: newsletterTexts.alreadySubscribed });
    const mailbox = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Array<{ to: string }>;
    assert.equal(mailbox.filter((m) => m.to === email.toLowerCase()).length, 1);
    if (process.env.DATABASE_URL) {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query('select count(*)::int as n from community.newsletter_subscriptions where email = $1', [
        email.toLowerCase(),
      ]);
      await client.end();
      assert.equal(rows[0].n, 1);
    }
    await context.close();
  });

  it("shows the server's message, the default error, and the connection error", async () => {
    const { page, context } = await openPage(browser);
    const { input, submit, feedback } = await footerBox(page);
    await input.fill('x@example.com');

    await page.route('**/api/community/newsletter/subscribe', (r) =>
      r.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'rate_limited', message: 'Has realizado demasiadas solicitudes.' }),
      }),
    );
    await submit.click();
    await feedback.filter({ hasText: 'Has realizado demasiadas solicitudes.' }).waitFor();

    await page.unroute('**/api/community/newsletter/subscribe');
    await page.route('**/api/community/newsletter/subscribe', (r) =>
      r.fulfill({ status: 500, contentType: 'text/html', body: '<h1>error</h1>' }),
    );
    await submit.click();
    await feedback.filter({ hasText: newsletterTexts.failed }).waitFor();

    await page.unroute('**/api/community/newsletter/subscribe');
    await page.route('**/api/community/newsletter/subscribe', (r) => r.abort('internetdisconnected'));
    await submit.click();
    await feedback.filter({ hasText: newsletterTexts.network }).waitFor();
    await context.close();
  });
});
