// Issue #18: public pages come with their content in the HTML (for a slow phone, a crawler, a link preview), styled,
// and the browser takes them over without a hydration error — signed out, signed in, with reduced motion, at phone
// and desktop width.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { rawGet, spellingsOf } from 'shared/server/http-testing';
import { walk } from '../../tooling/releases.mjs';
import { baseUrl, launchBrowser, openPage } from '../support/browser';
import { signedInAccount, signIn } from '../support/identity';
import { remotes, repoRoot } from '../support/topology';

/** One main route per app that renders on the server, with text and form fields its HTML must carry. */
const served = [
  { path: '/', owner: 'shell', texts: ['Formamos talento que transforma vidas', 'Saltar al contenido'], fields: [] },
  { path: '/nosotros', owner: 'shell', texts: ['Nosotros'], fields: [] },
  { path: '/desarrollo-software', owner: 'courses', texts: ['Desarrollo de Software', 'Inscribirme'], fields: [] },
  {
    path: '/contribuciones',
    owner: 'giving',
    texts: ['Dona aquí', 'Valor en pesos (solo números)'],
    fields: ['donation_amount', 'email', 'contributor_name'],
  },
  { path: '/pqrsf', owner: 'community', texts: ['PQRSF', 'Tipo de solicitud'], fields: ['request_type', 'email', 'reviews'] },
  { path: '/voluntarios', owner: 'community', texts: ['Voluntariado'], fields: ['volunteer_name', 'email'] },
  { path: '/login', owner: 'account', texts: ['Ingresa', 'Iniciar sesión', 'Correo electrónico'], fields: ['email', 'password'] },
  { path: '/register', owner: 'account', texts: ['Regístrate', 'Crear cuenta', 'Nombre completo'], fields: ['email', 'password'] },
  { path: '/confirm-email', owner: 'account', texts: ['Confirma tu correo', 'Activa tu cuenta'], fields: ['email', 'code'] },
  { path: '/datos-personales', owner: 'account', texts: ['Tus datos personales', 'Haz tu solicitud'], fields: ['kind', 'email'] },
];

/** The markup inside #root of the served document, as a crawler sees it (no script run). */
async function servedRoot(path: string): Promise<{ status: number; head: string; root: string }> {
  const res = await fetch(baseUrl + path);
  const html = await res.text();
  const start = html.indexOf('<div id="root"');
  return { status: res.status, head: html.slice(0, html.indexOf('</head>')), root: html.slice(start, html.lastIndexOf('</body>')) };
}

