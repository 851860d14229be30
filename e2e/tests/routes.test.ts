import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { site } from 'shared/foundation/site';
import { routes } from '../../site/routes';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';

const expectedTitle = (title?: string) => (title ? `${title} - ${site.name}` : site.name);

async function headOf(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  }));
}

describe('routes and titles', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('renders every route with its heading, title, description and canonical', async () => {
    const { page, errors, context } = await openPage(browser);
    for (const route of routes) {
      const response = await page.goto(route.path);
      assert.equal(response?.status(), 200, route.path);
      await waitForHeading(page);
      const head = await headOf(page);
      assert.equal(head.title, expectedTitle(route.title), route.path);
      assert.equal(head.description, route.description, route.path);
      assert.equal(head.canonical, route.canonical ? `${baseUrl}${route.canonical}` : null, route.path);
      assert.equal(await page.locator('.remote-fallback').count(), 0, `${route.path} mostró el mensaje de falla`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('matches paths regardless of letter case', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/Proyecto-Puentes');
    await waitForHeading(page, 'Proyecto Puentes');
    await page.goto('/DESARROLLO-SOFTWARE/REGISTRO');
    await waitForHeading(page, 'Inscripción');
    await context.close();
  });

  it('shows "Page not found!" with status 404 for unknown paths, also after client navigation', async () => {
    const { page, context } = await openPage(browser);
    const res = await page.goto('/esto-no-existe');
    assert.equal(res?.status(), 404);
    await waitForHeading(page, 'Page not found!');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await waitForHeading(page, /Formamos talento/);
    assert.equal(await page.title(), site.name);
    await context.close();
  });

  it('changes the address without reloading on plain clicks, and keeps titles in step; back and forward work', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await waitForHeading(page);
    await page.evaluate(() => ((window as unknown as { __sinRecarga: boolean }).__sinRecarga = true));
    await page.getByRole('button', { name: '¡Quieres Ayudar!' }).click();
    await page.getByRole('link', { name: 'Quiero ser voluntario' }).click();
    await waitForHeading(page, 'Voluntariado');
    assert.equal(new URL(page.url()).pathname, '/voluntarios');
    assert.equal(await page.title(), `Voluntariado - ${site.name}`);
    await page.getByRole('link', { name: 'PQRSF' }).first().click();
    await waitForHeading(page, 'PQRSF');
    await page.goBack();
    await waitForHeading(page, 'Voluntariado');
    await page.goForward();
    await waitForHeading(page, 'PQRSF');
    assert.equal(await page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga), true, 'la página se recargó');
    await context.close();
  });

  it('treats a plain <a href> written inside page content as an in-app link too', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/blog');
    await waitForHeading(page);
    await page.evaluate(() => {
      (window as unknown as { __sinRecarga: boolean }).__sinRecarga = true;
      const a = Object.assign(document.createElement('a'), { href: '/ods', textContent: 'Enlace en el contenido' });
      document.querySelector('main')?.appendChild(a);
    });
    await page.getByRole('link', { name: 'Enlace en el contenido' }).click();
    await waitForHeading(page, 'Objetivos de Desarrollo Sostenible');
    assert.equal(await page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga), true);
    await context.close();
  });

  it('leaves modifier clicks and new-tab links to the browser', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await waitForHeading(page);
    const popup = context.waitForEvent('page', { timeout: 10_000 });
    await page.getByRole('link', { name: 'Ver más sobre Proyecto Puentes' }).click({ modifiers: ['Control'] });
    const newPage = await popup;
    await newPage.waitForLoadState();
    assert.match(newPage.url(), /\/proyecto-puentes$/);
    assert.equal(new URL(page.url()).pathname, '/', 'la pestaña original no debe cambiar');
    await context.close();
  });

  it('scrolls to the anchor of the address', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/nosotros#vision');
    await waitForHeading(page);
    await page.waitForFunction(() => {
      const el = document.getElementById('vision');
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight / 2;
    });
    await context.close();
  });
});
