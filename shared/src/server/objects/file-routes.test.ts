import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { ApiError, createHttpServer } from '../http';
import { acceptFileUploads, contentDisposition, FILE_NAME_HEADER, fileUpload, INLINE_FILE_CSP, sendStoredObject } from './file-routes';
import { newObjectKey } from './file-types';
import { memoryObjectStore } from './memory-testing';
import { zipOf } from './zip-testing';

const MB = 1024 * 1024;
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
const html = Buffer.from('<html><script>alert(1)</script></html>');

describe('file routes: receiving a file and giving it back', () => {
  const store = memoryObjectStore();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = createHttpServer({ logLevel: 'silent' });
    // A JSON route beside them, as an API has: it must keep refusing bodies that are not JSON.
    app.post('/api/x/notes', async () => ({ ok: true }));
    await app.register(async (scope) => {
      acceptFileUploads(scope);
      const upload = fileUpload({ allowed: ['pdf', 'docx'], maxBytes: MB });
      scope.post('/api/x/documents', { ...upload.route }, async (request, reply) => {
        const file = upload.read(request);
        const key = newObjectKey('documents');
        await store.put(key, file.bytes, file.contentType, file.metadata);
        return reply.status(201).send({ key, name: file.name, contentType: file.contentType });
      });
      scope.get<{ Params: { id: string } }>('/api/x/documents/:id', async (request, reply) => {
        const stored = await store.get(`documents/${request.params.id}`);
        if (!stored) throw new ApiError(404, 'not_found', 'El documento no existe.');
        return sendStoredObject(reply, stored, { cacheControl: 'public, max-age=3600' });
      });
    });
    await app.ready();
  });

  afterAll(() => app.close());

  const post = (body: Buffer | string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/x/documents',
      payload: body,
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });

  it('stores a PDF sent as a .png under a random key, as the PDF it is, with its cleaned name', async () => {
    const res = await post(pdf, { 'content-type': 'image/png', [FILE_NAME_HEADER]: encodeURIComponent('Informe de gestión.png') });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ key: string; name: string; contentType: string }>();
    expect(body).toMatchObject({ name: 'Informe de gestión.pdf', contentType: 'application/pdf' });
    expect(body.key).toMatch(/^documents\/[0-9a-f-]{36}$/);
    expect((await store.head(body.key))?.metadata).toEqual({ 'file-name': 'Informe de gestión.pdf' });
  });

  it('refuses an HTML page named x.pdf, in Spanish', async () => {
    const res = await post(html, { 'content-type': 'application/pdf', [FILE_NAME_HEADER]: 'x.pdf' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'file_type_not_allowed', message: 'El archivo no es de un tipo admitido: PDF o Word (.docx).' });
  });

  it('stops a body past the limit with the limit in the message', async () => {
    const res = await post(Buffer.concat([pdf, Buffer.alloc(MB)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'file_too_large', message: 'El archivo pesa más de 1 MB.' });
  });

  it('refuses a JSON body or none at all, and leaves the JSON routes refusing files', async () => {
    expect((await post(JSON.stringify({ a: 1 }), { 'content-type': 'application/json' })).statusCode).toBe(415);
    const empty = await app.inject({ method: 'POST', url: '/api/x/documents' });
    expect([empty.statusCode, empty.json<{ message: string }>().message]).toEqual([400, 'Falta el archivo.']);
    const other = await app.inject({ method: 'POST', url: '/api/x/notes', payload: pdf, headers: { 'content-type': 'application/pdf' } });
    expect(other.statusCode).toBe(415);
  });

  it('serves a PDF in place, sandboxed, typed by its content, never sniffed, under the caller caching', async () => {
    const { key } = (await post(pdf, { [FILE_NAME_HEADER]: encodeURIComponent('Informe de gestión "2025".pdf') })).json<{ key: string }>();
    const res = await app.inject(`/api/x/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(INLINE_FILE_CSP);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Informe de gestion 2025.pdf"; filename*=UTF-8''Informe%20de%20gesti%C3%B3n%202025.pdf`,
    );
    expect(res.rawPayload.equals(pdf)).toBe(true);
    // The same version again: a 304, nothing sent.
    const again = await app.inject({ url: `/api/x/${key}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
  });

  it('offers an Office document as a download, without the inline CSP', async () => {
    const docx = zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const created = await post(docx, { [FILE_NAME_HEADER]: 'acta.docx' });
    expect(created.statusCode).toBe(201);
    const res = await app.inject(`/api/x/${created.json<{ key: string }>().key}`);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="acta.docx"; filename*=UTF-8''acta.docx`);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends an object stored with a type the kit does not accept as a download of unknown type', async () => {
    await store.put('documents/pagina', html, 'text/html', { 'file-name': 'pagina.html' });
    const res = await app.inject('/api/x/documents/pagina');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 5987)', () => {
    expect(contentDisposition('attachment', 'Año 2025 (final)*.pdf')).toBe(
      `attachment; filename="Ano 2025 (final)*.pdf"; filename*=UTF-8''A%C3%B1o%202025%20%28final%29%2A.pdf`,
    );
    expect(contentDisposition('inline', null)).toBe('inline');
  });
});
