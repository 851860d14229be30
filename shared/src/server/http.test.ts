import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { z } from '../schemas/zod';
import { holdConnection } from './http-testing';
import { controlCharacterFields, createHttpServer, loggablePath, OneLinePerRequest, zodSchema, type TrustProxy } from './http';

describe('the client address behind proxies', () => {
  const serverTrusting = async (trustProxy: TrustProxy) => {
    const app = createHttpServer({ logLevel: 'silent', trustProxy });
    app.get('/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    await app.ready();
    return app;
  };
  const ipOf = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    (
      await app.inject({
        url: '/ip',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } : {},
      })
    ).json<{ ip: string; protocol: string }>();

  it('with one hop takes the address the proxy appended, never the left-most one the client wrote', async () => {
    const app = await serverTrusting(1);
    expect(await ipOf(app, '10.0.0.1', '6.6.6.6, 203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect((await ipOf(app, '10.0.0.1', '203.0.113.9')).ip).toBe('203.0.113.9');
    await app.close();
  });

  it('with two hops (CDN + load balancer) takes the address the outer proxy saw', async () => {
    const app = await serverTrusting(2);
    expect((await ipOf(app, '10.0.0.1', '6.6.6.6, 203.0.113.9, 198.51.100.20')).ip).toBe('203.0.113.9');
    await app.close();
  });

  it('with proxy addresses believes only what those proxies appended; anyone else is taken at its socket', async () => {
    const app = await serverTrusting(['10.0.0.0/8', '127.0.0.1']);
    expect((await ipOf(app, '10.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.2')).ip).toBe('203.0.113.9');
    expect(await ipOf(app, '198.51.100.7', '6.6.6.6')).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    await app.close();
  });

  it('without trust ignores X-Forwarded-* entirely', async () => {
    const app = await serverTrusting(false);
    expect(await ipOf(app, '10.0.0.1', '6.6.6.6')).toEqual({ ip: '10.0.0.1', protocol: 'http' });
    await app.close();
  });
});

describe('control characters in any field', () => {
  let app: FastifyInstance;
  const reached: unknown[] = [];
  beforeAll(async () => {
    app = createHttpServer({ logLevel: 'silent' });
    const body = z.object({
      nombre: z.string(),
      mensaje: z.optional(z.string()),
      contacto: z.optional(z.object({ ciudad: z.string() })),
      etiquetas: z.optional(z.array(z.string())),
    });
    app.post('/api/prueba/formulario', { schema: { body: zodSchema(body) } }, async (request) => {
      reached.push(request.body);
      return { ok: true };
    });
    // No schema at all: the check must not depend on a route declaring one.
    app.post('/api/prueba/libre/:codigo', async (request) => {
      reached.push(request.body);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

  it("answers the router's own refusals in Spanish, without echoing the path", async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/prueba/libre/%ff', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'bad_url', message: 'La dirección de la solicitud no es válida.' });
    const long = await app.inject({ method: 'POST', url: `/api/prueba/libre/${'a'.repeat(5000)}`, payload: {} });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'uri_too_long', message: 'La dirección de la solicitud es demasiado larga.' });
    expect(reached).toHaveLength(0);
  });

  it('refuses U+0000 with a Spanish 400 naming the field, before the handler runs', async () => {
    reached.length = 0;
    const res = await post('/api/prueba/formulario', { nombre: 'Ana\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_error',
      message: 'Revisa los datos enviados: hay campos con errores.',
      fields: { nombre: 'Este campo contiene caracteres no permitidos.' },
    });
    expect(reached).toHaveLength(0);
  });

  it.each([
    ['nested object', { nombre: 'Ana', contacto: { ciudad: 'Cali\u0007' } }, 'contacto.ciudad'],
    ['array item', { nombre: 'Ana', etiquetas: ['a', 'b\u001b[31m'] }, 'etiquetas.1'],
    ['DEL', { nombre: 'Ana\u007f' }, 'nombre'],
    ['C1 control', { nombre: 'Ana\u0085' }, 'nombre'],
    ['lone carriage return', { nombre: 'Ana', mensaje: 'uno\rdos' }, 'mensaje'],
    ['a key', { nombre: 'Ana', 'x\u0000y': 'z' }, 'xy'],
  ])('refuses a control character in a %s', async (_label, payload, field) => {
    const res = await post('/api/prueba/formulario', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({ [field]: 'Este campo contiene caracteres no permitidos.' });
  });

  it('keeps tabs and line breaks, LF or CRLF, which textareas send', async () => {
    const res = await post('/api/prueba/formulario', { nombre: 'Ana\tMaría', mensaje: 'Hola,\r\nsegunda línea\nfin ✓' });
    expect(res.statusCode).toBe(200);
  });

  it('checks routes without a schema, their query string and their path parameters', async () => {
    reached.length = 0;
    const inBody = await post('/api/prueba/libre/abc', { texto: 'a\u0000' });
    expect(inBody.json()).toMatchObject({ error: 'validation_error', fields: { texto: expect.any(String) } });
    const inQuery = await post('/api/prueba/libre/abc?buscar=a%00b', {});
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json<{ fields: object }>().fields).toEqual({ buscar: 'Este campo contiene caracteres no permitidos.' });
    const inParams = await post('/api/prueba/libre/a%01b', {});
    expect(inParams.statusCode).toBe(400);
    expect(inParams.json<{ fields: object }>().fields).toEqual({ codigo: 'Este campo contiene caracteres no permitidos.' });
    const bare = await app.inject({
      method: 'POST',
      url: '/api/prueba/libre/abc',
      payload: '"\\u0000"',
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.json<{ fields: object }>().fields).toEqual({ _: 'Este campo contiene caracteres no permitidos.' });
    expect(reached).toHaveLength(0);
  });

  it('walks a deeply nested body without exhausting the stack', async () => {
    const deep = '['.repeat(20_000) + '"\\u0000"' + ']'.repeat(20_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/prueba/libre/abc',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('names fields the way zod does', () => {
    expect(controlCharacterFields({ a: [{ b: 'x\u0000' }], c: 'ok' })).toEqual({
      'a.0.b': 'Este campo contiene caracteres no permitidos.',
    });
    expect(controlCharacterFields('ok')).toEqual({});
    expect(controlCharacterFields(null)).toEqual({});
  });
});

describe('route schemas that are not from the contract', () => {
  it('refuses to start a route whose body schema is plain JSON Schema, naming the route', async () => {
    const app = createHttpServer({ logLevel: 'silent' });
    const reached: unknown[] = [];
    app.post(
      '/api/prueba/sin-zod',
      { schema: { body: { type: 'object', properties: { correo: { type: 'string' } }, required: ['correo'] } } },
      async (request) => {
        reached.push(request.body);
        return { ok: true };
      },
    );
    await expect(app.ready()).rejects.toThrow(/POST \/api\/prueba\/sin-zod: the body schema is not a zod schema/);
    // Before, the route started and let anything through: nothing may reach the handler now.
    expect(reached).toEqual([]);
    await app.close().catch(() => undefined);
  });

  it('refuses a zod schema copied by a spread (the copy loses the zod schema), for the query string too', async () => {
    const app = createHttpServer({ logLevel: 'silent' });
    const query = zodSchema(z.object({ pagina: z.string() }));
    app.get('/api/prueba/copia', { schema: { querystring: { ...query } } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/prueba\/copia: the querystring schema is not a zod schema/);
    await app.close().catch(() => undefined);
  });

  it('still starts and validates routes declared with zodSchema', async () => {
    const app = createHttpServer({ logLevel: 'silent' });
    app.post('/api/prueba/con-zod', { schema: { body: zodSchema(z.object({ correo: z.string() })) } }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/api/prueba/con-zod', payload: { correo: 'a@b.co' } })).statusCode).toBe(200);
    const bad = await app.inject({ method: 'POST', url: '/api/prueba/con-zod', payload: { otro: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_error' });
    await app.close();
  });
});

describe('one log line per request (#33)', () => {
  /** A logger that keeps what it is asked to write: the level, the message and the fields (bindings merged). */
  function recordingLogger(
    lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }>,
    bindings = {},
  ): FastifyBaseLogger {
    const at =
      (level: string) =>
      (fields: Record<string, unknown>, msg: string): void =>
        void lines.push({ level, msg, fields: { ...bindings, ...fields } });
    return {
      level: 'info',
      info: at('info'),
      error: at('error'),
      warn: at('warn'),
      debug: at('debug'),
      trace: at('trace'),
      fatal: at('fatal'),
      silent: () => undefined,
      child: (more: object) => recordingLogger(lines, { ...bindings, ...more }),
    } as unknown as FastifyBaseLogger; // the parts of pino's interface Fastify calls
  }

  it('writes the completion line alone, with the method, the path and the status', async () => {
    const lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }> = [];
    const app = Fastify({ loggerInstance: recordingLogger(lines), logController: new OneLinePerRequest() });
    app.post('/api/x', async () => ({ ok: true }));
    app.get('/api/boom', async () => {
      throw new Error('boom');
    });
    await app.inject({ method: 'POST', url: '/api/x', payload: {} });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(completed).toHaveLength(1);
    expect(completed[0]?.fields).toMatchObject({ req: { method: 'POST', url: '/api/x' }, res: { statusCode: 200 } });
    expect(typeof completed[0]?.fields.responseTime).toBe('number');
    await app.inject({ method: 'GET', url: '/api/boom' });
    // A failed request is still one line about its outcome (Fastify's own error log stays as it was).
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(2);
    await app.close();
  });
});

describe('request paths in the logs', () => {
  it('keeps no secret of an e-mailed link (trust boundaries, round two, row 7), and every reference and radicado', () => {
    const token = 'Xk3v9QpL2mN8rT5wY7zA1bC4dE6fG0hJ_-sUoIqWeRt';
    expect(loggablePath(`/api/account/data-requests/copia/${token}/datos.pdf`)).toBe('/api/account/data-requests/copia/[token]/datos.pdf');
    expect(loggablePath(`/api/giving/certificates/DON-abcDEF123456ghiJKL?token=${token}`)).toBe(
      '/api/giving/certificates/DON-abcDEF123456ghiJKL',
    );
    expect(loggablePath(`/api/community/newsletter/unsubscribe?token=${token}`)).toBe('/api/community/newsletter/unsubscribe');
    expect(loggablePath('/api/account/staff/data-requests/DP-2026-000123')).toBe('/api/account/staff/data-requests/DP-2026-000123');
    expect(loggablePath(`/${token}`)).toBe('/[token]');
    // The monthly gift's manage link (#29): the page and its API calls.
    expect(loggablePath(`/contribuciones/mensual/gestionar/${token}`)).toBe('/contribuciones/mensual/gestionar/[token]');
    expect(loggablePath(`/api/giving/monthly/manage/${token}/pause`)).toBe('/api/giving/monthly/manage/[token]/pause');
    // A link a mail client glued a character to is still the token (#30's review: a 400 logged it whole).
    expect(loggablePath(`/api/courses/facturas/${token}.`)).toBe('/api/courses/facturas/[token].');
    expect(loggablePath(`/api/courses/facturas/${token}%00`)).toBe('/api/courses/facturas/[token]%00');
    expect(loggablePath(`/api/courses/facturas/(${token})`)).toBe('/api/courses/facturas/([token])');
  });
});

describe('caching of API answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = createHttpServer({ logLevel: 'silent' });
    app.get('/api/prueba/mis-datos', async () => ({ correo: 'ana@example.com' }));
    app.get('/api/prueba/publico', async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send({ ok: true }));
    app.get('/api/prueba/falla', async () => {
      throw new Error('boom');
    });
    app.get('/pagina', async () => 'hola');
    await app.ready();
  });
  afterAll(async () => app.close());

  it('tells every cache not to store an API answer, errors and unknown paths included', async () => {
    for (const url of [
      '/api/prueba/mis-datos',
      '/api/prueba/mis-datos?x=1',
      '//api/prueba/mis-datos',
      '/api/prueba/falla',
      '/api/no-existe',
    ]) {
      const res = await app.inject(url);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
  });

  it('leaves a route its own cache header, and non-API paths alone', async () => {
    expect((await app.inject('/api/prueba/publico')).headers['cache-control']).toBe('public, max-age=300');
    expect((await app.inject('/pagina')).headers['cache-control']).toBeUndefined();
  });
});

describe('slow clients on a real socket', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = createHttpServer({
      logLevel: 'silent',
      timeouts: { headersMs: 400, requestMs: 1000, idleMs: 600, keepAliveMs: 300 },
    });
    app.post('/api/eco', async (request) => ({ recibido: request.body }));
    app.get('/api/hola', async () => ({ hola: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => app.close());

  it('cuts a connection whose headers never finish (one header line every 100 ms)', async () => {
    const { closedAfterMs, received } = await holdConnection(port, (socket, trickle) => {
      socket.write('POST /api/eco HTTP/1.1\r\nHost: sitio\r\n');
      trickle('X-Relleno: a\r\n');
    });
    expect(closedAfterMs).toBeGreaterThanOrEqual(350);
    expect(closedAfterMs).toBeLessThan(2500);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a body that keeps arriving a byte at a time but never finishes', async () => {
    const { closedAfterMs } = await holdConnection(port, (socket, trickle) => {
      socket.write('POST /api/eco HTTP/1.1\r\nHost: sitio\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"a":"');
      trickle('x');
    });
    expect(closedAfterMs).toBeGreaterThanOrEqual(950);
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it('cuts a body that stops arriving, before the whole-request deadline', async () => {
    const { closedAfterMs } = await holdConnection(port, (socket) => {
      socket.write('POST /api/eco HTTP/1.1\r\nHost: sitio\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    });
    expect(closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(closedAfterMs).toBeLessThan(1000);
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    let answeredAt = 0;
    const { closedAfterMs, received } = await holdConnection(port, (socket) => {
      socket.write('GET /api/hola HTTP/1.1\r\nHost: sitio\r\n\r\n');
      socket.once('data', () => (answeredAt = Date.now()));
    });
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(answeredAt).toBeGreaterThan(0);
    expect(closedAfterMs).toBeLessThan(2000);
  });

  it('still serves a complete request in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/eco`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hola: 'mundo' }),
    });
    expect(await res.json()).toEqual({ recibido: { hola: 'mundo' } });
  });
});
