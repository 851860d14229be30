// Issue #16: a remote's own service that hangs or was killed, behind a gateway with the default timeouts. The visitor
// sees the fallback within 5 s; the API answers 503 with Retry-After (not 500, not minutes later); the log has no stacks.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHeading } from '../support/browser';
import { freePort, siteEnv, startService, type Service } from '../support/topology';

describe('a remote whose service hangs or was killed (multi-process topology, default timeouts)', () => {
  let hung: net.Server;
  const sockets = new Set<net.Socket>();
  let gateway: Service;
  let browser: Browser;

  before(async () => {
    // Accepts every connection and never answers: a process stuck in a loop or a deadlock.
    hung = net.createServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    const hungUrl = `http://127.0.0.1:${(hung.address() as net.AddressInfo).port}`;
    const killedUrl = `http://127.0.0.1:${await freePort()}`; // nothing listens there any more
    const port = await freePort();
    gateway = await startService('gateway', 'shell/server/src/main.ts', {
      ...(await siteEnv(`http://127.0.0.1:${port}`)),
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'e2e-outage-')),
      REMOTE_COMMUNITY_URL: hungUrl,
      REMOTE_ACCOUNT_URL: killedUrl,
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
    for (const s of sockets) s.destroy();
    hung?.close();
  });

  it('serves the page around a hung remote rendered, within the render budget, leaving only its part to the browser', async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/voluntarios`);
    const html = await res.text();
    const seconds = (Date.now() - started) / 1000;
    console.log(`remoto colgado: HTML en ${seconds.toFixed(2)} s`);
    assert.equal(res.status, 200);
    assert.ok(seconds < 2, `el HTML tardó ${seconds.toFixed(1)} s`);
    assert.match(html, /<div id="root" data-ssr="">/);
    assert.match(html, /<header class="site-header">/);
    assert.match(html, /<footer/);
    // The community part is marked for the browser ($!) and its form is not in the HTML.
    assert.match(html, /<main[^>]*>.*<!--\$!-->/s);
    assert.doesNotMatch(html, /name="volunteer_name"/);
  });

  it('shows the fallback of a hung remote within 5 s while the rest of the page works', async () => {
    const context = await browser.newContext({ baseURL: gateway.url, locale: 'es-CO' });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto('/voluntarios', { waitUntil: 'commit' });
    await page.locator('.remote-fallback').getByRole('heading', { name: 'No pudimos cargar esta sección' }).waitFor({ timeout: 15_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(`remoto colgado: aviso en ${seconds.toFixed(1)} s`);
    // #16's 5 s is met by the timers (the loader's 3 s default, the proxy's static timeout; shell config and
    // remote-proxy tests pin them), printed above; this bound only catches a wait left to the browser's own timeouts
    // (30 s and more), with room for a CI machine running two browsers and the site on two cores.
    assert.ok(seconds < 12, `el aviso tardó ${seconds.toFixed(1)} s`);
    assert.equal(await page.locator('header.site-header').isVisible(), true);
    await page.goto('/contribuciones');
    await waitForHeading(page, 'Dona aquí');
    await context.close();
  });

  it("answers the hung remote's API with a Spanish 503 and Retry-After within the proxy's timeout", async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/community/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boletin@example.com' }),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`remoto colgado: API 503 en ${seconds.toFixed(1)} s`);
    assert.equal(res.status, 503);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    const body = (await res.json()) as { error: string; message: string };
    assert.equal(body.error, 'remote_unavailable');
    assert.match(body.message, /no está disponible/);
    // PROXY_API_TIMEOUT_MS defaults to 8 s (the circuit may already be open from the page's requests: then at once).
    assert.ok(seconds < 9.5, `la API tardó ${seconds.toFixed(1)} s`);
  });

  it('answers 503, not 500, for a killed remote, and shows its fallback', async () => {
    const api = await fetch(`${gateway.url}/api/account/enrollments`);
    assert.equal(api.status, 503);
    assert.ok(api.headers.get('retry-after'));
    assert.equal(((await api.json()) as { error: string }).error, 'remote_unavailable');
    const entry = await fetch(`${gateway.url}/remotes/account/remoteEntry.js`);
    assert.equal(entry.status, 503);

    const context = await browser.newContext({ baseURL: gateway.url, locale: 'es-CO' });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('.remote-fallback').getByRole('heading', { name: 'No pudimos cargar esta sección' }).waitFor({ timeout: 15_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(`remoto caído: aviso en ${seconds.toFixed(1)} s`);
    assert.ok(seconds < 12, `el aviso tardó ${seconds.toFixed(1)} s`); // as above: the timers are pinned elsewhere
    await context.close();
  });

  it('logs the outages without stack traces', () => {
    const log = gateway.output();
    assert.match(log, /remote unavailable/);
    assert.doesNotMatch(log, /\n\s+at [^\n]+:\d+:\d+/);
    assert.doesNotMatch(log, /"stack"/);
  });
});
