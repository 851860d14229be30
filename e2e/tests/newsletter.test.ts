import { consentTexts } from 'shared/legal/privacy-policy';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newsletterTexts } from 'shared/schemas/newsletter';
import { newsletterLinkTexts } from 'shared/schemas/newsletter';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { firstStaffSignIn, mailbox, newStaffMember } from '../support/staff';

async function footerBox(page: Page) {
  await page.goto('/nosotros');
  await waitForHeading(page);
  // The box loads when the footer comes near the screen, as the visitor scrolls down to it.
  await page.locator('#footer-newsletter').scrollIntoViewIfNeeded();
  const input = page.locator('footer input[name="email"]');
  await input.waitFor();
  await input.scrollIntoViewIfNeeded();
  return {
    input,
    consent: page.locator('footer [name="data_authorization"]'),
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
    // A valid address without the ticked authorization (#15) is not sent either, and the box says why.
    await input.fill('ana@example.com');
    await submit.click();
    await feedback.filter({ hasText: consentTexts.required }).waitFor();
    assert.equal(calls, 0);
    await context.close();
  });

  it('subscribes a trimmed, lowercased address, asks to check the inbox and clears the message after 5 s', async () => {
    const { page, context } = await openPage(browser);
    const email = `E2E.${Date.now()}@Example.COM`;
    const { input, consent, submit, feedback } = await footerBox(page);
    const sent = page.waitForRequest('**/api/community/newsletter/subscribe');
    await input.fill(`  ${email} `);
    await consent.check();
    await submit.click();
    assert.deepEqual((await sent).postDataJSON(), { email: email.toLowerCase(), data_authorization: true });
    await feedback.filter({ hasText: newsletterTexts.subscribed }).waitFor();
    assert.match(newsletterTexts.subscribed, /revisa tu bandeja de entrada/);
    assert.equal(await input.inputValue(), '');
    await page.waitForTimeout(5200);
    assert.equal((await feedback.textContent())?.trim(), '');

    // Subscribing the same address again answers exactly the same (no telling who is subscribed) and, within minutes,
    // sends no second confirmation.
    const again = await fetch(`${baseUrl}/api/community/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email.toLowerCase(), data_authorization: true }),
    });
    assert.deepEqual(await again.json(), { success: true, alreadySubscribed: false, message: newsletterTexts.subscribed });
    const box = await mailbox();
    assert.equal(box.filter((m) => m.to === email.toLowerCase()).length, 1);
    if (process.env.DATABASE_URL) {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query('select status from community.newsletter_subscriptions where email = $1', [email.toLowerCase()]);
      await client.end();
      assert.deepEqual(rows, [{ status: 'pending' }]);
    }
    await context.close();
  });

  it("shows the server's message, the default error, and the connection error", async () => {
    const { page, context } = await openPage(browser);
    const { input, consent, submit, feedback } = await footerBox(page);
    await input.fill('x@example.com');
    await consent.check();

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

// Double opt-in, sending and RFC 8058 unsubscribe (#15), across the footer, the mailbox, the links' pages and the panel.
type FullMail = { to: string; subject: string; text: string; headers?: Record<string, string> };
const allMail = async () => (await mailbox()) as FullMail[];
async function waitForMail(match: (m: FullMail) => boolean): Promise<FullMail> {
  for (let i = 0; i < 50; i += 1) {
    const found = (await allMail()).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no llegó el correo esperado');
}
/** The path of the link in a mail's text that starts with `prefix` (the site's public origin may differ from baseUrl). */
const linkPath = (mail: FullMail, prefix: string) => {
  const found = new RegExp(`https?://[^\\s]+(${prefix.replace(/[/?]/g, '\\$&')}[A-Za-z0-9_-]{43})`).exec(mail.text);
  assert.ok(found, `sin enlace ${prefix} en «${mail.subject}»`);
  return found[1]!;
};
const post = (path: string, body: string, type = 'application/json') =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

describe('newsletter: confirm, send, unsubscribe (#15)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('footer → confirmation mail → confirm page → staff send with RFC 8058 headers → unsubscribe → no next newsletter', async () => {
    const stamp = Date.now();
    const visitor = `lectora-${stamp}@example.com`;
    const byHeader = `encabezado-${stamp}@example.com`;
    const stays = `sigue-${stamp}@example.com`;
    const memberEmail = `boletin-${stamp}@fundacion.org`;
    const invitation = await newStaffMember(memberEmail);

    // The visitor subscribes in the footer; the other two by the same API the box uses.
    const { page, context } = await openPage(browser, { width: 1280, height: 900 });
    try {
      const { input, consent, submit, feedback } = await footerBox(page);
      await input.fill(visitor);
      await consent.check();
      await submit.click();
      await feedback.filter({ hasText: newsletterTexts.subscribed }).waitFor();
      for (const email of [byHeader, stays])
        assert.equal((await post('/api/community/newsletter/subscribe', JSON.stringify({ email, data_authorization: true }))).status, 201);

      const confirmation = await waitForMail((m) => m.to === visitor && m.subject.startsWith('Confirma'));
      const confirmPath = linkPath(confirmation, '/boletin/confirmar?token=');
      await page.goto(confirmPath);
      await waitForHeading(page, newsletterLinkTexts.confirmTitle);
      assert.deepEqual(await axeViolations(page), []);
      await page.getByRole('button', { name: newsletterLinkTexts.confirmButton }).click();
      await page.getByRole('status').filter({ hasText: newsletterLinkTexts.confirmed }).waitFor();
      // The link is single use.
      const token = confirmPath.split('token=')[1]!;
      assert.equal((await post('/api/community/newsletter/confirm', JSON.stringify({ token }))).status, 404);
      for (const email of [byHeader, stays]) {
        const mail = await waitForMail((m) => m.to === email && m.subject.startsWith('Confirma'));
        const t = linkPath(mail, '/boletin/confirmar?token=').split('token=')[1]!;
        assert.equal((await post('/api/community/newsletter/confirm', JSON.stringify({ token: t }))).status, 200);
      }

      // A member composes and sends the newsletter from the panel.
      await page.goto('/equipo/boletin');
      await firstStaffSignIn(page, memberEmail, invitation, 'PanelSeguro2026');
      await waitForHeading(page, 'Boletín');
      const sendIt = async (subject: string) => {
        await page.getByLabel('Asunto').fill(subject);
        await page.getByLabel('Texto del boletín').fill('Hola a todos.\n\nTenemos cursos nuevos.');
        await page.getByRole('button', { name: 'Enviar boletín' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Sí, enviar' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: /^Boletín enviado/ })
          .waitFor({ timeout: 20_000 });
      };
      const first = `Boletín e2e ${stamp}`;
      await sendIt(first);
      assert.deepEqual(await axeViolations(page), []);

      const received = await Promise.all(
        [visitor, byHeader, stays].map((to) => waitForMail((m) => m.to === to && m.subject.startsWith(first))),
      );
      const tokens = new Set<string>();
      for (const mail of received) {
        const header = mail.headers?.['List-Unsubscribe'] ?? '';
        assert.match(header, /^<https?:\/\/[^>]+\/api\/community\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
        assert.equal(mail.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
        assert.ok(!header.includes(mail.to));
        tokens.add(header);
      }
      assert.equal(tokens.size, 3);

      // The visitor uses the link in the body: the page asks, the button unsubscribes.
      const visitorMail = received[0]!;
      await page.goto(linkPath(visitorMail, '/boletin/baja?token='));
      await waitForHeading(page, newsletterLinkTexts.unsubscribeTitle);
      await page.getByRole('button', { name: newsletterLinkTexts.unsubscribeButton }).click();
      await page.getByRole('status').filter({ hasText: newsletterLinkTexts.unsubscribed }).waitFor();

      // The second address unsubscribes as a mail provider does: a POST to the header's URL, no page, no cookie.
      const oneClick = new URL(/^<([^>]+)>$/.exec(received[1]!.headers!['List-Unsubscribe']!)![1]!);
      const scanned = await fetch(`${baseUrl}${oneClick.pathname}${oneClick.search}`, { redirect: 'manual' });
      assert.equal(scanned.status, 303);
      const res = await post(`${oneClick.pathname}${oneClick.search}`, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
      assert.equal(res.status, 200);

      // The next newsletter reaches only the one still subscribed.
      await page.goto('/equipo/boletin');
      await waitForHeading(page, 'Boletín');
      const second = `Segundo boletín e2e ${stamp}`;
      await sendIt(second);
      await waitForMail((m) => m.to === stays && m.subject.startsWith(second));
      const seconds = (await allMail()).filter((m) => m.subject.startsWith(second)).map((m) => m.to);
      assert.ok(!seconds.includes(visitor));
      assert.ok(!seconds.includes(byHeader));
    } finally {
      await context.close();
    }
  });
});
