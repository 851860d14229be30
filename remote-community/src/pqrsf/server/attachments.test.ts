import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readAudit } from 'shared/server/audit';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { zipOf } from 'shared/server/objects/zip-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { PqrsfCase } from '../staff-schemas';
import type { UploadedAttachment } from '../attachment-schemas';
import { createCommunityApi } from '../../../server/index';
import { purgeAttachments } from './attachments';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org', roles: ['atencion'] });
staff.seat({ username: 'beto@fundacion.org', roles: ['atencion'] });
staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });
const beto = staffToken(identity, { email: 'beto@fundacion.org' });
const cursos = staffToken(identity, { email: 'cursos@fundacion.org' });

const START = new Date('2026-03-02T15:00:00Z');
let clock = START;
const objects = memoryObjectStore();

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createCommunityApi({ now: () => clock, acknowledgementsPerAddressPerDay: 0 }), {
    identity: identity.verifier,
    staff,
    objects,
    settings: { writeLimit: { max: 10_000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());
beforeEach(() => {
  clock = START;
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('contenido del certificado '.repeat(20)), Buffer.from('\n%%EOF')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function file(): Promise<string> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/community/pqrsf',
    payload: {
      rol_type: 'Estudiante',
      name: 'Luisa',
      lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1020304050',
      phone_number: '3151112233',
      email: 'luisa@example.com',
      request_type: 'Petición',
      reviews: 'Necesito el certificado del curso.',
    },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

const base = (radicado: string) => `/api/community/staff/pqrsf/${radicado}`;
const upload = (radicado: string, bytes: Buffer, name: string, token = ana) =>
  api.app.inject({
    method: 'POST',
    url: `${base(radicado)}/adjuntos`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: bytes,
  });
const uploaded = async (radicado: string, bytes: Buffer, name: string, token = ana) => {
  const res = await upload(radicado, bytes, name, token);
  expect(res.statusCode).toBe(201);
  return res.json() as UploadedAttachment;
};
const post = (url: string, body: unknown, token = ana) =>
  api.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body as Record<string, unknown> });
const linksIn = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+\/api\/community\/pqrsf\/adjuntos\/[A-Za-z0-9_-]{43}/g)].map((m) => m[0]);
const pathOf = (link: string) => new URL(link).pathname;

