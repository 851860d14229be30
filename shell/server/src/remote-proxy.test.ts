import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Gateway } from './app';
import { loadConfig } from './config';
import { CircuitBreaker, defaultProxyPolicy, registerRemoteProxy, type ProxyPolicy } from './remote-proxy';
import { testGateway } from './testing';
import { SERVER_BUILD_PATH } from 'shared/server/static-cache';

/** A service that accepts connections and never answers (a hung process), counting the connections it got. */
async function hungServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((s) => {
    connections += 1;
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A port nothing listens on (a killed remote). */
async function deadUrl() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** A remote's service that answers its API, a static file and its OpenAPI document. */
async function liveRemote() {
  const app = Fastify();
  app.get('/api/community/ping', async () => ({ ok: true }));
  app.get('/remotes/community/remoteEntry.js', async (_req, reply) => reply.type('text/javascript').send('var community;'));
  // The remote's service hands its server build to whoever reaches it (the gateway, on the internal network), and an
  // old or careless one may still have it under its public prefix.
  app.get(SERVER_BUILD_PATH, async (_req, reply) => reply.type('text/javascript').send('exports.screens = {};'));
  app.get('/remotes/community/*', async (req, reply) =>
    /server/i.test(decodeURIComponent(req.url)) ? reply.type('text/javascript').send('exports.screens = {};') : reply.callNotFound(),
  );
  app.get('/api/community/openapi.json', async () => ({
    openapi: '3.0.3',
    paths: { '/api/community/newsletter/subscribe': { post: {} } },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const fast: ProxyPolicy = { connectTimeoutMs: 300, apiTimeoutMs: 400, staticTimeoutMs: 300, failureThreshold: 3, openMs: 1500 };
const fastEnv = {
  PROXY_CONNECT_TIMEOUT_MS: '300',
  PROXY_API_TIMEOUT_MS: '400',
  PROXY_STATIC_TIMEOUT_MS: '300',
  PROXY_FAILURES_TO_OPEN: '3',
  PROXY_OPEN_MS: '1500',
};

describe('the gateway in front of a remote that is hung', () => {
  let hung: Awaited<ReturnType<typeof hungServer>>;
  let gw: Gateway;
  beforeAll(async () => {
    hung = await hungServer();
    gw = await testGateway({}, { ...fastEnv, REMOTE_COMMUNITY_URL: hung.url });
  });
  afterAll(async () => {
    await gw?.app.close();
    await hung?.close();
  });

  it('answers its API with a Spanish 503 and Retry-After within the response timeout, not after minutes', async () => {
    const started = Date.now();
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/community/newsletter/subscribe',
      payload: { email: 'colgado@example.com' },
    });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'remote_unavailable',
      message: 'Este servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(took).toBeGreaterThanOrEqual(350);
    // The 400 ms timeout ended the wait, not the client's own (minutes): a loaded CI machine adds seconds, not minutes.
    expect(took).toBeLessThan(5000);
  });

  it("answers its entry with 503 too, so the browser's fallback does not wait", async () => {
    const res = await gw.app.inject('/remotes/community/remoteEntry.js');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stops trying after repeated failures: the circuit answers at once without reaching the remote', async () => {
    for (let i = 0; i < 3; i++) await gw.app.inject('/api/community/ping');
    const before = hung.connections();
    const started = Date.now();
    const res = await gw.app.inject('/api/community/ping');
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(100);
    expect(hung.connections()).toBe(before);
  });
});

describe('the gateway in front of a remote that was killed', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await testGateway({}, { ...fastEnv, REMOTE_ACCOUNT_URL: await deadUrl() });
  });
  afterAll(async () => gw?.app.close());

  it('answers 503 with Retry-After (not 500) for its API and its files', async () => {
    const api = await gw.app.inject('/api/account/enrollments');
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ error: 'remote_unavailable' });
    expect(api.headers['retry-after']).toBeDefined();
    const entry = await gw.app.inject('/remotes/account/remoteEntry.js');
    expect(entry.statusCode).toBe(503);
    expect(entry.body).toMatch(/no está disponible/);
  });
});

