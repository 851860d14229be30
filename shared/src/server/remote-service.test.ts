import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// eslint-disable-next-line no-restricted-imports -- the service is exercised with a real remote's API; shared's own code still imports no app
import communityApi from 'remote-community/server';
import { FakePaymentProvider } from './payments/fake-provider';
import { holdConnection } from './http-testing';
import { buildRemoteService, type RemoteService } from './remote-service';
import { SERVER_BUILD_PATH } from './static-cache';

const remoteDir = path.resolve(import.meta.dirname, '../../../remote-community');

describe('a remote running as its own service', () => {
  let service: RemoteService;
  beforeAll(async () => {
    service = await buildRemoteService(communityApi, {
      remoteDir,
      env: {
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        PUBLIC_ORIGIN: 'https://sitio.example',
        HTTP_HEADERS_TIMEOUT_MS: '300',
        HTTP_REQUEST_TIMEOUT_MS: '600',
      },
      // Keeps the test off the network: the Mercado Pago client is never built.
      payments: new FakePaymentProvider(),
    });
  });
  afterAll(async () => service.app.close());

  it('is healthy once built, without listening', async () => {
    expect(service.app.server.listening).toBe(false);
    const res = await service.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('answers its API under /api/<name>/, as the gateway mounts it', async () => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/community/newsletter/subscribe',
      payload: { email: 'remoto@example.com', data_authorization: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, alreadySubscribed: false });
    const rows = await service.database.db.selectFrom('community.newsletter_subscriptions').select('email').execute();
    expect(rows).toEqual([{ email: 'remoto@example.com' }]);
    const missing = await service.app.inject('/api/community/no-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'El recurso solicitado no existe.' });
  });

  it('publishes the OpenAPI document the gateway merges', async () => {
    const res = await service.app.inject('/api/community/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/community/newsletter/subscribe');
  });

  const built = existsSync(path.join(remoteDir, 'dist', 'public', 'remoteEntry.js'));
  (built ? it : it.skip)('serves its build under /remotes/<name>/ with the entry revalidated', async () => {
    const res = await service.app.inject('/remotes/community/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await service.app.inject('/remotes/community/no-existe.js')).statusCode).toBe(404);
  });

  it('cuts a connection whose headers or body never finish (HTTP_*_TIMEOUT_MS)', async () => {
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = service.app.server.address() as AddressInfo;
    const headers = await holdConnection(port, (socket, trickle) => {
      socket.write('POST /api/community/newsletter/subscribe HTTP/1.1\r\nHost: remoto\r\n');
      trickle('X-Relleno: a\r\n');
    });
    expect(headers.closedAfterMs).toBeLessThan(2000);
    expect(headers.received).toMatch(/^HTTP\/1\.1 408/);
    const body = await holdConnection(port, (socket, trickle) => {
      socket.write(
        'POST /api/community/newsletter/subscribe HTTP/1.1\r\nHost: remoto\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"email":"',
      );
      trickle('a');
    });
    expect(body.closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(body.closedAfterMs).toBeLessThan(2500);
  });
});

describe('a remote service with a releases volume (compose)', () => {
  it("serves the current release's public files under /remotes/<name>/, and its server build only where the gateway asks", async () => {
    const volume = mkdtempSync(path.join(os.tmpdir(), 'volumen-'));
    const release = path.join(volume, 'releases', 'r1');
    mkdirSync(path.join(release, 'public', 'assets'), { recursive: true });
    mkdirSync(path.join(release, 'server'));
    writeFileSync(path.join(release, 'public', 'remoteEntry.js'), '/* del volumen */');
    writeFileSync(path.join(release, 'server', 'screens.cjs'), '/* compilación de servidor */');
    writeFileSync(path.join(release, 'release.json'), '{"own":[]}');
    symlinkSync(path.join('releases', 'r1'), path.join(volume, 'current'));
    const service = await buildRemoteService(communityApi, {
      remoteDir: mkdtempSync(path.join(os.tmpdir(), 'imagen-')),
      env: { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', RELEASES_DIR: volume },
      payments: new FakePaymentProvider(),
    });
    try {
      const res = await service.app.inject('/remotes/community/remoteEntry.js');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('/* del volumen */');
      const build = await service.app.inject(SERVER_BUILD_PATH);
      expect(build.statusCode).toBe(200);
      expect(build.body).toBe('/* compilación de servidor */');
      expect(build.headers['cache-control']).toBe('no-cache');
      const again = await service.app.inject({ url: SERVER_BUILD_PATH, headers: { 'if-none-match': String(build.headers.etag) } });
      expect(again.statusCode).toBe(304);
      for (const url of ['/remotes/community/server/screens.cjs', '/remotes/community/release.json', '/internal/server-build/release.json'])
        expect([url, (await service.app.inject(url)).statusCode]).toEqual([url, 404]);
    } finally {
      await service.app.close();
    }
  });
});

describe('a remote service in production', () => {
  it('does not serve its source maps, however the path is spelled', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'remote-service-'));
    mkdirSync(path.join(dir, 'dist', 'public', 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'dist', 'public', 'assets', 'page.abcdef0123.js'), 'void 0;');
    writeFileSync(path.join(dir, 'dist', 'public', 'assets', 'page.abcdef0123.js.map'), '{"version":3,"sources":["secreto.ts"]}');
    const service = await buildRemoteService(communityApi, {
      remoteDir: dir,
      env: {
        NODE_ENV: 'production',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-real',
        MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pk',
        MERCADOPAGO_WEBHOOK_SECRET: 'secreto-real-de-mercado-pago',
        COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
        COGNITO_CLIENT_ID: '4example',
        SMTP_URL: 'smtp://correo.example:587',
        OBJECT_STORE_BUCKET: 'fundacion-archivos',
      },
      payments: new FakePaymentProvider(),
    });
    try {
      expect((await service.app.inject('/remotes/community/assets/page.abcdef0123.js')).statusCode).toBe(200);
      for (const url of ['/remotes/community/assets/page.abcdef0123.js.map', '/remotes/community/assets/page.abcdef0123.js.%6dap'])
        expect([url, (await service.app.inject(url)).statusCode]).toEqual([url, 404]);
    } finally {
      await service.app.close();
    }
  });

  it('refuses to start with the sandbox webhook secret, naming the variable', async () => {
    await expect(
      buildRemoteService(communityApi, {
        remoteDir,
        env: {
          NODE_ENV: 'production',
          DATA_DIR: 'memory://',
          MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-real',
          MERCADOPAGO_WEBHOOK_SECRET: 'sandbox-webhook-secret',
          COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
          COGNITO_CLIENT_ID: '4example',
        },
      }),
    ).rejects.toThrow(/MERCADOPAGO_WEBHOOK_SECRET/);
  });
});
