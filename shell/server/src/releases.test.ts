import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireLock, appReleaseStore, releaseStore, type ReleaseStore } from '../../../tooling/releases.mjs';
import type { Gateway } from './app';
import { createTestRoot, testGateway } from './testing';

/** Writes a fake build of the giving remote into a new release: its entry, manifest and one hashed screen chunk. */
function fakeBuild(store: ReleaseStore, label: string, hash: string) {
  const { id, dir: release } = store.create(label);
  const dir = path.join(release, 'public');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(release, 'server'));
  writeFileSync(path.join(release, 'server', 'screens.cjs'), `/* ${label} */`);
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${label} */ var giving;`);
  writeFileSync(path.join(dir, `assets/donation.${hash}.js`), `/* ${label} */ void 0;`);
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ exposes: [{ name: 'DonationPage', assets: { js: { sync: [`assets/donation.${hash}.js`] }, css: { sync: [] } } }] }),
  );
  return id;
}

const chunk = (hash: string) => `/remotes/giving/assets/donation.${hash}.js`;

describe('a remote deployed as releases while the gateway serves it', () => {
  let root: string;
  let store: ReleaseStore;
  let gw: Gateway;
  const retention = { keep: 1, keepDays: 0 };
  beforeAll(async () => {
    root = createTestRoot(); // remote-giving/dist is a plain folder, as before releases existed
    store = appReleaseStore(root, 'remote-giving');
    gw = await testGateway({ rootDir: root });
  });
  afterAll(async () => gw?.app.close());

  /** Waits (at most `ms`) until the HTML of the donation page preloads `href`; returns how long that took. */
  async function preloadFollows(href: string, ms = 1000) {
    const started = Date.now();
    while (Date.now() - started <= ms) {
      if ((await gw.app.inject('/contribuciones')).body.includes(`href="${href}"`)) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`el HTML no precarga ${href} tras ${ms} ms`);
  }

  it('adopts a build from before releases, so the tabs it served keep their chunks', async () => {
    store.activate(fakeBuild(store, 'a', 'aaaaaaaaaa'), { retention: { keep: 3, keepDays: 7 } });
    expect(store.current()).toMatch(/-a$/);
    expect((await gw.app.inject('/remotes/giving/assets/page.abcdef0123.js')).statusCode).toBe(200);
    const entry = await gw.app.inject('/remotes/giving/remoteEntry.js');
    expect(entry.body).toContain('/* a */');
    expect(entry.headers['cache-control']).toBe('no-cache');
    await preloadFollows(chunk('aaaaaaaaaa'));
  });

  it('switches without one failed request, keeps the previous chunks, and the preload hints follow within a second', async () => {
    const id = fakeBuild(store, 'b', 'bbbbbbbbbb');
    const statuses: number[] = [];
    let switching = true;
    const probe = (async () => {
      while (switching) {
        for (const url of ['/remotes/giving/remoteEntry.js', '/remotes/giving/mf-manifest.json', chunk('aaaaaaaaaa')])
          statuses.push((await gw.app.inject(url)).statusCode);
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    store.activate(id, { retention });
    await new Promise((r) => setTimeout(r, 50));
    switching = false;
    await probe;
    expect(statuses.length).toBeGreaterThan(6);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await gw.app.inject('/remotes/giving/remoteEntry.js')).body).toContain('/* b */');
    expect((await gw.app.inject(chunk('aaaaaaaaaa'))).statusCode).toBe(200); // a tab opened on release a
    expect((await gw.app.inject(chunk('bbbbbbbbbb'))).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await preloadFollows(chunk('bbbbbbbbbb'))).toBeLessThanOrEqual(1000);
  });

  it('drops the chunks of releases older than what is kept', async () => {
    store.activate(fakeBuild(store, 'c', 'cccccccccc'), { retention });
    expect((await gw.app.inject(chunk('bbbbbbbbbb'))).statusCode).toBe(200);
    expect((await gw.app.inject(chunk('aaaaaaaaaa'))).statusCode).toBe(404);
    expect(store.list().map((r) => r.id.split('-').pop())).toEqual(['b', 'c']);
  });

  it('rolls back to the previous release in one switch', async () => {
    const result = store.rollback();
    expect(result.id).toMatch(/-b$/);
    expect((await gw.app.inject('/remotes/giving/remoteEntry.js')).body).toContain('/* b */');
    expect((await gw.app.inject(chunk('cccccccccc'))).statusCode).toBe(200); // tabs opened on c keep working
  });
});

describe('releases written before the public/ layout', () => {
  it('are moved into it: the next release carries their chunks, and a rollback to one serves it from public/', async () => {
    const root = createTestRoot();
    const store = appReleaseStore(root, 'remote-giving');
    // A release as builds wrote them before: the build, its server build and its record all at the top.
    const { id: oldId, dir: old } = store.create('antigua');
    mkdirSync(path.join(old, 'assets'));
    mkdirSync(path.join(old, 'server'));
    writeFileSync(path.join(old, 'remoteEntry.js'), '/* antigua */ var giving;');
    writeFileSync(path.join(old, 'assets/donation.0000000000.js'), '/* antigua */');
    writeFileSync(path.join(old, 'server/screens.cjs'), '/* servidor antiguo */');
    writeFileSync(path.join(old, '.inputs-hash'), '0'.repeat(64));
    writeFileSync(
      path.join(old, 'release.json'),
      JSON.stringify({
        id: oldId,
        activatedAt: new Date(Date.now() - 1000).toISOString(),
        own: ['remoteEntry.js', 'assets/donation.0000000000.js', 'server/screens.cjs', '.inputs-hash'],
      }),
    );
    store.switchPointer(oldId);

    store.activate(fakeBuild(store, 'nueva', 'dddddddddd'), { retention: { keep: 3, keepDays: 7 } });
    const current = path.join(root, 'remote-giving', 'dist');
    expect(readFileSync(path.join(current, 'public/assets/donation.0000000000.js'), 'utf8')).toBe('/* antigua */');
    expect(existsSync(path.join(current, 'public/server'))).toBe(false);
    expect(readFileSync(path.join(old, 'public/remoteEntry.js'), 'utf8')).toBe('/* antigua */ var giving;');
    expect(readFileSync(path.join(old, 'server/screens.cjs'), 'utf8')).toBe('/* servidor antiguo */');
    expect(
      store
        .list()
        .find((r) => r.id === oldId)
        ?.own.sort(),
    ).toEqual(['.inputs-hash', 'public/assets/donation.0000000000.js', 'public/remoteEntry.js', 'server/screens.cjs'].sort());

    store.rollback(oldId);
    const gw = await testGateway({ rootDir: root });
    try {
      expect((await gw.app.inject('/remotes/giving/remoteEntry.js')).body).toBe('/* antigua */ var giving;');
      expect((await gw.app.inject('/remotes/giving/assets/donation.dddddddddd.js')).statusCode).toBe(200);
      expect((await gw.app.inject('/remotes/giving/%73erver/screens.cjs')).statusCode).toBe(404);
    } finally {
      await gw.app.close();
    }
  });
});

describe('a container installing its image build on the releases volume', () => {
  /** An image's build: a real folder with its fingerprint, as the Dockerfile copies it. */
  function imageBuild(label: string, hash: string) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'imagen-'));
    mkdirSync(path.join(dir, 'public', 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'public', 'remoteEntry.js'), `/* ${label} */`);
    writeFileSync(path.join(dir, `public/assets/page.${hash}.js`), `/* ${label} */`);
    writeFileSync(path.join(dir, '.inputs-hash'), `${label}${hash}`.padEnd(64, '0'));
    return dir;
  }

  it('installs each image build once and keeps serving the chunks of the containers before it', () => {
    const volume = mkdtempSync(path.join(os.tmpdir(), 'volumen-'));
    const store = releaseStore({ store: path.join(volume, 'releases'), pointer: path.join(volume, 'current') });
    const first = imageBuild('uno', '1111111111');
    expect(store.install(first).installed).toBe(true);
    expect(store.install(first).installed).toBe(false); // a restart of the same image
    // A build copied from a release folder brings that release's record along (e2e/tests/deploy.test.ts does this).
    const second = imageBuild('dos', '2222222222');
    writeFileSync(path.join(second, 'release.json'), JSON.stringify({ id: 'la-de-otra-carpeta', own: ['public/remoteEntry.js'] }));
    store.install(second);
    const current = path.join(volume, 'current');
    expect(readFileSync(path.join(current, 'public/remoteEntry.js'), 'utf8')).toBe('/* dos */');
    expect(existsSync(path.join(current, 'public/assets/page.1111111111.js'))).toBe(true);
    expect(store.list()).toHaveLength(2);
  });
});

describe('the release lock', () => {
  it('makes a second writer wait until the first is done', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'lock-')), '.lock');
    const order: string[] = [];
    const release = await acquireLock(dir, 'primero', { log: () => undefined });
    const second = acquireLock(dir, 'segundo', { log: () => undefined }).then((r) => {
      order.push('segundo');
      r();
    });
    await new Promise((r) => setTimeout(r, 400));
    order.push('primero termina');
    release();
    await second;
    expect(order).toEqual(['primero termina', 'segundo']);
  });

  it('takes over a lock whose owner process is gone', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'lock-')), '.lock');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 17, host: os.hostname(), what: 'muerto' }));
    const release = await acquireLock(dir, 'nuevo', { waitMs: 1000, log: () => undefined });
    release();
  });
});
