import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';

describe('a remote that fails to load', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('shows a Spanish fallback with retry on its routes while the rest of the site works', async () => {
    const { page, context } = await openPage(browser);
    let blocked = true;
    await page.route('**/remotes/giving/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));

    await page.goto('/contribuciones');
    const fallback = page.locator('.remote-fallback');
    await fallback.getByRole('heading', { name: 'No pudimos cargar esta sección' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('header.site-header').isVisible(), true);
    assert.equal(await page.locator('footer.site-footer').isVisible(), true);

    // Other routes, the shell's and another remote's, still work in the same page.
    await page
      .getByRole('link', { name: /inicio/ })
      .first()
      .click();
    await waitForHeading(page, /Formamos talento/);
    await page.getByRole('button', { name: '¡Quieres Ayudar!' }).click();
    await page.locator('header').getByRole('link', { name: 'Registra tu empresa' }).click();
    await waitForHeading(page, 'Empresas aliadas');

    // Back on the broken route (served with preload hints for it), "Reintentar" reloads it once reachable.
    await page.goBack();
    await page.goBack();
    await fallback.getByRole('button', { name: 'Reintentar' }).waitFor({ timeout: 15_000 });
    blocked = false;
    await fallback.getByRole('button', { name: 'Reintentar' }).click();
    await waitForHeading(page, 'Dona aquí');
    await context.close();
  });

  it('retries in place when the visitor reached the broken route by navigating inside the site', async () => {
    const { page, context } = await openPage(browser);
    let blocked = true;
    await page.route('**/remotes/community/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/');
    await waitForHeading(page, /Formamos talento/);
    await page.evaluate(() => ((window as unknown as { __sinRecarga: boolean }).__sinRecarga = true));
    await page.getByRole('button', { name: 'Quiénes Somos' }).click();
    await page.getByRole('link', { name: 'PQRSF' }).first().click();
    const retry = page.locator('.remote-fallback').getByRole('button', { name: 'Reintentar' });
    await retry.waitFor({ timeout: 15_000 });
    blocked = false;
    await retry.click();
    await waitForHeading(page, 'PQRSF');
    assert.equal(
      await page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga),
      true,
      'no debe recargar la página',
    );
    await context.close();
  });

  it('gives up on a remote that accepts the connection but never answers', async () => {
    const { page, context } = await openPage(browser);
    // Never fulfilled: the loader's timeout (REMOTE_LOAD_TIMEOUT_MS=4000 in e2e) must end the wait.
    await page.route('**/remotes/account/remoteEntry.js', () => new Promise(() => undefined));
    const started = Date.now();
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('.remote-fallback').getByRole('button', { name: 'Reintentar' }).waitFor({ timeout: 20_000 });
    assert.ok(Date.now() - started < 15_000);
    await page.goto('/', { waitUntil: 'commit' });
    await waitForHeading(page, /Formamos talento/);
    await context.close();
  });
});