describe('a proxied remote that comes back', () => {
  const logs: string[] = [];
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    url = await deadUrl();
    app = Fastify({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _enc, done) {
            logs.push(String(chunk));
            done();
          },
        }),
      },
    });
    const breaker = new CircuitBreaker(2, 300);
    await registerRemoteProxy(app, {
      name: 'community',
      kind: 'api',
      upstream: url,
      policy: { ...fast, failureThreshold: 2, openMs: 300 },
      breaker,
    });
  });
  afterAll(async () => app?.close());

  it('logs an outage as one warning without a stack trace', async () => {
    expect((await app.inject('/api/community/ping')).statusCode).toBe(503);
    const warnings = logs.filter((l) => l.includes('"level":40'));
    expect(warnings.some((l) => l.includes('"reason":"refused"'))).toBe(true);
    expect(logs.join('')).not.toMatch(/"stack"|\n\s+at /);
    expect(logs.some((l) => l.includes('"level":50'))).toBe(false);
  });

  it('is tried again once the circuit has been open for a while, and answers normally', async () => {
    expect((await app.inject('/api/community/ping')).statusCode).toBe(503); // second failure: open
    // The remote comes back on the same address while the circuit is open.
    const { port } = new URL(url);
    const back = Fastify();
    back.get('/api/community/ping', async () => ({ ok: true }));
    await back.listen({ port: Number(port), host: '127.0.0.1' });
    try {
      expect((await app.inject('/api/community/ping')).statusCode).toBe(503); // still open: not tried
      await new Promise((r) => setTimeout(r, 350));
      const res = await app.inject('/api/community/ping');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    } finally {
      await back.close();
    }
  });
});

describe('the circuit breaker', () => {
  let now = 0;
  const clock = () => now;
  afterEach(() => {
    now = 0;
  });

  it('opens after the threshold, lets one trial through after openMs, and closes on its success', () => {
    const b = new CircuitBreaker(3, 5000, clock);
    for (let i = 0; i < 3; i++) {
      expect(b.allow()).toBe(true);
      b.failure();
    }
    expect(b.allow()).toBe(false);
    expect(b.retryAfterSeconds()).toBe(5);
    now = 5001;
    expect(b.allow()).toBe(true); // the one trial
    expect(b.allow()).toBe(false); // others wait for it
    b.success();
    expect(b.allow()).toBe(true);
    expect(b.open).toBe(false);
  });

  it('opens again at once when the trial fails', () => {
    const b = new CircuitBreaker(2, 1000, clock);
    b.failure();
    b.failure();
    now = 1001;
    expect(b.allow()).toBe(true);
    b.failure();
    expect(b.allow()).toBe(false);
    expect(b.retryAfterSeconds()).toBe(1);
  });

  it('defaults to failing within a few seconds', () => {
    expect(defaultProxyPolicy.connectTimeoutMs).toBeLessThanOrEqual(3000);
    expect(defaultProxyPolicy.staticTimeoutMs).toBeLessThan(5000);
    // The browser's loader gives up on a remote entry after this, and shows the fallback (#16: within 5 s).
    expect(loadConfig({}).remoteTimeoutMs).toBeLessThanOrEqual(3000);
  });
});

describe('the merged OpenAPI document', () => {
  let remote: Awaited<ReturnType<typeof liveRemote>>;
  let gw: Gateway;
  beforeAll(async () => {
    remote = await liveRemote();
    gw = await testGateway({}, { ...fastEnv, REMOTE_COMMUNITY_URL: remote.url });
  });
  afterAll(async () => {
    await gw?.app.close();
    await remote?.app.close().catch(() => undefined);
  });

  it("lists a proxied remote's operations, never the proxy's catch-all routes", async () => {
    const paths = Object.keys((await gw.app.inject('/api/openapi.json')).json().paths as Record<string, unknown>);
    expect(paths).toContain('/api/community/newsletter/subscribe');
    expect(paths.filter((p) => p.startsWith('/remotes/') || p.endsWith('/*') || p === '/api/community/' || p === '/api/community')).toEqual(
      [],
    );
  });

  it("keeps a remote's server build from visitors: the gateway answers 404 instead of passing the request on", async () => {
    expect((await fetch(`${remote.url}/remotes/community/server/screens.cjs`)).status).toBe(200);
    expect((await gw.app.inject('/remotes/community/server/screens.cjs')).statusCode).toBe(404);
    expect((await gw.app.inject('/remotes/community/%73erver/screens.cjs')).statusCode).toBe(404);
    // The path where the service hands it to the gateway is not one the gateway passes on.
    expect((await fetch(`${remote.url}${SERVER_BUILD_PATH}`)).status).toBe(200);
    expect((await gw.app.inject(SERVER_BUILD_PATH)).statusCode).toBe(404);
    expect((await gw.app.inject('/remotes/community/remoteEntry.js')).statusCode).toBe(200);
  });

  it('keeps the last document a remote published while it is down', async () => {
    await remote.app.close();
    const paths = Object.keys((await gw.app.inject('/api/openapi.json')).json().paths as Record<string, unknown>);
    expect(paths).toContain('/api/community/newsletter/subscribe');
  });
});
