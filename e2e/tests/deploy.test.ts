// Issue #16: a team ships its remote while visitors are on the site. The container topology runs as processes (four
// remote services and a gateway proxying to them) from a copy of this checkout, and `npm run deploy -- remote-giving`
// ships a visible change while the site and the giving API are probed ten times a second.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { appReleaseStore } from '../../tooling/releases.mjs';
import { launchBrowser, waitForHeading, waitForHeadingChange } from '../support/browser';
import { copyCheckout, freePort, remotes, repoRoot, siteEnv, startService, type Service } from '../support/topology';

const apps = ['shell', ...remotes.map((r) => `remote-${r}`)];

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { cwd, env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('a remote deployed while visitors are on the site (multi-process topology)', () => {
  let checkout: ReturnType<typeof copyCheckout>;
  let services: Service[] = [];
  let gateway: Service;
  let browser: Browser;

  before(async () => {
    checkout = copyCheckout();
    // The copy starts from this checkout's current builds; `build --missing` must then find them up to date (the
    // fingerprints no longer hash absolute paths, so a moved checkout is not stale).
    for (const app of apps) appReleaseStore(checkout.root, app).install(realpathSync(path.join(repoRoot, app, 'dist')));
    const build = await run(process.execPath, ['scripts/build.mjs', '--missing'], checkout.root);
    assert.equal(build.code, 0, build.output);
    assert.doesNotMatch(build.output, /Compilando/, `una copia de la carpeta no debería recompilar:\n${build.output}`);

    const gatewayPort = await freePort();
    const env = await siteEnv(`http://127.0.0.1:${gatewayPort}`);
    const urls: Record<string, string> = {};
    services = await Promise.all(
      remotes.map(async (name) => {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(os.tmpdir(), `e2e-${name}-`));
        const s = await startService(
          name,
          `remote-${name}/server/server.ts`,
          { ...env, PORT: String(port), DATA_DIR: dataDir },
          checkout.root,
        );
        urls[`REMOTE_${name.toUpperCase()}_URL`] = s.url;
        return s;
      }),
    );
    gateway = await startService(
      'gateway',
      'shell/server/src/main.ts',
      { ...env, ...urls, PORT: String(gatewayPort), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'e2e-gateway-')) },
      checkout.root,
    );
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await Promise.all([gateway, ...services].filter(Boolean).map((s) => s.stop()));
    checkout?.remove();
  });

  it('ships a visible change with 0 failed probes; an open tab keeps working and a new visitor gets the new version', async () => {
    const base = gateway.url;
    const pids = [gateway, ...services].map((s) => s.child.pid);
    const shellRelease = readlinkSync(path.join(checkout.root, 'shell', 'dist'));

    // A visitor opens the donation page before the deploy.
    const before = await browser.newContext({ baseURL: base, locale: 'es-CO' });
    const tab = await before.newPage();
    await tab.goto('/contribuciones');
    await waitForHeading(tab, 'Dona aquí');

    // The text the team will change (checked before the probes start: a failed check must not leave them running).
    const texts = path.join(checkout.root, 'remote-giving', 'src', 'donation', 'page-texts.ts');
    const source = readFileSync(texts, 'utf8');
    assert.match(source, /title: 'Dona aquí'/, 'el texto a cambiar debe existir en remote-giving/src/donation/page-texts.ts');

    // Probes, ten a second: the page's HTML and every file it preloads, the giving entry, and the giving API; each must
    // answer within 3 s (#33: the gateway takes in the remote's new server build off the request path).
    const failures: string[] = [];
    let probes = 0;
    let slowestPage = 0;
    let probing = true;
    const probe = async () => {
      const check = async (what: string, url: string, init: RequestInit, ok: (r: Response) => boolean) => {
        const sent = Date.now();
        try {
          const res = await fetch(url, { ...init, signal: AbortSignal.timeout(3000) });
          if (what === 'página') slowestPage = Math.max(slowestPage, Date.now() - sent);
          if (!ok(res)) failures.push(`${what} ${url} → ${res.status}`);
          return res;
        } catch (err) {
          failures.push(`${what} ${url} → ${(err as Error).message}`);
          return null;
        }
      };
      const page = await check('página', `${base}/contribuciones`, {}, (r) => r.status === 200);
      const html = page ? await page.text() : '';
      const preloads = [...html.matchAll(/<link rel="preload" as="(?:script|style)" href="([^"]+)"/g)].map((m) => m[1] ?? '');
      await Promise.all([
        ...preloads.map((href) => check('precarga', `${base}${href}`, {}, (r) => r.status === 200)),
        check('entrada', `${base}/remotes/giving/remoteEntry.js`, {}, (r) => r.status === 200),
        check('manifiesto', `${base}/remotes/giving/mf-manifest.json`, {}, (r) => r.status === 200),
        check('API', `${base}/api/giving/openapi.json`, {}, (r) => r.status === 200),
        check(
          'API',
          `${base}/api/giving/contributions`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
          (r) => r.status === 400,
        ),
      ]);
      probes += 1;
    };
    const prober = (async () => {
      while (probing) {
        const next = Date.now() + 100;
        await probe();
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    })();

    // The team changes the donation page's title and ships it with the project's own tooling.
    writeFileSync(texts, source.replace("title: 'Dona aquí'", "title: 'Dona aquí hoy'"));
    const oldRelease = appReleaseStore(checkout.root, 'remote-giving').current();
    const started = Date.now();
    let deploySeconds = 0;
    try {
      const deploy = await run('npm', ['run', 'deploy', '--', 'remote-giving'], checkout.root);
      deploySeconds = (Date.now() - started) / 1000;
      assert.equal(deploy.code, 0, deploy.output);
      const newRelease = appReleaseStore(checkout.root, 'remote-giving').current();
      assert.notEqual(newRelease, oldRelease);
      // Keep probing past the preload index's one-second follow-up, then stop.
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      // Stopped whatever happened: a probe loop left running keeps the test process alive until CI's time runs out.
      probing = false;
      await prober;
    }
    console.log(
      `despliegue: ${deploySeconds.toFixed(1)} s; sondeos: ${probes}, fallidos: ${failures.length}; la página más lenta: ${slowestPage} ms`,
    );
    assert.ok(probes >= deploySeconds * 5, `muy pocos sondeos (${probes}) para ${deploySeconds.toFixed(1)} s`);
    assert.deepEqual(failures, []);

    // The HTML now preloads the new release's files.
    const manifest = JSON.parse(readFileSync(path.join(checkout.root, 'remote-giving', 'dist', 'public', 'mf-manifest.json'), 'utf8')) as {
      exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
    };
    const donationChunk = manifest.exposes.find((e) => e.name === 'DonationPage')?.assets.js.sync.at(-1) ?? '';
    const served = await (await fetch(`${base}/contribuciones`)).text();
    assert.ok(served.includes(`/remotes/giving/${donationChunk}`));
    // ...and comes rendered with the new release's server build, fetched by the gateway from the remote's service.
    assert.ok(served.includes('>Dona aquí hoy<'), 'el HTML servido debe venir con el texto nuevo');

    // The tab opened before the deploy goes to another giving screen: its old build's chunks are still served.
    const failedAssets: string[] = [];
    const fetchedAssets: string[] = [];
    tab.on('response', (r) => {
      if (!r.url().includes('/remotes/giving/')) return;
      fetchedAssets.push(new URL(r.url()).pathname.replace('/remotes/giving/', ''));
      if (r.status() >= 400) failedAssets.push(`${r.status()} ${r.url()}`);
    });
    await tab.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/success';
      a.textContent = 'resultado';
      a.id = 'ir-al-resultado';
      document.body.append(a);
    });
    const donationHeading = await tab.locator('main h1').first().innerText();
    await tab.click('#ir-al-resultado');
    await tab.waitForURL('**/success');
    await waitForHeadingChange(tab, donationHeading);
    assert.equal(await tab.locator('.remote-fallback').count(), 0, 'la pestaña abierta antes del despliegue no debe ver el aviso de error');
    assert.deepEqual(failedAssets, []);
    // ...and at least one of them exists only in the old build: it was served because the release kept it.
    // (The release's own files, as served: paths inside its public/ folder.)
    const newOwn = new Set(
      (JSON.parse(readFileSync(path.join(checkout.root, 'remote-giving', 'dist', 'release.json'), 'utf8')) as { own: string[] }).own
        .filter((f) => f.startsWith('public/'))
        .map((f) => f.slice('public/'.length)),
    );
    assert.ok(
      fetchedAssets.some((f) => !newOwn.has(f)),
      `la pestaña vieja pidió solo archivos de la versión nueva: ${fetchedAssets.join(', ')}`,
    );

    // A new visitor gets the new version.
    const fresh = await browser.newContext({ baseURL: base, locale: 'es-CO' });
    const page = await fresh.newPage();
    await page.goto('/contribuciones');
    await waitForHeading(page, 'Dona aquí hoy');

    // Nothing else was rebuilt or restarted.
    assert.equal(readlinkSync(path.join(checkout.root, 'shell', 'dist')), shellRelease);
    assert.deepEqual(
      [gateway, ...services].map((s) => (s.child.exitCode === null ? s.child.pid : null)),
      pids,
    );
    await before.close();
    await fresh.close();
  });
});