/** Console errors and page errors of a page from now on (a hydration mismatch is reported as a console error). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('server-rendered public pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  for (const route of served) {
    it(`${route.path} (${route.owner}) is served with its content, its form fields and its stylesheets, no inline script`, async () => {
      const { status, head, root } = await servedRoot(route.path);
      assert.equal(status, 200);
      assert.match(root, /^<div id="root" data-ssr="">/);
      for (const text of route.texts) assert.ok(root.includes(text), `${route.path}: falta "${text}" en el HTML servido`);
      for (const name of route.fields) assert.match(root, new RegExp(`name="${name}"`), `${route.path}: falta el campo ${name}`);
      assert.match(root, /<header class="site-header">/);
      assert.match(root, /<footer/);
      assert.match(head, /<link rel="stylesheet" href="\/assets\/bootstrap\.[0-9a-f]+\.css"/);
      if (route.owner !== 'shell') assert.match(head, new RegExp(`<link rel="stylesheet" href="/remotes/${route.owner}/assets/`));
      // The CSP allows no inline script: every script in the body has a src.
      assert.doesNotMatch(root, /<script(?![^>]*\bsrc=)[^>]*>/);
    });
  }

  it('serves no file of a release beside its public/ folder (server builds, records), however the path is spelled', async () => {
    // Sent as written (curl --path-as-is): fetch would resolve dot segments and backslashes first.
    const answered: string[] = [];
    for (const app of ['shell', ...remotes.map((r) => `remote-${r}`)]) {
      const files = walk(join(repoRoot, app, 'dist')).filter((f) => !f.startsWith('public/'));
      assert.ok(files.includes(app === 'shell' ? 'server/app.cjs' : 'server/screens.cjs'), `${app}: ${files.join(', ')}`);
      const prefix = app === 'shell' ? '/' : `/remotes/${app.replace('remote-', '')}/`;
      for (const file of files) {
        for (const spelling of spellingsOf(file)) {
          const { status } = await rawGet(baseUrl, prefix + spelling);
          if (status !== 404) answered.push(`${status} ${prefix}${spelling}`);
        }
      }
    }
    assert.deepEqual(answered, []);
    // What the attacker's report named, for the record.
    for (const url of [
      '/%73erver/app.cjs',
      '/ssr-assets%2Ejson',
      '/release.json',
      '/.inputs-hash',
      '/remotes/courses/%73erver/screens.cjs',
    ])
      assert.equal((await rawGet(baseUrl, url)).status, 404, url);
  });

  it('an unknown path is served as the not-found page with status 404', async () => {
    const { status, root } = await servedRoot('/no-existe-esta-pagina');
    assert.equal(status, 404);
    assert.match(root, /Page not found!/);
  });

  it("a visitor's own courses and the panel are left to the browser (they depend on who is signed in)", async () => {
    // Mis Cursos comes with the header and footer; only its screen is rendered by the browser, with the session.
    const courses = await servedRoot('/mis-cursos');
    assert.match(courses.root, /^<div id="root" data-ssr="">/);
    assert.match(courses.root, /<header class="site-header">/);
    assert.match(courses.root, /<main id="contenido"[^>]*><!--\$!-->/);
    assert.doesNotMatch(courses.root, /<h1>Mis Cursos<\/h1>/);
    const panel = await servedRoot('/equipo');
    assert.match(panel.root, /^<div id="root"><\/div>/);
  });

  for (const width of [390, 1366]) {
    it(`hydrates every public page without an error, signed out, at ${width} px`, async () => {
      const { page, context } = await openPage(browser, { width, height: 844 });
      const errors = watchErrors(page);
      for (const route of served) {
        // openPage's navigation waits until the screen is hydrated (shell/src/routing/screen-ready.ts).
        await page.goto(route.path);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('hydrates without an error for a signed-in visitor, whose greeting shows right after', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, await signedInAccount('Marta Lucía Suárez'));
    const errors = watchErrors(page);
    for (const route of served) {
      await page.goto(route.path);
      // The server's header is the anonymous one; hydration then shows the remembered session.
      await page.locator('header').getByText('Hola, Marta').waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('header').getByRole('link', { name: 'Ingresa' }).count(), 0);
      // The served sign-in form is the anonymous one; the signed-in visitor is told they are in instead.
      if (route.path === '/login') {
        await page.getByText('Ya iniciaste sesión como Marta').waitFor({ timeout: 10_000 });
        assert.equal(await page.locator('main [name="password"]').count(), 0);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("a visitor who asks for reduced motion gets the carousels' paused labels right after hydration", async () => {
    // The server cannot know the preference: its HTML says the rotation runs.
    const { root } = await servedRoot('/');
    assert.match(root, /aria-label="Pausar la rotación"/);
    const { page, context } = await openPage(browser, { width: 390, height: 844, reducedMotion: 'reduce' });
    const errors = watchErrors(page);
    await page.goto('/');
    const controls = page.locator('main').getByRole('button', { name: /la rotación/ });
    assert.ok((await controls.count()) > 0);
    for (const label of await controls.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))))
      assert.equal(label, 'Reanudar la rotación');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the scripts of a rendered page start only once the browser has reported its first paint', async () => {
    // Requested earlier, they compete with the stylesheet and the fonts on a slow link (and Lighthouse counts them
    // before the paint): /boot.js waits for the paint entry, not just a frame.
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    for (const path of ['/', '/contribuciones']) {
      await page.goto(path);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => /\.js$/.test(new URL(e.name).pathname) && !e.name.endsWith('/boot.js'))
          .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
      }));
      assert.ok(timing.paint !== null, `${path}: sin first-contentful-paint`);
      assert.ok(
        timing.scripts.some((s) => s.url.startsWith('/entry/')),
        `${path}: no se pidió el script de entrada`,
      );
      if (path === '/contribuciones')
        assert.ok(
          timing.scripts.some((s) => s.url.startsWith('/remotes/giving/')),
          path,
        );
      for (const script of timing.scripts)
        assert.ok(
          script.start >= timing.paint,
          `${path}: ${script.url} pedido a los ${script.start} ms, antes de la pintura (${timing.paint} ms)`,
        );
    }
    await context.close();
  });

  it('a form typed into before the page is taken over does not put the personal data in the address', async () => {
    // A plain context (openPage's navigation waits for the page to be taken over, which never happens here).
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The scripts never arrive: only the served HTML (and /boot.js) is there.
    await page.route(/\/(entry|assets|remotes)\/.*\.js$/, (r) => r.abort());
    await page.goto('/pqrsf');
    await page.locator('main [name="email"]').fill('persona@example.com');
    await page.locator('main [name="email"]').press('Enter');
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).search, '');
    await context.close();
  });
});
