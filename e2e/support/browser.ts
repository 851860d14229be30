import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A fresh context and page; page errors fail loudly through the returned list. */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    baseURL: baseUrl,
    locale: 'es-CO',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A served page is readable before its scripts run; what a test does next (click, type, submit) needs it hydrated.
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    await waitForScreen(page);
    return response;
  };
  return { context, page, errors };
}

/**
 * Waits until the route's screen is live (hydrated or rendered by the browser): the shell marks #root with
 * data-listo then (shell/src/routing/screen-ready.ts). Pages that are not the site's (the sandbox checkout) have no
 * #root and are not waited for.
 */
export async function waitForScreen(page: Page, timeout = 15_000): Promise<void> {
  if (!page.url().startsWith(baseUrl)) return;
  await page.waitForFunction(() => !document.getElementById('root') || document.getElementById('root')?.hasAttribute('data-listo'), null, {
    timeout,
  });
}

/** Waits until the route's screen rendered its heading (remotes arrive asynchronously). */
export async function waitForHeading(page: Page, text?: string | RegExp) {
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'visible', timeout: 15_000 });
  if (text) await page.locator('main h1', { hasText: text }).first().waitFor({ timeout: 15_000 });
  await waitForScreen(page);
  return h1;
}

/**
 * After a navigation inside the site: waits until `main h1` says something other than `previous`. The old screen's
 * heading stays visible until the next screen's code has arrived, so waiting for "a visible h1" passes too early.
 */
export async function waitForHeadingChange(page: Page, previous: string, timeout = 15_000): Promise<string> {
  await page.waitForFunction(
    (old) => {
      const h1 = document.querySelector('main h1');
      return h1 !== null && (h1.textContent ?? '').trim() !== '' && (h1.textContent ?? '').trim() !== old;
    },
    previous.trim(),
    { timeout },
  );
  return (await page.locator('main h1').first().innerText()).trim();
}

/** Ticks a form's data-processing authorization (#15) when the form has one (a PQRSF informs without a box). */
export async function authorize(page: Page, scope = 'main'): Promise<void> {
  const box = page.locator(`${scope} [name="data_authorization"]`);
  if (await box.count()) await box.first().check();
}
