// The panel on a phone (#28), in the composed site: an admin holding every role visits every page of the panel
// (site/staff-routes.ts: the lists and a record of each domain — a PQRSF, a data request, a volunteer, a pending
// enrolment, a donation, an approved enrolment's invoice — made through the site and its API) at 390×844 and at
// 1366×768. No page scrolls sideways, no element is wider than the window, axe finds nothing; at 390 px the sections
// hide behind "Menú del panel" (a disclosure: Escape closes it and returns focus, choosing a section closes it), and
// choosing a section puts focus on the new screen's heading at both widths. No list's cell or item runs a date into the
// next word (#32's audit: "…de 2026Vence en…"), as laid out at either width.
//
// With E2E_SHOTS_DIR set, it also saves each page's width and, at 390 px, screenshots of a few pages there (for
// comparing a change before and after; E2E_SHOTS_TAG names the run).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { staffRoutes } from '../../site/staff-routes';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { donateWithCard } from '../support/donation';
import { fillEnrolment, payWith } from '../support/enrolment';
import { firstStaffSignIn, mailMatching, newStaffMember } from '../support/staff';

const stamp = Date.now();
const adminEmail = `angosto-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 768 };
const shotsDir = process.env.E2E_SHOTS_DIR;
const shotsTag = process.env.E2E_SHOTS_TAG ?? 'run';
/** Pages photographed at 390 px when E2E_SHOTS_DIR is set. */
const photographed = ['/equipo/pqrsf/:radicado', '/equipo/pagos', '/equipo/datos-personales/:radicado'];

// Long words and a long address, as people type them: they must wrap, not widen the page.
const longText =
  'Solicito el certificado de notas del módulo 1 de Desarrollo de Software; mi correo institucional es ' +
  'martina.nanez.estudiante.de.la.fundacion@universidaddelosandes.edu.co y el expediente es EXP-2026-000000000123456789.';

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** A PQRSF filed through the public API: its radicado. */
async function filePqrsf(): Promise<string> {
  const res = await post('/api/community/pqrsf', {
    rol_type: 'Estudiante',
    request_type: 'Petición',
    name: 'Martina',
    lastname: 'Ñáñez Valderrama',
    id_type: 'Cédula de ciudadanía',
    id_number: `10${String(stamp).slice(-8)}`,
    phone_number: '3151112233',
    email: `martina-${stamp}@example.com`,
    reviews: longText,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { id: string }).id;
}

/** A data subject's access request, the address proved with the e-mailed code: its radicado. */
async function fileDataRequest(): Promise<string> {
  const email = `titular-angosto-${stamp}@example.com`;
  assert.ok((await post('/api/account/data-requests/codigo', { email })).ok);
  const code = await mailMatching(email, /Código: (\d{6})/);
  const res = await post('/api/account/data-requests', { kind: 'acceso', details: longText, name: 'Titular de Prueba', email, code });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { radicado: string }).radicado;
}

async function registerVolunteer(): Promise<void> {
  const res = await post('/api/community/volunteers', {
    data_authorization: true,
    volunteer_name: 'Begoña María',
    volunteer_lastname: 'Ibáñez Güell',
    id_type: 'Cédula de ciudadanía',
    id_number: '1.098.765',
    age: '31',
    address: 'Carrera 7 # 12-30, Bogotá',
    phone_number: '3001234567',
    email: `voluntaria.con.un.correo.bastante.largo-${stamp}@example.com`,
    institution: 'Colegio Ñandú',
    purposes: longText,
    activities: 'Lectura los sábados.',
  });
  assert.equal(res.status, 201, await res.clone().text());
}

/** A monthly gift started and left waiting for the donor's card (#29), so the monthly gifts' ledger has a record. */
async function startMonthlyGift(): Promise<void> {
  const res = await post('/api/giving/monthly', {
    data_authorization: true,
    donation_amount: '$ 50.000',
    contributor_name: 'Begoña María',
    contributor_lastname: 'Ibáñez Güell',
    id_type: 'Cédula de ciudadanía',
    id_number: '1.098.765',
    email: `mensual-angosto-${stamp}@example.com`,
    phone_number: '3001234567',
  });
  assert.equal(res.status, 201, await res.clone().text());
}

/** The first record a list page links to under `prefix` (the list shows the newest first). */
async function firstRecord(page: Page, list: string, prefix: string): Promise<string> {
  await page.goto(list);
  await waitForHeading(page);
  const link = page.locator(`main table a[href^="${prefix}"]`).first();
  await link.waitFor({ timeout: 15_000 });
  const href = await link.getAttribute('href');
  assert.ok(href, `${list} links no record`);
  return new URL(href, baseUrl).pathname;
}

/**
 * The newest invoice's record (this month's list). The invoice is queued when the payment is approved, which the
 * provider's notification may tell the site a moment after the return: the list is loaded again until it shows one.
 */
async function firstInvoice(page: Page): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto('/equipo/facturas');
    await settled(page);
    const href = await page
      .locator('main table a[href^="/equipo/facturas/"]')
      .first()
      .getAttribute('href', { timeout: 1_000 })
      .catch(() => null);
    if (href) return new URL(href, baseUrl).pathname;
  }
  assert.fail('/equipo/facturas links no invoice');
}

/** Waits until the screen has its data (no 'Cargando…' left in main). */
async function settled(page: Page): Promise<void> {
  await waitForHeading(page);
  await page
    .waitForFunction(() => !/Cargando/.test(document.querySelector('main')?.textContent ?? ''), null, { timeout: 15_000 })
    .catch(() => undefined);
}

interface Fit {
  scrollWidth: number;
  innerWidth: number;
  /**
   * Elements wider than the window, or whose visible part reaches beyond its right edge (tag.class, width → right).
   * What an ancestor clips (a table scrolling in its own region, the visually hidden header row) is not visible there.
   */
  wide: string[];
}
const measure = (page: Page): Promise<Fit> =>
  page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const wide: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let right = box.right;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' || style.clipPath !== 'none') right = Math.min(right, up.getBoundingClientRect().right);
      }
      if (box.width > innerWidth + 0.5 || (right > innerWidth + 0.5 && right > box.left)) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        wide.push(`${el.tagName.toLowerCase()}${cls} ${Math.round(box.width)}px→${Math.round(right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wide: wide.slice(0, 8) };
  });

