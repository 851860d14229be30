// The blog written in the panel (#28), in the composed site: a member with the Contenido role drafts a post on
// /equipo/blog, previews it as the page will show it, schedules it a few seconds ahead (in Bogotá's time), and the post
// appears on /blog — in the server-rendered HTML, with no build or deploy — once its time came and the servers'
// refresh (PUBLISHED_REFRESH_MS, 2 s) loaded it; before that, /blog/<slug> is a 404. At 1366×768 and at 390×844: no
// sideways scroll on the screen, the preview is marked as one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { firstStaffSignIn, newStaffMember } from '../support/staff';

const stamp = Date.now();
const email = `contenido-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
const widths = [
  { name: '1366 px', width: 1366, height: 768 },
  { name: '390 px', width: 390, height: 844 },
] as const;

/** A `datetime-local` value `seconds` from now, in Bogotá's time (UTC−5). */
function bogotaLocal(seconds: number): string {
  return new Date(Date.now() + seconds * 1000 - 5 * 3600_000).toISOString().slice(0, 19);
}

async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${where}: ${scroll} px de ancho en una ventana de ${inner} px`);
}

describe('a post drafted, previewed, scheduled and live on /blog at its time', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  for (const size of widths) {
    it(`at ${size.name}`, async () => {
      const { page, context, errors } = await openPage(browser, { width: size.width, height: size.height });
      const member = size.width === 1366 ? email : email.replace('@', '-angosto@');
      const invitation = await newStaffMember(member, ['contenido'], 'Laura Contenido');
      await page.goto('/equipo/blog');
      await firstStaffSignIn(page, member, invitation, password);
      await page.goto('/equipo/blog');
      await waitForHeading(page, 'Blog');

      // Drafted.
      const title = `Becas ${stamp} ${size.width}: así puedes postularte`;
      const slug = `becas-${stamp}-${size.width}`;
      await page.getByRole('button', { name: 'Nueva entrada' }).click();
      await page.getByLabel(/^Título de la entrada/).fill(title);
      await page.getByLabel(/^Dirección/).fill(slug);
      await page.getByLabel(/^Resumen/).fill('Fechas, requisitos y pasos para pedir una beca de la fundación.');
      await page.getByLabel(/^Autor o autora/).fill('Laura Gómez');
      await page.getByLabel(/^Etiquetas/).fill('becas, educación');
      const editor = page.getByRole('textbox', { name: /^Texto/ });
      await editor.click();
      await editor.pressSequentially('Las becas abren en febrero.', { delay: 10 });
      await page.getByRole('button', { name: 'Guardar borrador' }).click();
      await page.getByText('Borrador creado').waitFor({ timeout: 15_000 });
      await noSidewaysScroll(page, `/equipo/blog a ${size.name}`);

      // Previewed: the post as the page shows it, marked as a preview.
      await page.getByRole('button', { name: 'Vista previa' }).click();
      const preview = page.getByRole('region', { name: /Vista previa/ });
      await preview.getByText('Vista previa — aún no está publicada.').waitFor();
      await preview.getByRole('heading', { name: title }).waitFor();
      await preview.getByText('Las becas abren en febrero.').waitFor();
      await noSidewaysScroll(page, `la vista previa a ${size.name}`);

      // Scheduled 25 s ahead; a draft is not on the site.
      await page.getByLabel(/^Fecha y hora/).fill(bogotaLocal(25));
      await page.getByRole('button', { name: 'Programar', exact: true }).click();
      await page
        .getByText(/programada para el/)
        .first()
        .waitFor({ timeout: 15_000 });
      const early = await fetch(`${baseUrl}/blog/${slug}`);
      assert.equal(early.status, 404);
      assert.ok(!(await (await fetch(`${baseUrl}/blog`)).text()).includes(title));

      // At its time (and within the refresh), /blog lists it first, in the HTML the server rendered.
      const deadline = Date.now() + 60_000;
      let html = '';
      while (Date.now() < deadline) {
        html = await (await fetch(`${baseUrl}/blog`)).text();
        if (html.includes(title)) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      assert.ok(html.includes(title), 'la entrada programada no apareció en /blog');
      const visitor = await context.newPage();
      await visitor.goto('/blog');
      await waitForHeading(visitor, 'Blog');
      const first = visitor.locator('.post-card').first();
      assert.match((await first.locator('.post-title').textContent()) ?? '', new RegExp(`Becas ${stamp} ${size.width}`));
      await first.getByRole('link', { name: /Leer más/ }).click();
      await waitForHeading(visitor, title);
      assert.equal(new URL(visitor.url()).pathname, `/blog/${slug}`);
      await visitor.getByText('Las becas abren en febrero.').waitFor();
      assert.match(await visitor.title(), new RegExp(`^Becas ${stamp}`));
      await noSidewaysScroll(visitor, `/blog/${slug} a ${size.name}`);

      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
