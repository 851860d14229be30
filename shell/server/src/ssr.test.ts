import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { matchRoute, routes, type SiteRoute as RouteEntry } from '../../../site/routes';
import { SERVER_BUILD_PATH } from 'shared/server/static-cache';
import { contractVersion } from '../../../tooling/contract.mjs';
import { loadConfig } from './config';
import { ServerRenderer } from './ssr';

// Small hand-written server builds with the shapes tooling/webpack.mjs produces: the shell's tree provides a context
// (standing for the contract's instances) and renders the route's remote screen inside a Suspense boundary.
const shellBuild = (label: string) => `
const React = require('react');
const { jsx, jsxs } = require('react/jsx-runtime');
const Shared = React.createContext('sin contrato');
exports.provided = { 'shared/navigation': { Shared } };
exports.LEFT_TO_BROWSER_DIGEST = 'parte-en-navegador';
class LeftToBrowser extends Error { constructor() { super('navegador'); this.digest = 'parte-en-navegador'; } }
exports.page = (url, screens) => {
  const Screen = screens('giving', 'DonationPage') || (() => { throw new LeftToBrowser(); });
  return jsx(Shared.Provider, { value: 'contrato del shell', children: jsxs('div', { children: [
    jsx('header', { children: ${JSON.stringify(label)} + ' ' + url }),
    jsx(React.Suspense, { fallback: jsx('p', { children: 'Cargando…' }), children: jsx(Screen, {}) }),
  ] }) });
};`;

const remoteBuild = (label: string, range = `^${contractVersion()}`, body = '') => `
const React = require('react');
const { Shared } = require('shared/navigation');
exports.contract = { name: 'shared', range: ${JSON.stringify(range)} };
exports.screens = { DonationPage: { default: () => { ${body} return React.createElement('h1', null, ${JSON.stringify(label)} + ' / ' + React.useContext(Shared)); } } };
exports.setPublicPath = () => {};`;

const roots: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A repository root whose dist folders are symlinks to releases, as scripts/build.mjs leaves them. */
function root() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ssr-test-'));
  roots.push(dir);
  return dir;
}

let releaseCount = 0;
function release(rootDir: string, app: string, files: Record<string, string>) {
  const dir = path.join(rootDir, 'releases', app, String(++releaseCount));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  mkdirSync(path.join(rootDir, app), { recursive: true });
  // Switched in one rename, like a deploy.
  const link = path.join(rootDir, app, 'dist');
  symlinkSync(dir, `${link}.next`);
  renameSync(`${link}.next`, link);
}

const shellRelease = (rootDir: string, label = 'Cabecera') =>
  release(rootDir, 'shell', {
    'server/app.cjs': shellBuild(label),
    'ssr-assets.json': JSON.stringify({
      stylesheets: { bootstrap: ['assets/bootstrap.aaaa.css'], 'page-AboutPage': ['assets/about.bbbb.css'] },
    }),
  });

function renderer(rootDir: string, overrides: Partial<ConstructorParameters<typeof ServerRenderer>[0]> = {}) {
  const config = loadConfig({}, rootDir);
  return new ServerRenderer({
    rootDir,
    remotes: config.remotes,
    assets: (remote, screen) => ({ js: [], css: [`/remotes/${remote}/assets/${screen}.cccc.css`] }),
    budgetMs: 3000, // a first load on a busy machine (cold React) can take over 300 ms; the budget itself is tested below
    refreshMs: 100,
    ...overrides,
  });
}

