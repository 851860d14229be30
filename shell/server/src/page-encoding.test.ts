import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Gateway } from './app';
import { COMPRESSION_THRESHOLD, negotiatePageEncoding, PageBodies, type PageEncoding } from './page-encoding';
import { testGateway } from './testing';

/** Accept-Encoding headers as browsers, tools and odd clients send them. */
const HEADERS = [
  'br, gzip',
  'gzip, deflate, br, zstd',
  'gzip, deflate',
  'gzip',
  'br',
  'identity',
  '',
  '*',
  '*;q=0',
  'deflate',
  'br;q=0',
  'br;q=0, gzip',
  'br;q=0, gzip;q=0',
  'br;q=0, *',
  'gzip;q=0.5, br;q=0.4',
  'gzip;q=0.4, br;q=0.5',
  'gzip;q=0.5, br;q=0.5',
  'GZIP',
  'x-gzip',
  'identity;q=1, gzip;q=0.1',
  'br; q=0.8, gzip; q=0.9',
  'gzip;q=1.0, br;q=1.0',
];

const decoded = (body: Buffer, encoding: PageEncoding | null) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('the page encoding a client asked for', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // @fastify/compress as the gateway registers it, on a response it compresses: pages must choose as it did.
    app = Fastify();
    await app.register(compress, { threshold: COMPRESSION_THRESHOLD, encodings: ['br', 'gzip'] });
    app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send('x'.repeat(4000)));
  });
  afterAll(async () => app.close());

  it('is the one @fastify/compress chooses for every other response, q-values, `*` and identity included', async () => {
    for (const header of HEADERS) {
      const res = await app.inject({ url: '/', headers: { 'accept-encoding': header } });
      expect([header, negotiatePageEncoding({ 'accept-encoding': header })]).toEqual([header, res.headers['content-encoding'] ?? null]);
    }
    expect(negotiatePageEncoding({})).toBeNull();
    expect(negotiatePageEncoding({ 'accept-encoding': 'br', 'x-no-compression': '1' })).toBeNull();
  });
});

describe('page bodies kept with a render', () => {
  const document = `<!doctype html><main>${'Formamos talento que transforma vidas. '.repeat(200)}</main>`;

  it('encodes a kept page once per encoding, and concurrent first askers share that one compression', async () => {
    const bodies = new PageBodies();
    const page = {};
    const [a, b] = await Promise.all([bodies.body(document, 'br', page), bodies.body(document, 'br', page)]);
    expect(a.encoding).toBe('br');
    expect(b.body).toBe(a.body);
    expect((await bodies.body(document, 'br', page)).body).toBe(a.body);
    expect(decoded(a.body, 'br')).toBe(document);
    const gz = await bodies.body(document, 'gzip', page);
    expect(gz.encoding).toBe('gzip');
    expect(decoded(gz.body, 'gzip')).toBe(document);
    expect((await bodies.body(document, 'gzip', page)).body).toBe(gz.body);
    const plain = await bodies.body(document, null, page);
    expect(plain).toEqual({ body: Buffer.from(document), encoding: null });
  });

  it("never serves another document's bytes: another spelling's document, or a page rendered for one request", async () => {
    const bodies = new PageBodies();
    const page = {};
    const kept = (await bodies.body(document, 'br', page)).body;
    const other = `${document}<!-- /Nosotros -->`;
    const spelled = await bodies.body(other, 'br', page);
    expect(spelled.body).not.toBe(kept);
    expect(decoded(spelled.body, 'br')).toBe(other);
    // Both spellings stay kept.
    expect((await bodies.body(document, 'br', page)).body).toBe(kept);
    expect((await bodies.body(other, 'br', page)).body).toBe(spelled.body);
    // Another render of the same route (a new cache entry) is encoded anew.
    expect((await bodies.body(document, 'br', {})).body).not.toBe(kept);
    const once = await bodies.body(document, 'br', null);
    expect(once.body).not.toBe((await bodies.body(document, 'br', null)).body);
    expect(decoded(once.body, 'br')).toBe(document);
  });

  it('sends a page smaller than the threshold uncompressed, as the plugin did', async () => {
    const small = '<p>hola</p>';
    expect(await new PageBodies().body(small, 'br', {})).toEqual({ body: Buffer.from(small), encoding: null });
  });
});

describe('gateway pages and their encoding', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await testGateway();
  });
  afterAll(async () => gw.app.close());

  it('answers each Accept-Encoding with its encoding, an exact length and Vary, and the same page underneath', async () => {
    for (const url of ['/nosotros', '/', '/Nosotros', '/nosotros?x=1', '/no-existe']) {
      const plain = await gw.app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
      for (const header of HEADERS) {
        const res = await gw.app.inject({ url, headers: { 'accept-encoding': header } });
        const encoding = negotiatePageEncoding({ 'accept-encoding': header });
        expect([url, header, res.statusCode, res.headers['content-encoding'] ?? null]).toEqual([url, header, plain.statusCode, encoding]);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        // Compressed once: the plugin does not compress the page's bytes again.
        expect(decoded(res.rawPayload, encoding)).toBe(plain.body);
      }
    }
  });

  it('answers HEAD with the headers its GET has, Content-Encoding and Content-Length included, and no body', async () => {
    for (const header of ['br, gzip', 'gzip', 'identity']) {
      const get = await gw.app.inject({ url: '/nosotros', headers: { 'accept-encoding': header } });
      const head = await gw.app.inject({ method: 'HEAD', url: '/nosotros', headers: { 'accept-encoding': header } });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      for (const name of ['content-encoding', 'content-length', 'vary', 'content-type', 'cache-control', 'content-security-policy'])
        expect([header, name, head.headers[name]]).toEqual([header, name, get.headers[name]]);
    }
  });
});
