import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { site } from 'shared/foundation/site';
import { routes } from '../../site/routes';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';

/** The made-up values the site once showed (#17): none may reach a visitor while the real ones are pending. */
const placeholders = ['573000000000', '300 000 0000', '3000000000', 'Calle 00', '00-00', '901.000.000', 'booking.com'];

describe('foundation data: nothing pending or made-up reaches a visitor', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('no page links to a placeholder or a pending value, nor shows one, on a 390 px phone', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(route.path);
      await waitForHeading(page);
      // Whatever is in the document counts, the closed menu and the footer too.
      const { hrefs, text } = await page.evaluate(() => ({
        hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
        text: document.body.textContent ?? '',
      }));
      const head = await page.locator('head').innerHTML();
      for (const href of hrefs) {
        if (placeholders.some((p) => href.includes(p))) found.push(`${route.path}: enlace ${href}`);
        if (/\bnull\b|\bundefined\b/.test(href) || /^(tel:|mailto:|https:\/\/wa\.me\/?)$/.test(href))
          found.push(`${route.path}: enlace vacío ${href}`);
        if (!site.contact.chatPhone && href.startsWith('https://wa.me/')) found.push(`${route.path}: chat sin número ${href}`);
        if (!site.contact.phoneDisplay && href.startsWith('tel:')) found.push(`${route.path}: teléfono pendiente ${href}`);
      }
      for (const p of placeholders) {
        if (text.includes(p)) found.push(`${route.path}: texto «${p}»`);
        if (head.includes(p)) found.push(`${route.path}: <head> «${p}»`);
      }
      if (/\bnull\b|\bundefined\b/.test(text)) found.push(`${route.path}: texto con null/undefined`);
      if (!site.bookingUrl && (await page.getByRole('link', { name: /RESERVA AHORA/ }).count())) found.push(`${route.path}: RESERVA AHORA`);
    }
    assert.deepEqual(found, []);
    await context.close();
  });

  it('the chat, booking and phone buttons are absent while pending, and the pages still offer a way to write', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    if (!site.contact.chatPhone) {
      for (const path of ['/automata', '/vale-ser', '/arte-de-amarte', '/proyecto-puentes', '/aprende-ayuda']) {
        await page.goto(path);
        await waitForHeading(page);
        assert.equal(await page.locator('a[href^="https://wa.me/"]').count(), 0, path);
        assert.equal(await page.getByRole('link', { name: /Escríbenos por chat|Quiero participar|Quiero inscribirme/ }).count(), 0, path);
      }
      // The workshop keeps its inquiry form as the way to ask.
      await page.goto('/vale-ser');
      await page.locator('main').getByRole('link', { name: 'Envía tu consulta' }).first().waitFor();
    }
    if (!site.bookingUrl) {
      await page.goto('/eco-turismo');
      await waitForHeading(page, 'Ecoturismo en Boyacá');
      const call = page.locator('.cta-band');
      assert.match((await call.textContent()) ?? '', /Escríbenos a .+ y te contamos la disponibilidad y los precios/);
      assert.equal(
        await call.getByRole('link', { name: site.contact.email }).getAttribute('href'),
        `mailto:${site.contact.email}?subject=Reserva%20de%20ecoturismo`,
      );
    }
    const footer = page.locator('footer.site-footer');
    const contact = (await footer.locator('address').textContent()) ?? '';
    assert.ok(contact.includes(site.contact.email));
    if (!site.contact.address) assert.ok(!/Calle|Carrera|Bogotá/.test(contact), contact);
    if (!site.nit) assert.ok(!((await footer.textContent()) ?? '').includes('NIT'));
    await context.close();
  });

  it("the home page's structured data carries no pending value", async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
    assert.equal(ld.name, site.name);
    assert.equal(ld.email, site.contact.email);
    if (!site.contact.phoneDisplay) assert.equal(ld.telephone, undefined);
    if (!site.contact.address) assert.equal(ld.address, undefined);
    if (!site.nit) assert.equal(ld.taxID, undefined);
    const json = JSON.stringify(ld);
    assert.deepEqual(
      placeholders.filter((p) => json.includes(p)),
      [],
    );
    assert.ok(!json.includes('null'));
    await context.close();
  });
});
