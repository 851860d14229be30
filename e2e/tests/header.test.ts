import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';

describe('header', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('opens and closes the mobile menu with a button that reports aria-expanded', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await waitForHeading(page);
    const toggle = page.getByRole('button', { name: /Menú/ });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('button', { name: 'Formación' }).isVisible(), false);
    await toggle.click();
    assert.equal(await page.getByRole('button', { name: /Cerrar menú/ }).getAttribute('aria-expanded'), 'true');
    await page.getByRole('button', { name: 'Formación' }).click();
    await page.locator('header').getByRole('link', { name: 'Marketing Digital y Diseño Gráfico', exact: true }).click();
    await waitForHeading(page, 'Marketing Digital');
    assert.equal(await page.getByRole('button', { name: /Menú/ }).getAttribute('aria-expanded'), 'false', 'el menú se cierra al navegar');
    await context.close();
  });

  it('operates the dropdowns with the keyboard; Escape closes and returns focus', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await waitForHeading(page);
    const trigger = page.getByRole('button', { name: 'Servicios' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    assert.equal(await trigger.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Software a la medida');
    await page.keyboard.press('Escape');
    assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Servicios');
    await context.close();
  });

  it('shows Ingresa and Regístrate to anonymous visitors and the donation button', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/blog');
    await waitForHeading(page);
    await page.getByRole('link', { name: 'Ingresa' }).waitFor();
    await page.getByRole('link', { name: 'Regístrate' }).waitFor();
    await page.getByRole('link', { name: '¡Dona Aquí!' }).first().click();
    await waitForHeading(page, 'Dona aquí');
    assert.equal(new URL(page.url()).pathname, '/contribuciones');
    await context.close();
  });
});
