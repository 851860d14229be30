import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { Gateway } from './app';
import { testGateway } from './testing';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'equipo@fundacion.org', admin: true });

let gw: Gateway;
beforeAll(async () => {
  gw = await testGateway({}, {}, { identity: identity.verifier, staff });
});
afterAll(async () => gw.app.close());

interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

/** Every staff operation the merged OpenAPI document lists, with its path parameters filled with something plausible. */
async function staffOperations(): Promise<{ method: string; url: string }[]> {
  const doc = (await gw.app.inject('/api/openapi.json')).json<OpenApiDoc>();
  return Object.entries(doc.paths)
    .filter(([path]) => /^\/api\/[a-z]+\/staff\//.test(path))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
    );
}

describe('the panel at /equipo', () => {
  it('is served as the app, never indexed and absent from the sitemap', async () => {
    for (const path of ['/equipo', '/equipo/pqrsf', '/equipo/pqrsf/2026112300000001', '/equipo/algo-que-no-existe']) {
      const res = await gw.app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(res.body).not.toContain('rel="canonical"');
    }
    expect((await gw.app.inject('/sitemap.xml')).body).not.toContain('/equipo');
    // Public pages stay indexable.
    expect((await gw.app.inject('/nosotros')).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('every /staff/ operation in the OpenAPI document', () => {
  it('exists and documents the bearer token', async () => {
    const ops = await staffOperations();
    expect(ops.length).toBeGreaterThan(0);
    const doc = (await gw.app.inject('/api/openapi.json')).json<OpenApiDoc>();
    for (const [path, methods] of Object.entries(doc.paths).filter(([p]) => p.includes('/staff/')))
      for (const op of Object.values(methods))
        expect({ path, security: (op as { security?: unknown }).security }).toEqual({ path, security: [{ bearer: [] }] });
  });

  it('answers 401 without a token and 403 to a visitor, whatever the body', async () => {
    const visitor = identity.token({ email: 'visitante@correo.co' });
    for (const { method, url } of await staffOperations()) {
      const anonymous = await gw.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect({ method, url, status: anonymous.statusCode }).toEqual({ method, url, status: 401 });
      const res = await gw.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${visitor}` },
        payload: method === 'GET' ? undefined : {},
      });
      expect({ method, url, status: res.statusCode, error: res.json<{ error: string }>().error }).toEqual({
        method,
        url,
        status: 403,
        error: 'forbidden',
      });
    }
  });

  it('lets a member of the team past the guard', async () => {
    const token = staffToken(identity, { email: 'equipo@fundacion.org', admin: true });
    const gets = (await staffOperations()).filter((o) => o.method === 'GET' && !o.url.includes('/1'));
    for (const { url } of gets) {
      const res = await gw.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect({ url, passed: ![401, 403].includes(res.statusCode) }).toEqual({ url, passed: true });
    }
  });
});
