import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { site } from 'shared/foundation/site';
import { routes } from '../../../site/routes';
import { WEBHOOK_LIMIT_FACTOR } from 'shared/server/api-module';
import type { Gateway } from './app';
import { productionInvoicing, testGateway } from './testing';
import { readIdentityConfig, readObjectStoreConfig } from 'shared/server/server-config';
import { holdConnection } from 'shared/server/http-testing';
import type { AddressInfo } from 'node:net';

/** A mail server's address for the production starts (nothing is sent in these tests). */
const SMTP = 'smtp://correo.example:587';

const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const databases: Array<[string, { databaseUrl?: string }]> = [['PGlite', {}]];
if (databaseUrl) databases.push(['PostgreSQL', { databaseUrl }]);

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const decode = (s: string | undefined) =>
  s
    ?.replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

const realPayments = {
  accessToken: 'APP_USR-real',
  publicKey: 'APP_USR-pk',
  webhookSecret: 'secreto-real-de-mercado-pago',
  startSandbox: false,
  sandboxPort: 0,
  scriptUrl: 'https://sdk.mercadopago.com/js/v2',
};
const realIdentity = readIdentityConfig(
  { COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123', COGNITO_CLIENT_ID: '4example', COGNITO_REGION: 'us-east-1' },
  true,
);

/** An S3 bucket as production requires (nothing is stored in these tests: the client never connects). */
const realObjects = readObjectStoreConfig({ OBJECT_STORE_BUCKET: 'fundacion-archivos' }, true);

/** Maps the test build leaves beside its code (testing.ts). */
const sourceMaps = ['/assets/app.0123456789.js.map', '/remotes/giving/assets/page.abcdef0123.js.map'];

describe('gateway pages', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await testGateway();
  });
  afterAll(async () => gw.app.close());

  it('serves every route with its title, description and canonical in the HTML, in any letter case', async () => {
    for (const route of routes) {
      for (const url of [route.path, route.path.toUpperCase()]) {
        const res = await gw.app.inject(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        const expectedTitle = route.title ? `${route.title} - ${site.name}` : site.name;
        expect(decode(titleOf(res.body))).toBe(expectedTitle);
        expect(decode(metaDescription(res.body))).toBe(route.description);
        if (route.canonical) expect(canonicalOf(res.body)).toBe(`http://127.0.0.1:8080${route.canonical}`);
        else expect(canonicalOf(res.body)).toBeUndefined();
      }
    }
  });

  it("answers the route table's pages from routes of their own, not after a look-up in the static files (#33)", () => {
    for (const route of routes) expect(gw.app.hasRoute({ method: 'GET', url: route.path })).toBe(true);
  });

  it("answers a browser's own submission of a served form with a page in Spanish and the way back, an API client with JSON", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const res = await gw.app.inject({
      method: 'POST',
      url: '/PQRSF?x="><b>',
      headers: form,
      payload: 'description=hola&id_number=1020304050',
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('El formulario no se envió');
    // The way back is the route table's spelling, never the request's; nothing typed is echoed.
    expect(res.body).toContain('href="/pqrsf"');
    expect(res.body).not.toMatch(/<b>|1020304050|PQRSF/);
    const api = await gw.app.inject({ method: 'POST', url: '/pqrsf', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(api.statusCode).toBe(405);
    expect(api.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('answers unknown paths with 404 and the app\'s "Page not found!"', async () => {
    const res = await gw.app.inject('/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found!');
    expect(res.body).toContain('noindex');
    expect((await gw.app.inject('/falta.js')).statusCode).toBe(404);
  });

  it("tells the browser to fetch a remote route's entry early", async () => {
    const res = await gw.app.inject('/contribuciones');
    expect(res.body).toContain('<link rel="preload" as="script" href="/remotes/giving/remoteEntry.js" data-remote="giving" />');
    // The federation runtime is a chunk of the shell started only for a remote: hinted with the remote's files.
    expect(res.body).toContain('<link rel="preload" as="script" href="/assets/federation.0123456789.js" data-remote="giving" />');
    const home = await gw.app.inject('/');
    expect(home.body).not.toContain('data-remote=');
    expect(home.body).not.toContain('federation.0123456789.js');
    expect(home.body).toContain('"@type":"NGO"');
  });

  it('publishes where each remote lives and how long a load may take', async () => {
    const res = await gw.app.inject('/remotes.json');
    expect(res.json()).toEqual({
      remotes: {
        courses: { entry: '/remotes/courses/remoteEntry.js' },
        giving: { entry: '/remotes/giving/remoteEntry.js' },
        community: { entry: '/remotes/community/remoteEntry.js' },
        account: { entry: '/remotes/account/remoteEntry.js' },
      },
      timeoutMs: 3000,
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends a strict CSP and the other security headers', async () => {
    const res = await gw.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends a monthly gift manage link (#29) with no Referer and never indexed, and keeps it out of the sitemap', async () => {
    const res = await gw.app.inject(`/contribuciones/mensual/gestionar/${'AbC_-12'.repeat(6)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="referrer" content="no-referrer" />');
    expect((await gw.app.inject('/contribuciones')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect((await gw.app.inject('/sitemap.xml')).body).not.toContain('/contribuciones/mensual');
  });

  it('lists canonical pages in the sitemap and points robots at it', async () => {
    const sitemap = await gw.app.inject('/sitemap.xml');
    expect(sitemap.body).toContain('<loc>http://127.0.0.1:8080/ods</loc>');
    expect(sitemap.body).not.toContain('/failure');
    expect(sitemap.body).not.toContain('/about-us');
    const robots = await gw.app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://127.0.0.1:8080/sitemap.xml');
  });

  it('caches content-hashed files for a year, revalidates entries, and sends precompressed brotli', async () => {
    const hashed = await gw.app.inject({ url: '/assets/app.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-encoding']).toBe('br');
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    const entry = await gw.app.inject('/entry/main.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const remoteEntry = await gw.app.inject('/remotes/giving/remoteEntry.js');
    expect(remoteEntry.statusCode).toBe(200);
    expect(remoteEntry.headers['cache-control']).toBe('no-cache');
    const remoteChunk = await gw.app.inject('/remotes/giving/assets/page.abcdef0123.js');
    expect(remoteChunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await gw.app.inject('/remotes/giving/no-existe.js')).statusCode).toBe(404);
  });

  it('serves source maps in development, for debugging', async () => {
    for (const url of sourceMaps) expect([url, (await gw.app.inject(url)).statusCode]).toEqual([url, 200]);
  });

  it('compresses HTML pages for clients that accept it', async () => {
    const res = await gw.app.inject({ url: '/nosotros', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('reports healthy once the database is ready', async () => {
    const res = await gw.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('runtime settings for the browser', () => {
  it('tells the browser the identity pool and payment script, and the CSP allows exactly those origins', async () => {
    const gw = await testGateway({}, { IDENTITY_EMULATOR_PORT: '9555', PAYMENT_SANDBOX_PORT: '9556' });
    const res = await gw.app.inject('/runtime-config.json');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ identity: Record<string, unknown>; payments: Record<string, unknown> }>();
    expect(body.identity).toEqual({
      region: 'us-east-1',
      userPoolId: 'local_tejiendo',
      clientId: 'tejiendo-web-local',
      endpoint: 'http://127.0.0.1:9555',
      authFlow: 'USER_PASSWORD_AUTH',
    });
    expect(body.payments).toEqual({ publicKey: 'TEST-sandbox-public-key', scriptUrl: 'http://127.0.0.1:9556/js/v2' });
    // Nothing secret travels to the browser.
    expect(res.body).not.toMatch(/secret|TEST-sandbox-token/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:9555[;\s]/);
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:9556[;\s]/);
    await gw.app.close();
  });

  it('points at AWS and the real MercadoPago.js when a pool is configured', async () => {
    const gw = await testGateway(
      {},
      {
        COGNITO_USER_POOL_ID: 'us-east-2_Abc',
        COGNITO_CLIENT_ID: 'abc',
        COGNITO_REGION: 'us-east-2',
        MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x',
      },
    );
    const body = (await gw.app.inject('/runtime-config.json')).json<{ identity: { endpoint: unknown }; payments: { scriptUrl: string } }>();
    expect(body.identity.endpoint).toBeNull();
    expect(body.payments.scriptUrl).toBe('https://sdk.mercadopago.com/js/v2');
    const csp = String((await gw.app.inject('/')).headers['content-security-policy']);
    expect(csp).toContain('https://cognito-idp.us-east-2.amazonaws.com');
    expect(csp).toContain('https://sdk.mercadopago.com');
    await gw.app.close();
  });
});

describe('gateway behind https', () => {
  it('adds HSTS only when the request arrived over https through a trusted proxy', async () => {
    const gw = await testGateway({}, { TRUST_PROXY: 'true' });
    const res = await gw.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    await gw.app.close();
  });
});

describe('per-visitor limits behind a proxy (TRUST_PROXY)', () => {
  const subscribe = (gw: Gateway, i: number, remoteAddress: string, forwardedFor?: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/community/newsletter/subscribe',
      payload: { email: `proxy${i}@example.com`, data_authorization: true },
      remoteAddress,
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    });

  // `true` is read as one hop (a hop count: server-config.test.ts); the address form also ignores direct clients.
  it.each([
    ['true (one hop)', 'true', '10.0.0.1'],
    ['the proxy address', '10.0.0.0/8', '10.0.0.1'],
  ])('with %s, a new left-most X-Forwarded-For per request does not make a new visitor', async (_label, trustProxy, proxy) => {
    const gw = await testGateway({ writeLimit: { max: 2, timeWindow: 60_000 } }, { TRUST_PROXY: trustProxy });
    // The client writes a fresh X-Forwarded-For each time; the proxy appends the address it really saw.
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await subscribe(gw, i, proxy, `198.18.0.${i + 1}, 203.0.113.9`)).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    // Another visitor behind the same proxy has a budget of its own.
    expect((await subscribe(gw, 9, proxy, `198.18.0.1, 203.0.113.10`)).statusCode).toBe(201);
    if (trustProxy !== 'true') {
      // A client reaching the gateway directly is not a listed proxy: what it writes in X-Forwarded-For is ignored.
      const direct = [];
      for (let i = 10; i < 13; i++) direct.push((await subscribe(gw, i, '198.51.100.7', `198.18.0.${i}`)).statusCode);
      expect(direct).toEqual([201, 201, 429]);
    }
    await gw.app.close();
  });

  it('refuses a TRUST_PROXY it cannot read, instead of trusting everything', async () => {
    await expect(testGateway({}, { TRUST_PROXY: 'si' })).rejects.toThrow(/TRUST_PROXY no es válido/);
  });
});

describe('slow clients (real socket)', () => {
  it('cuts a gateway connection whose headers never finish, and one whose body never finishes', async () => {
    const gw = await testGateway(
      {},
      { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_IDLE_TIMEOUT_MS: '2000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '300' },
    );
    await gw.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = gw.app.server.address() as AddressInfo;
    const headers = await holdConnection(port, (socket, trickle) => {
      socket.write('POST /api/community/newsletter/subscribe HTTP/1.1\r\nHost: sitio\r\n');
      trickle('X-Relleno: a\r\n');
    });
    expect(headers.closedAfterMs).toBeLessThan(2000);
    expect(headers.received).toMatch(/^HTTP\/1\.1 408/);
    const body = await holdConnection(port, (socket, trickle) => {
      socket.write(
        'POST /api/community/newsletter/subscribe HTTP/1.1\r\nHost: sitio\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"email":"',
      );
      trickle('a');
    });
    expect(body.closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(body.closedAfterMs).toBeLessThan(2500);
    await gw.app.close();
  });
});

describe('source maps', () => {
  it('are not served in production, however the path is spelled; the licence notices are, as plain text', async () => {
    const gw = await testGateway({
      production: true,
      payments: realPayments,
      identity: realIdentity,
      objects: realObjects,
      smtpUrl: SMTP,
      environment: productionInvoicing,
    });
    for (const url of [
      ...sourceMaps,
      '/assets/app.0123456789.js.%6Dap',
      '/assets/app.0123456789.js.MAP',
      '/assets/app.0123456789.js.map?x=1',
    ]) {
      const res = await gw.app.inject(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('secreto.ts');
    }
    // The code itself still is.
    expect((await gw.app.inject('/assets/app.0123456789.js')).statusCode).toBe(200);
    expect((await gw.app.inject('/remotes/giving/assets/page.abcdef0123.js')).statusCode).toBe(200);
    // The licence notices beside the scripts are served, as plain text that no browser runs or renders as a page.
    for (const url of ['/assets/app.0123456789.js.LICENSE.txt', '/remotes/giving/assets/page.abcdef0123.js.LICENSE.txt']) {
      const res = await gw.app.inject(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, '/** @license React */']);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    await gw.app.close();
  });
});

describe('production mode', () => {
  it('refuses to start with the sandbox payment credentials', async () => {
    await expect(testGateway({ production: true })).rejects.toThrow(/MERCADOPAGO_ACCESS_TOKEN/);
  });

  it('refuses the sandbox webhook secret, a 1-character one and a TEST- token, naming each variable', async () => {
    const env = { NODE_ENV: 'production', COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123', COGNITO_CLIENT_ID: '4example' };
    await expect(
      testGateway({}, { ...env, MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x', MERCADOPAGO_WEBHOOK_SECRET: 'sandbox-webhook-secret' }),
    ).rejects.toThrow(/MERCADOPAGO_WEBHOOK_SECRET es el del entorno de pruebas/);
    await expect(testGateway({}, { ...env, MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x', MERCADOPAGO_WEBHOOK_SECRET: 'x' })).rejects.toThrow(
      /MERCADOPAGO_WEBHOOK_SECRET es demasiado corto/,
    );
    await expect(
      testGateway({}, { ...env, MERCADOPAGO_ACCESS_TOKEN: 'TEST-123', MERCADOPAGO_WEBHOOK_SECRET: 'x'.repeat(32) }),
    ).rejects.toThrow(/MERCADOPAGO_ACCESS_TOKEN es una credencial de prueba/);
  });

  it('refuses COGNITO_ENDPOINT unless it is AWS Cognito over https', async () => {
    const env = {
      NODE_ENV: 'production',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pk',
      MERCADOPAGO_WEBHOOK_SECRET: 'x'.repeat(32),
      COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
      COGNITO_CLIENT_ID: '4example',
      SMTP_URL: SMTP,
      OBJECT_STORE_BUCKET: 'fundacion-archivos',
      ...productionInvoicing,
    };
    for (const endpoint of ['http://cognito-idp.us-east-1.amazonaws.com', 'https://cognito.evil.example'])
      await expect(testGateway({}, { ...env, COGNITO_ENDPOINT: endpoint })).rejects.toThrow(/COGNITO_ENDPOINT/);
    const gw = await testGateway({}, { ...env, COGNITO_ENDPOINT: 'https://cognito-idp.us-east-1.amazonaws.com' });
    await gw.app.close();
  });

  it('refuses to start on the identity emulator, whose signing key is public', async () => {
    await expect(testGateway({ production: true, payments: realPayments })).rejects.toThrow(/Cognito/);
    const emulatorIssuer = readIdentityConfig({ COGNITO_USER_POOL_ID: 'us-east-1_x', COGNITO_ENDPOINT: 'http://127.0.0.1:9239' }, true);
    await expect(testGateway({ production: true, payments: realPayments, identity: emulatorIssuer })).rejects.toThrow(/Cognito/);
  });

  it('has no local mailbox', async () => {
    const gw = await testGateway({
      production: true,
      payments: realPayments,
      identity: realIdentity,
      objects: realObjects,
      smtpUrl: SMTP,
      environment: productionInvoicing,
    });
    expect((await gw.app.inject('/dev/mailbox.json')).statusCode).toBe(404);
    expect((await gw.app.inject('/dev/mailbox')).statusCode).toBe(404);
    await gw.app.close();
  });
});

describe.each(databases)('newsletter API on %s', (_name, db) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await testGateway(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {});
    await gw.database.db.deleteFrom('community.newsletter_subscriptions').execute();
    await gw.database.db.deleteFrom('mail.outbox').execute();
  });
  afterAll(async () => gw.app.close());

  // Every subscription carries the ticked authorization (#15); its absence is tested in remote-community.
  const subscribe = (payload: Record<string, unknown>) =>
    gw.app.inject({ method: 'POST', url: '/api/community/newsletter/subscribe', payload: { data_authorization: true, ...payload } });

  it('stores a subscription once, trimmed and lowercased; a repeat is a success, not a duplicate', async () => {
    const first = await subscribe({ email: '  Luisa.Gomez@Example.com ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: expect.stringMatching(/Gracias/) });
    const again = await subscribe({ email: 'luisa.gomez@example.com' });
    // Double opt-in (#15): the same answer for a new or a known address, so the form tells nobody who is subscribed.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await gw.database.db.selectFrom('community.newsletter_subscriptions').select('email').execute();
    expect(rows).toEqual([{ email: 'luisa.gomez@example.com' }]);
  });

  it('queues one welcome e-mail, readable in the local mailbox', async () => {
    const box = (await gw.app.inject('/dev/mailbox.json')).json() as Array<{ to: string; subject: string }>;
    expect(box.filter((m) => m.to === 'luisa.gomez@example.com')).toHaveLength(1);
    expect(box[0]?.subject).toContain(site.name);
    const page = await gw.app.inject('/dev/mailbox');
    expect(page.body).toContain('luisa.gomez@example.com');
  });

  it('answers validation failures with the form messages, in Spanish', async () => {
    const empty = await subscribe({ email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation_error', fields: { email: 'Por favor ingresa tu correo electrónico' } });
    const invalid = await subscribe({ email: 'no-es-correo' });
    expect(invalid.json().fields.email).toBe('Por favor ingresa un correo electrónico válido');
  });
});

describe('API robustness', () => {
  let gw: Gateway;
  const writeRoutes: string[] = [];
  beforeAll(async () => {
    gw = await testGateway();
    const doc = (await gw.app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [p, methods] of Object.entries(doc.paths)) if ('post' in methods || 'put' in methods) writeRoutes.push(p);
  });
  afterAll(async () => gw.app.close());

  it('publishes one merged OpenAPI document', async () => {
    const doc = (await gw.app.inject('/api/openapi.json')).json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/community/newsletter/subscribe');
  });

  const junk: Array<[string, { payload: string; headers?: Record<string, string> }]> = [
    ['invalid JSON', { payload: '{"email":' }],
    ['empty body', { payload: '' }],
    ['a JSON array', { payload: '[1,2,3]' }],
    ['a JSON string', { payload: '"hola"' }],
    ['wrong types', { payload: JSON.stringify({ email: { $gt: '' }, name: 7, amount: 'mucho' }) }],
    ['5 KB strings', { payload: JSON.stringify({ email: 'x'.repeat(5000), name: 'y'.repeat(5000) }) }],
    ['a __proto__ key', { payload: '{"__proto__":{"admin":true},"email":"a@b.co"}' }],
    ['a constructor.prototype key', { payload: '{"constructor":{"prototype":{"admin":true}}}' }],
    ['a body over the size limit', { payload: JSON.stringify({ email: 'z'.repeat(200_000) }) }],
    ['text/plain', { payload: 'email=a@b.co', headers: { 'content-type': 'text/plain' } }],
  ];

  it.each(junk)('answers %s with a 4xx JSON error in Spanish, never a 5xx', async (_label, { payload, headers }) => {
    expect(writeRoutes.length).toBeGreaterThan(0);
    for (const url of writeRoutes) {
      const res = await gw.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json() as { error: string; message: string };
      expect(body.error).toEqual(expect.any(String));
      expect(body.message).toMatch(/[a-záéíóúñ]/i);
      expect(body.message).not.toMatch(/Unexpected|Body|must be|Internal Server Error/);
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await gw.app.inject('/api/community/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'El recurso solicitado no existe.' });
  });
});

describe('rate limits on public writes', () => {
  it('covers every write route of every API, before validation', async () => {
    const gw = await testGateway({ writeLimit: { max: 2, timeWindow: 60_000 } });
    const doc = (await gw.app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods)
        // Staff routes (`security`) are not public writes: the staff guard refuses an anonymous request before anything.
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m) && !(methods[m] as { security?: unknown[] }).security?.length)
        .map((m) => [m.toUpperCase() as 'POST', url] as const),
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const [method, url] of writes) {
      // Provider webhooks and RFC 8058 one-click unsubscribes (sent by mail providers' servers in bursts, #15) get a higher
      // limit than visitors' forms, but a limit all the same.
      const allowed = url.endsWith('/notifications') || url.endsWith('/newsletter/unsubscribe') ? 2 * WEBHOOK_LIMIT_FACTOR : 2;
      let last = 0;
      for (let i = 0; i <= allowed; i++) last = (await gw.app.inject({ method, url, payload: { basura: i } })).statusCode;
      expect([url, last]).toEqual([url, 429]);
    }
    await gw.app.close();
  });

  it('refuses the write past the limit with 429 and a Spanish message', async () => {
    const gw = await testGateway({ writeLimit: { max: 3, timeWindow: 60_000 } });
    const codes: number[] = [];
    let last: { message?: string } = {};
    for (let i = 0; i < 4; i++) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/community/newsletter/subscribe',
        payload: { email: `r${i}@example.com`, data_authorization: true },
      });
      codes.push(res.statusCode);
      last = res.json();
    }
    expect(codes).toEqual([201, 201, 201, 429]);
    expect(last.message).toMatch(/demasiadas solicitudes/);
    await gw.app.close();
  });
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)('rate limits shared through Redis', () => {
  it('counts writes across two gateway instances (as behind a load balancer)', async () => {
    const limit = { writeLimit: { max: 2, timeWindow: 60_000 }, redisUrl: redisUrl! };
    const a = await testGateway(limit);
    const b = await testGateway(limit);
    const post = (gw: Gateway, i: number) =>
      gw.app.inject({
        method: 'POST',
        url: '/api/community/newsletter/subscribe',
        payload: { email: `redis${i}@example.com`, data_authorization: true },
        remoteAddress: `10.9.${process.pid % 250}.7`,
      });
    const codes = [(await post(a, 1)).statusCode, (await post(b, 2)).statusCode, (await post(a, 3)).statusCode];
    expect(codes).toEqual([201, 201, 429]);
    await a.app.close();
    await b.app.close();
  });
});
