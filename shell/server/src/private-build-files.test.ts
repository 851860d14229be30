// "Trust boundaries, round two", row 4: an attacker downloaded the server builds and the release records by spelling
// their paths differently (/%73erver/app.cjs, /ssr-assets%2Ejson, /remotes/courses/%73erver/screens.cjs, release.json,
// .inputs-hash). Here every file of a release that is not in its public/ folder, and every source map in production, is
// asked for in many spellings through a real socket (inject and fetch resolve dot segments and backslashes before
// sending), from the gateway serving the builds itself and (in production) passing /remotes/community/ to that
// remote's own service: the answer is 404, never the file.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import communityApi from 'remote-community/server';
import { remoteNames } from '../../../site/routes';
import { rawGet, spellingsOf } from 'shared/server/http-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { buildRemoteService, type RemoteService } from 'shared/server/remote-service';
import { appReleaseStore, walk } from '../../../tooling/releases.mjs';
import type { Gateway } from './app';
import { productionInvoicing, testGateway } from './testing';

const template = readFileSync(path.resolve(import.meta.dirname, '../../src/index.html'), 'utf8');

/** A release of `app` as scripts/build.mjs leaves it (made current through the release store): every file marked. */
function release(root: string, app: string, files: string[]): string {
  mkdirSync(path.join(root, app), { recursive: true });
  const store = appReleaseStore(root, app);
  const { id, dir } = store.create('prueba');
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), file === 'public/index.html' ? template : `/* SECRETO ${app} ${file} */`);
  }
  store.activate(id, { meta: { app, inputsHash: 'f'.repeat(64) } });
  return dir;
}

const remoteFiles = [
  'public/remoteEntry.js',
  'public/remoteEntry.js.map',
  'public/mf-manifest.json',
  'public/assets/page.abcdef0123.js',
  'public/assets/page.abcdef0123.js.map',
  'server/screens.cjs',
  '.inputs-hash',
];

/** What a visitor must never get from a release: everything beside public/, and in production its source maps. */
function privateFiles(dir: string, production: boolean): { file: string; secret: string }[] {
  return walk(dir)
    .filter((f) => !f.startsWith('public/') || (production && f.endsWith('.map')))
    .map((f) => ({
      file: f.replace(/^public\//, ''),
      // release.json is written by the store: its list of files is what it would give away.
      secret: f === 'release.json' ? '"own"' : 'SECRETO',
    }));
}

const production = {
  NODE_ENV: 'production',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-real',
  MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pk',
  MERCADOPAGO_WEBHOOK_SECRET: 'secreto-real-de-mercado-pago',
  COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
  COGNITO_CLIENT_ID: '4example',
  SMTP_URL: 'smtp://correo.example:587',
  OBJECT_STORE_BUCKET: 'fundacion-archivos',
  ...productionInvoicing,
};

describe.each([
  ['development', {}],
  ['production', production],
])('files of a release that are not public (%s)', (mode, modeEnv) => {
  const isProduction = mode === 'production';
  let root: string;
  let community: RemoteService | undefined;
  let gateway: Gateway;
  let origin: string;
  const releases: Record<string, string> = {};

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'archivos-privados-'));
    releases.shell = release(root, 'shell', [
      'public/index.html',
      'public/entry/main.js',
      'public/assets/app.0123456789.js',
      'public/assets/app.0123456789.js.map',
      'server/app.cjs',
      'ssr-assets.json',
      '.inputs-hash',
    ]);
    for (const name of remoteNames) releases[name] = release(root, `remote-${name}`, remoteFiles);
    // In production (what is online) the community remote runs as its own service behind the gateway, as in compose.
    let proxied = {};
    if (isProduction) {
      community = await buildRemoteService(communityApi, {
        remoteDir: path.join(root, 'remote-community'),
        env: { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...modeEnv },
        payments: new FakePaymentProvider(),
      });
      await community.app.listen({ host: '127.0.0.1', port: 0 });
      proxied = { REMOTE_COMMUNITY_URL: `http://127.0.0.1:${(community.app.server.address() as AddressInfo).port}` };
    }
    // No APIs in-process: files are the point here, and migrations would only slow the start.
    gateway = await testGateway({ rootDir: root, serverRendering: false }, { ...modeEnv, ...proxied }, { apis: [] });
    await gateway.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(gateway.app.server.address() as AddressInfo).port}`;
    // Fresh PGlite databases (the gateway's, the remote's) take seconds on an idle machine, far more on a busy one.
  }, 120_000);
  afterAll(async () => {
    await gateway?.app.close();
    await community?.app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the public files of every build, the proxied one included', async () => {
    for (const url of ['/assets/app.0123456789.js', '/entry/main.js', ...remoteNames.map((n) => `/remotes/${n}/remoteEntry.js`)])
      expect([url, (await rawGet(origin, url)).status]).toEqual([url, 200]);
  });

  it('refuses a path under /api/ that climbs out of it as bad input, in Spanish, never with a file', async () => {
    const climbing = [
      '/api/..%2fserver/app.cjs',
      '/api/courses/%2e%2e/%2e%2e/server/app.cjs',
      '/api/community/..%2F..%2Fremotes/community/server/screens.cjs',
    ];
    for (const url of [...climbing, '/api/x/../../server/app.cjs', '/api/community/..\\..\\.inputs-hash']) {
      const res = await rawGet(origin, url);
      expect([url, res.status]).toEqual([url, 400]);
      expect(JSON.parse(res.body)).toEqual({ error: 'bad_request', message: 'La dirección solicitada no es válida.' });
    }
    for (const url of ['/api/server/app.cjs', '/api/community/server/screens.cjs']) {
      const res = await rawGet(origin, url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.body).not.toContain('SECRETO');
    }
  });

  it.each(['shell', ...remoteNames])("answers 404 for every spelling of the %s build's other files", async (app) => {
    const prefix = app === 'shell' ? '/' : `/remotes/${app}/`;
    const files = privateFiles(releases[app] ?? '', isProduction);
    expect(files.map((f) => f.file).sort()).toEqual(
      app === 'shell'
        ? [
            '.inputs-hash',
            'release.json',
            'server/app.cjs',
            'ssr-assets.json',
            ...(isProduction ? ['assets/app.0123456789.js.map'] : []),
          ].sort()
        : [
            '.inputs-hash',
            'release.json',
            'server/screens.cjs',
            ...(isProduction ? ['assets/page.abcdef0123.js.map', 'remoteEntry.js.map'] : []),
          ].sort(),
    );
    const served: string[] = [];
    let asked = 0;
    for (const { file, secret } of files) {
      for (const spelling of spellingsOf(file)) {
        const url = prefix + spelling;
        const res = await rawGet(origin, url);
        asked += 1;
        if (res.status !== 404 || res.body.includes(secret)) served.push(`${res.status} ${url}`);
      }
    }
    expect(asked).toBeGreaterThan(files.length * 30);
    expect(served).toEqual([]);
  });
});
