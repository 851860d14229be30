import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';
import { signedInAccount as createAccount, signIn } from '../support/identity';

const phone = { width: 390, height: 844 };

/** The text and the 'Menú' button's state of whatever has the keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    text: document.activeElement?.textContent?.trim(),
    expanded: document.activeElement?.getAttribute('aria-expanded'),
  }));

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

  it("shows a signed-in visitor's greeting on a 390 px phone without opening the menu, on the header's one row", async () => {
    const { page, context } = await openPage(browser, phone);
    await page.goto('/');
    await waitForHeading(page);
    const header = page.locator('header.site-header');
    const anonymousHeight = (await header.boundingBox())?.height ?? 0;
    await signIn(page, await createAccount('Lucía Fernanda Rojas'));
    await page.goto('/blog');
    await waitForHeading(page);

    const toggle = page.getByRole('button', { name: 'Menú' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const greeting = header.getByText('Hola, Lucía');
    assert.equal(await greeting.isVisible(), true, 'el saludo se ve con el menú cerrado');
    // Not crowded: the greeting sits under the brand, clear of 'Menú', whole; the bar keeps its one row and its height,
    // at 390 px and on a 320 px phone too.
    const box = async (locator: Locator) => {
      const found = await locator.boundingBox();
      assert.ok(found, 'visible');
      return found;
    };
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: phone.height });
      const brand = await box(header.getByRole('link', { name: /inicio/ }));
      const hello = await box(greeting);
      const menu = await box(toggle);
      assert.ok(hello.y >= brand.y + brand.height - 1, `${width}: el saludo va bajo la marca`);
      assert.ok(hello.x + hello.width <= menu.x, `${width}: el saludo no toca Menú`);
      assert.ok(menu.y < brand.y + brand.height && menu.y + menu.height > brand.y, `${width}: Menú sigue en la fila de la marca`);
      assert.equal(await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth), true, `${width}: el nombre se lee entero`);
      assert.equal((await header.boundingBox())?.height, anonymousHeight, `${width}: la cabecera conserva su altura`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    }
    await page.setViewportSize(phone);

    // Opening the menu shows the session links; the greeting is not repeated inside.
    await toggle.click();
    await header.getByRole('link', { name: 'Mis Cursos' }).waitFor();
    assert.equal(await header.getByText('Hola, Lucía').count(), 1);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  it('Escape closes the phone menu from any of its buttons or links and returns focus to Menú', async () => {
    const { page, context } = await openPage(browser, phone);
    await page.goto('/');
    await waitForHeading(page);
    const toggle = page.getByRole('button', { name: /Menú/ });

    // From a menu button (its submenu closed).
    await toggle.click();
    await page.getByRole('button', { name: 'Formación' }).focus();
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(await focused(page), { text: 'Menú', expanded: 'false' });

    // From a link of an open submenu.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).text, 'Formación');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).text, 'Desarrollo de Software');
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(await focused(page), { text: 'Menú', expanded: 'false' });

    // From 'Cerrar menú' itself, and from the session links at the bottom.
    await page.keyboard.press('Enter');
    assert.equal((await focused(page)).text, 'Cerrar menú');
    await page.keyboard.press('Escape');
    assert.deepEqual(await focused(page), { text: 'Menú', expanded: 'false' });
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Regístrate' }).focus();
    await page.keyboard.press('Escape');
    assert.deepEqual(await focused(page), { text: 'Menú', expanded: 'false' });
    assert.equal(await page.getByRole('link', { name: 'Regístrate' }).isVisible(), false);
    await context.close();
  });
});
