import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// eslint-disable-next-line no-restricted-imports -- the service is exercised with a real remote's API; shared's own code still imports no app
import communityApi from 'remote-community/api';
import { FakePaymentProvider } from './payments/fake-provider';
import { buildRemoteService, type RemoteService } from './remote-service';

const remoteDir = path.resolve(import.meta.dirname, '../../../remote-community');

describe('a remote running as its own service', () => {
  let service: RemoteService;
  beforeAll(async () => {
    service = await buildRemoteService(communityApi, {
      remoteDir,
      env: { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: 'https://sitio.example' },
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
      payload: { email: 'remoto@example.com' },
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

  const built = existsSync(path.join(remoteDir, 'dist', 'remoteEntry.js'));
  (built ? it : it.skip)('serves its build under /remotes/<name>/ with the entry revalidated', async () => {
    const res = await service.app.inject('/remotes/community/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await service.app.inject('/remotes/community/no-existe.js')).statusCode).toBe(404);
  });
});