describe('PQRSF attachments', () => {
  it('accepts a PDF, an image and an Office document by their bytes, whatever their names say', async () => {
    const radicado = await file();
    const pdf = await uploaded(radicado, PDF, 'respuesta.png');
    expect(pdf).toMatchObject({ name: 'respuesta.pdf', kind: 'pdf', size: PDF.length });
    expect((await uploaded(radicado, PNG, 'foto.png')).kind).toBe('png');
    const docx = zipOf(['[Content_Types].xml', 'word/document.xml']);
    expect((await uploaded(radicado, docx, 'carta.docx')).kind).toBe('docx');
  });

  it('refuses HTML renamed .pdf, SVG, an empty file and one over 10 MB, in Spanish', async () => {
    const radicado = await file();
    const html = await upload(radicado, Buffer.from('<html><script>alert(1)</script></html>'), 'informe.pdf');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ message: expect.stringContaining('no es de un tipo admitido') });
    const svg = await upload(radicado, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg');
    expect(svg.statusCode).toBe(415);
    const gif = await upload(radicado, Buffer.from('GIF89a....'), 'anim.gif');
    expect(gif.statusCode).toBe(415);
    const big = await upload(radicado, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'grande.pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'El archivo pesa más de 10 MB.' });
    expect((await upload(radicado, Buffer.alloc(0), 'vacio.pdf')).statusCode).toBe(400);
  });

  it('is Atención’s: another role gets 403, nobody signed in 401, an unknown radicado 404', async () => {
    const radicado = await file();
    expect((await upload(radicado, PDF, 'a.pdf', cursos)).statusCode).toBe(403);
    const anonymous = await api.app.inject({ method: 'POST', url: `${base(radicado)}/adjuntos`, payload: PDF });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload('9999999999999999', PDF, 'a.pdf')).statusCode).toBe(404);
  });

  it('sends the answer with its attachments: the e-mail’s links download them until they expire', async () => {
    const radicado = await file();
    const one = await uploaded(radicado, PDF, 'Certificado Luisa.pdf');
    const two = await uploaded(radicado, PNG, 'captura.png');
    const before = (await api.mailer.list(500)).length;
    const res = await post(`${base(radicado)}/respuesta`, { response: 'Adjuntamos el certificado.', attachments: [one.id, two.id] });
    expect(res.statusCode).toBe(200);
    const answered = res.json() as PqrsfCase;
    expect(answered.attachments.map((a) => [a.name, a.part, a.noteId])).toEqual([
      ['Certificado Luisa.pdf', 'respuesta', null],
      ['captura.png', 'respuesta', null],
    ]);

    const mail = (await api.mailer.list(500))
      .slice(0, (await api.mailer.list(500)).length - before)
      .find((m) => m.to === 'luisa@example.com');
    expect(mail?.text).toContain('vencen en 30 días');
    const links = linksIn(mail?.text ?? '');
    expect(links).toHaveLength(2);
    // Clickable in the HTML part too, each labelled with its file's name.
    expect(mail?.html).toMatch(
      /<li><a href="https?:\/\/[^"]+\/api\/community\/pqrsf\/adjuntos\/[A-Za-z0-9_-]{43}"[^>]*>Certificado Luisa\.pdf<\/a><\/li>/,
    );
    // Random tokens, never the rows' ids.
    expect(links.some((l) => l.endsWith(`/${one.id}`) || l.endsWith(`/${two.id}`))).toBe(false);

    const download = await api.app.inject({ method: 'GET', url: pathOf(links[0]!) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Certificado Luisa.pdf"/);

    clock = new Date(START.getTime() + 31 * 24 * 60 * 60 * 1000);
    const expired = await api.app.inject({ method: 'GET', url: pathOf(links[0]!), headers: { accept: 'text/html' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toMatch(/^text\/html/);
    expect(expired.body).toContain('venció');
    const unknown = await api.app.inject({ method: 'GET', url: `/api/community/pqrsf/adjuntos/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: expect.stringContaining('no existe') });
    expect((await api.app.inject({ method: 'GET', url: `/api/community/pqrsf/adjuntos/${one.id}` })).statusCode).toBe(404);
  });

  it('keeps a note’s attachments for the team only, downloads them audited, and refuses someone else’s upload', async () => {
    const radicado = await file();
    const mine = await uploaded(radicado, PDF, 'llamada.pdf');
    const betos = await uploaded(radicado, PNG, 'beto.png', beto);
    const refused = await post(`${base(radicado)}/notas`, { body: 'Adjunto la llamada.', attachments: [mine.id, betos.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Uno de los adjuntos ya no está disponible: súbelo de nuevo.' });

    const res = await post(`${base(radicado)}/notas`, { body: 'Adjunto la llamada.', attachments: [mine.id] });
    expect(res.statusCode).toBe(200);
    const c = res.json() as PqrsfCase;
    expect(c.attachments).toEqual([
      expect.objectContaining({ id: mine.id, part: 'nota', noteId: c.notes[0]?.id, actorEmail: 'ana@fundacion.org' }),
    ]);
    // Claimed once: a second note cannot take it again.
    expect((await post(`${base(radicado)}/notas`, { body: 'Otra.', attachments: [mine.id] })).statusCode).toBe(409);

    const got = await api.app.inject({
      method: 'GET',
      url: `${base(radicado)}/adjuntos/${mine.id}`,
      headers: { authorization: `Bearer ${beto}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
    expect(got.headers['cache-control']).toBe('private, no-store');
    // Another case's radicado does not reach it.
    const other = await file();
    expect(
      (await api.app.inject({ method: 'GET', url: `${base(other)}/adjuntos/${mine.id}`, headers: { authorization: `Bearer ${ana}` } }))
        .statusCode,
    ).toBe(404);

    const audit = await readAudit(api.db, { limit: 20, entity: 'pqrsf', entityId: radicado });
    expect(audit.map((r) => [r.action, r.actorEmail])).toEqual(
      expect.arrayContaining([
        ['community.pqrsf.attachment.upload', 'ana@fundacion.org'],
        ['community.pqrsf.attachment.upload', 'beto@fundacion.org'],
        ['community.pqrsf.note', 'ana@fundacion.org'],
      ]),
    );
    const reads = await readAudit(api.db, { limit: 5, actionPrefix: 'community.pqrsf.attachment.read' });
    expect(reads[0]).toMatchObject({ actorEmail: 'beto@fundacion.org', entityId: `${radicado}/adjuntos/${mine.id}` });
  });

  it('lets the uploader remove a pending upload, and purges unsent ones and their bytes after a day', async () => {
    const radicado = await file();
    const gone = await uploaded(radicado, PDF, 'error.pdf');
    const other = await api.app.inject({
      method: 'DELETE',
      url: `${base(radicado)}/adjuntos/${gone.id}`,
      headers: { authorization: `Bearer ${beto}` },
    });
    expect(other.statusCode).toBe(403);
    const keysBefore = objects.keys().length;
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `${base(radicado)}/adjuntos/${gone.id}`,
      headers: { authorization: `Bearer ${ana}` },
    });
    expect(removed.json()).toEqual({ removed: true });
    expect(objects.keys().length).toBe(keysBefore - 1);

    const left = await uploaded(radicado, PNG, 'olvidado.png');
    const sent = await uploaded(radicado, PDF, 'enviado.pdf');
    expect((await post(`${base(radicado)}/notas`, { body: 'Con adjunto.', attachments: [sent.id] })).statusCode).toBe(200);
    const count = objects.keys().length;
    expect(await purgeAttachments(api.ctx, new Date(START.getTime() + 2 * 60 * 60 * 1000))).toMatchObject({ pending: 0 });
    const later = await purgeAttachments(api.ctx, new Date(START.getTime() + 25 * 60 * 60 * 1000));
    expect(later.pending).toBeGreaterThanOrEqual(1);
    expect(objects.keys().length).toBeLessThan(count);
    const rows = await api.db.selectFrom('community.pqrsf_attachments').select('id').where('id', 'in', [left.id, sent.id]).execute();
    expect(rows.map((r) => String(r.id))).toEqual([sent.id]);
  });
});
