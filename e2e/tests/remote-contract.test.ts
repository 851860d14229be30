// Issue #16: a remote built for a contract the shell does not provide is refused before any of its code runs, with a
// Spanish message that neither blames the visitor's connection nor offers a retry that cannot help.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';

type Manifest = {
  metaData: { contract?: { name: string; range: string } };
  shared: Array<{ name: string; requiredVersion?: string | false }>;
};

/** Serves the giving remote as if built differently: its manifest changed by `edit`, its entry a marker script. */
async function serveIncompatibleGiving(page: Page, edit: (m: Manifest) => void) {
  await page.route('**/remotes/giving/mf-manifest.json', async (route) => {
    const res = await route.fetch();
    const manifest = (await res.json()) as Manifest;
    edit(manifest);
    await route.fulfill({ response: res, json: manifest });
  });
  // Were the entry ever executed, this marker would be set.
  await page.route('**/remotes/giving/remoteEntry.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__remotoEjecutado = true;' }),
  );
}

describe('a remote built for another contract', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  for (const [what, edit, required] of [
    [
      'a shared contract range that excludes the shell’s',
      (m: Manifest) => {
        m.metaData.contract = { name: 'shared', range: '^9.0.0' };
      },
      '^9.0.0',
    ],
    [
      'a React version the shell does not provide',
      (m: Manifest) => {
        for (const s of m.shared) if (s.name === 'react') s.requiredVersion = '^18.2.0';
      },
      '^18.2.0',
    ],
  ] as const) {
    it(`is refused before running, with the update message and no retry (${what})`, async () => {
      const { page, context } = await openPage(browser);
      const logs: string[] = [];
      page.on('console', (m) => logs.push(m.text()));
      await serveIncompatibleGiving(page, edit);
      await page.goto('/contribuciones');
      const notice = page.locator('.remote-incompatible');
      await notice.getByRole('heading', { name: 'Esta sección se está actualizando' }).waitFor({ timeout: 15_000 });
      const text = await notice.innerText();
      assert.doesNotMatch(text, /conexión/i);
      assert.equal(await page.getByRole('button', { name: 'Reintentar' }).count(), 0);
      assert.equal(await page.evaluate(() => (window as unknown as { __remotoEjecutado?: boolean }).__remotoEjecutado), undefined);
      const refusal = logs.find((l) => l.includes('rechazado antes de ejecutarlo'));
      assert.ok(refusal, `se esperaba un registro del rechazo: ${logs.join(' | ')}`);
      assert.match(refusal, /"giving"/);
      assert.ok(refusal.includes(required), refusal);
      assert.match(refusal, /el sitio ofrece \d+\.\d+\.\d+/);
      // The rest of the site works.
      await page
        .locator('header')
        .getByRole('link', { name: /inicio/i })
        .first()
        .click();
      await waitForHeading(page, /Formamos talento/);
      await context.close();
    });
  }
});
