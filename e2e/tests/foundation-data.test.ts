import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { foundationDefaults } from 'shared/config/site';
import { site } from 'shared/foundation/site';
import { totpCode } from 'shared/server/totp';
import { routes } from '../../site/routes';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, firstAdmin, firstAdminToken, submitStaffPassword, submitTotp } from '../support/staff';

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

// #28: Administración fills the foundation's data in the panel, and the site shows it within seconds, without a deploy.
// Runs after the checks above (files and tests run in order) and publishes the first-start values again at the end, so
// later files find the site as they expect.
describe('foundation data: filled in the panel by Administración', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
    // Back to the first-start values (a new revision: the history keeps what this test published).
    const token = await firstAdminToken();
    const path = '/api/site/staff/publicacion/fundacion';
    const state = (await (await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      latest_revision: number;
    };
    const res = await fetch(`${baseUrl}${path}/publicar?base_revision=${state.latest_revision}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(foundationDefaults),
    });
    assert.equal(res.status, 200);
  });

  it('refuses a wrong NIT on its field, previews the changes, publishes them, and the pages show them (1366 px)', async () => {
    const admin = firstAdmin();
    const { page, context } = await openPage(browser, { width: 1366, height: 900 });
    await page.goto('/equipo/fundacion');
    await submitStaffPassword(page, admin.email, admin.password);
    await submitTotp(page, totpCode(admin.secret));
    await waitForHeading(page, 'Datos de la fundación');
    // What is missing is said, with what it blocks.
    await page.getByText(/^NIT: sin él no aparece los certificados de donación/).waitFor();

    const nit = page.getByLabel('NIT con dígito de verificación');
    await nit.fill('901.234.567-8');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.getByText(/dígito de verificación correcto/).waitFor();
    assert.equal(await nit.getAttribute('aria-invalid'), 'true');

    await nit.fill('901.234.567-7');
    await page.getByLabel('Teléfono', { exact: true }).fill('+57 608 742 1938');
    await page.getByLabel('Ciudad de expedición').fill('Tunja, Boyacá');
    await page.getByLabel('Destinación de las donaciones').fill('Becas de formación en desarrollo de software para jóvenes de Boyacá.');
    await page.getByLabel('Representante legal (nombre e identificación)').fill('Ana María Rojas Peña, C.C. 40.123.456');
    await page.getByLabel('Revisor fiscal o contador (nombre y tarjeta profesional)').fill('Luis Pérez Gómez, T.P. 123456-T');
    await page.getByRole('button', { name: 'Revisar y publicar' }).click();
    await expectFocusOn(page, 'Revisa los cambios antes de publicar');
    const preview = page.getByRole('region', { name: 'Revisa los cambios antes de publicar' });
    assert.match((await preview.textContent()) ?? '', /NIT con dígito de verificación.*Ahora: 901\.234\.567-7/s);
    assert.deepEqual(await axeViolations(page), []);
    await preview.getByRole('button', { name: 'Publicar ahora' }).click();
    await page.getByText(/^Publicado \(versión \d+\)/).waitFor();
    assert.equal(await page.getByText(/^NIT: sin él/).count(), 0);

    // A visitor's page shows it within seconds (server-rendered: the HTML itself carries it).
    const deadline = Date.now() + 10_000;
    let html = '';
    while (Date.now() < deadline) {
      html = await (await fetch(`${baseUrl}/nosotros`)).text();
      if (html.includes('NIT 901.234.567-7')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(html.includes('NIT 901.234.567-7'), 'the footer of a server-rendered page shows the published NIT');
    const visitor = await context.newPage();
    await visitor.goto('/nosotros');
    await visitor
      .locator('footer.site-footer')
      .getByText(/NIT 901\.234\.567-7/)
      .waitFor();
    assert.equal(await visitor.locator('footer.site-footer a[href^="tel:"]').getAttribute('href'), 'tel:+576087421938');
    await context.close();
  });

  it('uploads an ESAL document as a PDF on a 390 px phone, without sideways scrolling, and the transparency page links it', async () => {
    const admin = firstAdmin();
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await page.goto('/equipo/fundacion');
    await submitStaffPassword(page, admin.email, admin.password);
    await submitTotp(page, totpCode(admin.secret));
    await waitForHeading(page, 'Datos de la fundación');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');

    const name = site.esal.documents[0]?.name ?? '';
    await page.getByLabel(`Subir el PDF de ${name}`).setInputFiles({
      name: 'rut.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByText('rut.pdf subido. Guarda o publica para que el sitio lo muestre.').waitFor();
    const url = await page.getByLabel('Dirección del documento 1').inputValue();
    assert.match(url, /^\/archivos\/[0-9a-f-]{36}\.pdf$/);
    // A page pretending to be a PDF is refused by its content.
    await page.getByLabel(`Subir el PDF de ${name}`).setInputFiles({
      name: 'informe.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await page
      .getByRole('alert')
      .getByText(/no es un PDF|no es de un tipo admitido|PDF o una imagen/)
      .waitFor();

    await page.getByRole('button', { name: 'Revisar y publicar' }).click();
    await page.getByRole('button', { name: 'Publicar ahora' }).click();
    await page.getByText(/^Publicado \(versión \d+\)/).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll after publishing');
    assert.deepEqual(await axeViolations(page), []);

    const visitor = await context.newPage();
    await visitor.goto('/Documents-esal');
    const link = visitor.locator(`a[href="${url}"]`);
    await link.waitFor({ timeout: 10_000 });
    const file = await fetch(`${baseUrl}${url}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
    await context.close();
  });
});