/**
 * #32's audit: the texts of the lists' cells and items as the browser lays them out (innerText) where a date or a
 * time runs into the next word or a deadline's icon ("…de 2026Vence en…", "10:10Pendiente").
 */
const runIns = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const glued = /(?:de (?:19|20)\d{2}|\b\d{1,2}:\d{2})(?=[\p{L}⚠⏰])|\p{L}(?=[⚠⏰])/u;
    return [...document.querySelectorAll<HTMLElement>('main td, main th[scope="row"], main li')]
      .map((el) => el.innerText.replace(/\s+/g, ' ').trim())
      .filter((text) => glued.test(text))
      .slice(0, 5);
  });

describe('the panel at 390 and 1366 px', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const paths = new Map<string, string>();
  const widths: Record<string, Record<string, number>> = {};

  before(async () => {
    browser = await launchBrowser();
    const visitor = await openPage(browser, desktop);
    try {
      await donateWithCard(visitor.page, {
        name: 'Valentina',
        lastname: 'Angosto Ñúñez',
        idNumber: '1020304050',
        email: `don-${stamp}@example.com`,
      });
      // 'CONT': the provider leaves the payment pending, so the payments review has a row too.
      await fillEnrolment(visitor.page, `estudiante-angosto-${stamp}@example.com`);
      await payWith(visitor.page, 'CONT');
      // 'APRO': an approved sale, so its electronic invoice (#30) is queued and /equipo/facturas/:id has a record.
      await fillEnrolment(visitor.page, `estudiante-factura-angosto-${stamp}@example.com`);
      await payWith(visitor.page, 'APRO');
    } finally {
      await visitor.context.close();
    }
    const [pqrsf, dataRequest] = [await filePqrsf(), await fileDataRequest()];
    await registerVolunteer();
    await startMonthlyGift();

    const opened = await openPage(browser, desktop);
    ({ context, page, errors } = opened);
    const invitation = await newStaffMember(adminEmail, true, 'Administradora de Pruebas');
    await page.goto('/equipo');
    await firstStaffSignIn(page, adminEmail, invitation, password);
    await waitForHeading(page);

    paths.set('/equipo/pqrsf/:radicado', `/equipo/pqrsf/${pqrsf}`);
    paths.set('/equipo/datos-personales/:radicado', `/equipo/datos-personales/${dataRequest}`);
    paths.set('/equipo/comunidad/:kind', '/equipo/comunidad/voluntarios');
    paths.set('/equipo/comunidad/:kind/:id', await firstRecord(page, '/equipo/comunidad/voluntarios', '/equipo/comunidad/voluntarios/'));
    paths.set('/equipo/inscripciones/:reference', await firstRecord(page, '/equipo/inscripciones', '/equipo/inscripciones/'));
    paths.set('/equipo/donaciones/:reference', await firstRecord(page, '/equipo/donaciones', '/equipo/donaciones/'));
    paths.set('/equipo/facturas/:id', await firstInvoice(page));
    paths.set(
      '/equipo/donaciones-mensuales/:reference',
      await firstRecord(page, '/equipo/donaciones-mensuales', '/equipo/donaciones-mensuales/'),
    );
  });
  after(async () => {
    if (shotsDir) writeFileSync(join(shotsDir, `${shotsTag}-widths.json`), `${JSON.stringify(widths, null, 2)}\n`);
    await context?.close();
    await browser?.close();
  });

  for (const size of [phone, desktop]) {
    it(`no page of the panel scrolls sideways at ${size.width} px, and axe finds nothing`, async () => {
      await page.setViewportSize(size);
      if (shotsDir) mkdirSync(shotsDir, { recursive: true });
      const failures: string[] = [];
      for (const route of staffRoutes) {
        const path = route.pattern.includes(':') ? paths.get(route.pattern) : route.pattern;
        assert.ok(path, `no record for ${route.pattern}`);
        await page.goto(path);
        await settled(page);
        const fit = await measure(page);
        (widths[route.pattern] ??= {})[String(size.width)] = fit.scrollWidth;
        if (shotsDir && size === phone && photographed.includes(route.pattern))
          await page.screenshot({
            path: join(shotsDir, `${shotsTag}-390-${route.pattern.split('/')[2]}${path === route.pattern ? '' : '-record'}.png`),
            fullPage: true,
          });
        if (fit.scrollWidth > fit.innerWidth || fit.wide.length)
          failures.push(`${path}: ${fit.scrollWidth}px in ${fit.innerWidth}px (${fit.wide.join('; ')})`);
        const violations = await axeViolations(page);
        if (violations.length) failures.push(`${path}: ${violations.join(' | ')}`);
        const glued = await runIns(page);
        if (glued.length) failures.push(`${path}: palabras pegadas ${JSON.stringify(glued)}`);
      }
      assert.deepEqual(failures, []);
      assert.deepEqual(errors, []);
    });
  }

  it('at 390 px the sections are behind "Menú del panel": closed first, Escape closes it, a section closes it', async () => {
    await page.setViewportSize(phone);
    await page.goto('/equipo/pqrsf');
    await settled(page);
    const toggle = page.getByRole('button', { name: 'Menú del panel' });
    const audit = page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Auditoría' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await audit.isVisible(), false, 'the sections are hidden at first');
    // The screen's heading is on the first screen, not pushed down by twelve links.
    const h1 = await page.locator('main h1').boundingBox();
    assert.ok(h1 && h1.y + h1.height < phone.height, `the heading starts at ${h1?.y}px`);
    const box = await toggle.boundingBox();
    assert.ok(box && box.height >= 24 && box.width >= 24, 'the button is a target of at least 24 px');
    const controls = await toggle.getAttribute('aria-controls');
    assert.ok(controls && (await page.locator(`[id="${controls}"]`).count()) === 1, 'aria-controls names the list');

    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await audit.isVisible(), true);
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent?.trim()),
      'Menú del panel',
      'Escape returns focus to the button',
    );
    assert.equal(await audit.isVisible(), false);

    await toggle.click();
    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Donaciones', exact: true }).click();
    await page.waitForURL(/\/equipo\/donaciones$/);
    await waitForHeading(page, 'Donaciones');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'choosing a section closes the menu');
  });

  for (const size of [phone, desktop]) {
    it(`at ${size.width} px a section chosen in the menu takes focus on its heading`, async () => {
      await page.setViewportSize(size);
      await page.goto('/equipo/pqrsf');
      await settled(page);
      const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
      for (const [name, heading] of [
        ['Auditoría', 'Auditoría'],
        ['Inscripciones', 'Inscripciones'],
        ['Datos personales', /datos personales/i],
      ] as const) {
        if (size === phone) await page.getByRole('button', { name: 'Menú del panel' }).click();
        else assert.equal(await page.getByRole('button', { name: 'Menú del panel' }).isVisible(), false, 'no menu button on a wide screen');
        // A section's name may carry its count of what waits ("Datos personales, 1 por atender").
        await nav.getByRole('link', { name: new RegExp(`^${name}( ?,.*)?$`) }).click();
        await waitForHeading(page, heading);
        await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 10_000 });
        const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
        assert.match(focused, typeof heading === 'string' ? new RegExp(`^${heading}`) : heading);
        assert.equal(await page.evaluate(() => document.activeElement?.closest('main')?.id), 'contenido');
      }
      assert.deepEqual(errors, []);
    });
  }
});