const donation = matchRoute('/contribuciones') as RouteEntry;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('server rendering on the gateway', () => {
  it('never renders a page whose path is a credential (#29: a monthly manage link), so no render is kept under it', () => {
    const path = `/contribuciones/mensual/gestionar/${'AbC_-12'.repeat(6)}`;
    expect(matchRoute(path)?.secretPath).toBe(true);
    expect(ServerRenderer.renders(matchRoute(path), path)).toBe(false);
    expect(ServerRenderer.renders(matchRoute('/contribuciones/mensual/resultado'), '/contribuciones/mensual/resultado')).toBe(true);
  });

  it("renders the shell and the route's remote in one tree, the remote seeing the shell's contract instances, with both stylesheets", async () => {
    const dir = root();
    shellRelease(dir);
    release(dir, 'remote-giving', { 'server/screens.cjs': remoteBuild('Dona aquí') });
    const page = await renderer(dir).render('/contribuciones', donation);
    expect(page?.html).toContain('<header>Cabecera /contribuciones</header>');
    expect(page?.html).toContain('<h1>Dona aquí / contrato del shell</h1>');
    expect(page?.stylesheets).toEqual(['/assets/bootstrap.aaaa.css', '/remotes/giving/assets/DonationPage.cccc.css']);
    const about = await renderer(dir).render('/nosotros', matchRoute('/nosotros'));
    expect(about?.stylesheets).toEqual(['/assets/bootstrap.aaaa.css', '/assets/about.bbbb.css']);
  });

  it('leaves only the remote part to the browser when its build is missing, fails or was made for another contract', async () => {
    const dir = root();
    shellRelease(dir);
    const missing = await renderer(dir).render('/contribuciones', donation);
    expect(missing?.html).toContain('<header>Cabecera /contribuciones</header>');
    // The boundary is marked for the browser to render ($!), with its fallback meanwhile.
    expect(missing?.html).toMatch(/<!--\$!-->[\s\S]*<p>Cargando…<\/p><!--\/\$-->/);
    expect(missing?.stylesheets).toEqual(['/assets/bootstrap.aaaa.css']);

    release(dir, 'remote-giving', { 'server/screens.cjs': remoteBuild('Dona aquí', '^99.0.0') });
    const incompatible = await renderer(dir).render('/contribuciones', donation);
    expect(incompatible?.html).toContain('<header>Cabecera');
    expect(incompatible?.html).not.toContain('Dona aquí');

    // A screen that says it depends on the browser (serverRender = false) is not rendered at all.
    release(dir, 'remote-giving', {
      'server/screens.cjs': `${remoteBuild('Dona aquí')}\nexports.screens.DonationPage.serverRender = false;`,
    });
    const browserOnly = await renderer(dir).render('/contribuciones', donation);
    expect(browserOnly?.html).toMatch(/<header>Cabecera[\s\S]*<!--\$!-->/);
    expect(browserOnly?.html).not.toContain('Dona aquí');

    release(dir, 'remote-giving', {
      'server/screens.cjs': remoteBuild('Dona aquí', undefined, "throw new Error('window is not defined');"),
    });
    const failing = await renderer(dir).render('/contribuciones', donation);
    expect(failing?.html).toContain('<header>Cabecera');
    expect(failing?.html).toMatch(/<!--\$!-->/);
  });

  it("renders a remote's new release within the refresh period, with no restart, and a new shell release too", async () => {
    const dir = root();
    shellRelease(dir);
    release(dir, 'remote-giving', { 'server/screens.cjs': remoteBuild('Versión 1') });
    const r = renderer(dir);
    expect((await r.render('/contribuciones', donation))?.html).toContain('Versión 1');
    release(dir, 'remote-giving', { 'server/screens.cjs': remoteBuild('Versión 2') });
    await sleep(150);
    await r.render('/contribuciones', donation); // the check runs; this answer may still be the previous build
    await sleep(20);
    expect((await r.render('/contribuciones', donation))?.html).toContain('Versión 2 / contrato del shell');
    shellRelease(dir, 'Cabecera nueva');
    await sleep(150);
    await r.render('/contribuciones', donation);
    await sleep(20);
    // The remote is loaded again against the new shell's instances: it still sees the contract.
    expect((await r.render('/contribuciones', donation))?.html).toMatch(/Cabecera nueva.*Versión 2 \/ contrato del shell/);
  });

  it('renders a page whole in one pass, and waits for a part that suspends as the prerender did (#33)', async () => {
    const dir = root();
    shellRelease(dir);
    // A screen that suspends on its first render: the one-pass render leaves it to the browser, so the page is
    // prerendered, which waits for it. Its content is served, never the fallback.
    const suspends = `React.use(exports.ready ??= new Promise((resolve) => setTimeout(() => resolve('listo'), 20)));`;
    release(dir, 'remote-giving', { 'server/screens.cjs': remoteBuild('Dona aquí', undefined, suspends) });
    const page = await renderer(dir).render('/contribuciones?a=1', donation);
    expect(page?.html).toContain('<h1>Dona aquí / contrato del shell</h1>');
    expect(page?.html).not.toContain('Cargando');
    expect(page?.html).not.toContain('<!--$!-->');
  });

  it('keeps a rendered page for the same route and builds, and renders a URL with a query string each time', async () => {
    const dir = root();
    shellRelease(dir);
    release(dir, 'remote-giving', { 'server/screens.cjs': remoteBuild('Dona aquí') });
    const r = renderer(dir);
    const first = await r.render('/contribuciones', donation);
    expect(await r.render('/contribuciones', donation)).toBe(first);
    const withQuery = await r.render('/contribuciones?certificado=invalido', donation);
    expect(withQuery).not.toBe(await r.render('/contribuciones?certificado=invalido', donation));
    expect(withQuery?.html).toContain('/contribuciones?certificado=invalido');
  });

  it('keeps one page per route whatever its spelling, and leaves pages to the browser beyond the renders allowed at once', async () => {
    const dir = root();
    shellRelease(dir);
    const about = matchRoute('/nosotros');
    const r = renderer(dir, { maxConcurrentRenders: 2, rendersPerSecond: 3 });
    const first = await r.render('/nosotros', about);
    expect(await r.render('/NoSoTrOs/', about)).toBe(first);
    // Three pages that cannot be kept, at once: two are rendered, the third is left to the browser.
    const pages = await Promise.all(['/?a=1', '/?a=2', '/?a=3'].map((u) => r.render(u, matchRoute('/'))));
    expect(pages.filter((p) => p === null)).toHaveLength(1);
    // And no more than the per-second allowance: the burst is spent, a moment later there is room again.
    expect(await r.render('/?a=4', matchRoute('/'))).toBeNull();
    await sleep(450);
    expect(await r.render('/?a=5', matchRoute('/'))).not.toBeNull();
  });

  it("leaves a proxied remote to the browser when its server answers late or with an error, never running the error's body", async () => {
    const dir = root();
    shellRelease(dir);
    let mode: 'slow' | 'error' | 'ok' = 'slow';
    const asked = new Set<string>();
    const server = createServer((req, res) => {
      asked.add(req.url ?? '');
      if (mode === 'slow') setTimeout(() => res.end(remoteBuild('Tarde')), 1500);
      else if (mode === 'error') res.writeHead(404).end('globalThis.ejecutado = true; exports.screens = {};');
      else res.writeHead(200, { etag: '"v1"' }).end(remoteBuild('A tiempo'));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = loadConfig({ REMOTE_GIVING_URL: url }, dir);
    const make = () => renderer(dir, { remotes: config.remotes, budgetMs: 200 });

    const started = Date.now();
    const slow = await make().render('/contribuciones', donation);
    expect(Date.now() - started).toBeLessThan(1200);
    expect(slow?.html).toContain('<header>Cabecera');
    expect(slow?.html).not.toContain('Tarde');

    mode = 'error';
    const failed = await make().render('/contribuciones', donation);
    expect(failed?.html).toMatch(/<!--\$!-->/);
    expect((globalThis as { ejecutado?: boolean }).ejecutado).toBeUndefined();

    mode = 'ok';
    expect((await make().render('/contribuciones', donation))?.html).toContain('A tiempo / contrato del shell');
    // Where the remote's service hands it to the gateway, never under the /remotes/ prefix visitors reach.
    expect([...asked]).toEqual([SERVER_BUILD_PATH]);
  });

  it("never holds a request for a remote's new release: the old one answers meanwhile, and the new one's pages are ready when it serves", async () => {
    const dir = root();
    shellRelease(dir);
    let current = 1;
    // Each build counts its own renders in what it renders (jest's globals are not the builds' globals).
    const counted = (n: number) =>
      remoteBuild(`Versión ${n}`, undefined, 'exports.renders = (exports.renders ?? 0) + 1;').replace(
        "React.createElement('h1', null, ",
        "React.createElement('h1', null, '(render ' + exports.renders + ') ' + ",
      );
    const server = createServer((req, res) => {
      const n = current;
      if (req.headers['if-none-match'] === `"v${n}"`) res.writeHead(304).end();
      // The new release arrives slowly, as from a remote service busy with its own deploy.
      else setTimeout(() => res.writeHead(200, { etag: `"v${n}"` }).end(counted(n)), n === 1 ? 0 : 600);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const config = loadConfig({ REMOTE_GIVING_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }, dir);
    const r = renderer(dir, { remotes: config.remotes, budgetMs: 1000, refreshMs: 50 });
    expect((await r.render('/contribuciones', donation))?.html).toContain('Versión 1');

    current = 2;
    await sleep(60);
    const started = Date.now();
    expect((await r.render('/contribuciones', donation))?.html).toContain('Versión 1');
    expect(Date.now() - started).toBeLessThan(300);
    await sleep(1200);
    // Served from the pages the new release rendered before it took over (one per giving route): no render on the
    // request path, which would have counted one more.
    const givingPages = routes.filter((route) => route.owner === 'giving' && ServerRenderer.renders(route, route.path)).length;
    const html = (await r.render('/contribuciones', donation))?.html ?? '';
    expect(html).toContain('Versión 2 / contrato del shell');
    expect(Number(/\(render (\d+)\)/.exec(html)?.[1])).toBeLessThanOrEqual(givingPages);
  });

  it('renders the pages of the route table, the sign-in pages too, but not the panel', () => {
    expect(ServerRenderer.renders(matchRoute('/login'), '/login')).toBe(true);
    expect(ServerRenderer.renders(matchRoute('/register'), '/register')).toBe(true);
    expect(ServerRenderer.renders(undefined, '/equipo/pqrsf')).toBe(false);
    expect(ServerRenderer.renders(matchRoute('/equipo'), '/equipo')).toBe(false);
    expect(ServerRenderer.renders(donation, '/contribuciones')).toBe(true);
    // An unknown path gets the server's short not-found page, not a render (one entry could not serve every spelling).
    expect(ServerRenderer.renders(undefined, '/no-existe')).toBe(false);
  });
});
