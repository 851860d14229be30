import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { UploadedAttachment } from 'shared/cases/attachments';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit } from 'shared/server/audit';
import { createTestIdentity } from 'shared/server/identity-testing';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { createCommunityApi } from '../../../server/index';
import type { InboxRecordResponse } from '../schemas';
import { recordAttachments } from './attachments';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org', roles: ['comunidad'] });
staff.seat({ username: 'beto@fundacion.org', roles: ['comunidad'] });
staff.seat({ username: 'pedro@fundacion.org', roles: ['atencion'] });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });
const beto = staffToken(identity, { email: 'beto@fundacion.org' });
const pedro = staffToken(identity, { email: 'pedro@fundacion.org' });

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

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('carta de voluntariado '.repeat(20)), Buffer.from('\n%%EOF')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const BASE = '/api/community/staff/inbox';

async function volunteer(email = 'luisa@example.com'): Promise<number> {
  const row = await api.db
    .insertInto('community.volunteers')
    .values({
      volunteer_name: 'Luisa',
      volunteer_lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1020304050',
      age: 30,
      address: 'Calle 1 # 2-3',
      phone_number: '3151112233',
      email,
      institution: null,
      purposes: 'Enseñar',
      activities: 'Tutorías',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const upload = (path: string, bytes: Buffer, name: string, token = ana) =>
  api.app.inject({
    method: 'POST',
    url: `${BASE}/${path}/adjuntos`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: bytes,
  });
const uploaded = async (path: string, bytes: Buffer, name: string, token = ana) => {
  const res = await upload(path, bytes, name, token);
  expect(res.statusCode).toBe(201);
  return res.json() as UploadedAttachment;
};
const reply = (path: string, attachments: string[], token = ana) =>
  api.app.inject({
    method: 'POST',
    url: `${BASE}/${path}/respuesta`,
    headers: { authorization: `Bearer ${token}` },
    payload: { subject: 'Tu voluntariado', body: 'Te enviamos la carta.', attachments },
  });
const get = (url: string, token: string | null = ana, accept?: string) =>
  api.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(accept ? { accept } : {}) },
  });
const linksIn = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+\/api\/community\/registros\/adjuntos\/[A-Za-z0-9_-]{43}/g)].map((m) => new URL(m[0]).pathname);
const mailTo = async (to: string) => (await api.mailer.list(500)).filter((m) => m.to === to).at(-1);

describe('community record reply attachments', () => {
  it('reads the kind from the bytes, refuses HTML named .pdf and files over 10 MB, and is Comunidad’s', async () => {
    const id = await volunteer();
    const path = `voluntarios/${id}`;
    expect(await uploaded(path, PDF, 'carta.png')).toMatchObject({ name: 'carta.pdf', kind: 'pdf', size: PDF.length });
    expect((await uploaded(path, PNG, 'foto.png')).kind).toBe('png');
    expect((await upload(path, Buffer.from('<html><script>alert(1)</script></html>'), 'x.pdf')).statusCode).toBe(415);
    expect((await upload(path, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'grande.pdf')).statusCode).toBe(413);
    expect((await upload(path, PDF, 'a.pdf', pedro)).statusCode).toBe(403);
    expect((await upload(`voluntarios/999999`, PDF, 'a.pdf')).statusCode).toBe(404);
    // Another kind's record with the same id is another record.
    expect((await upload(`aliados/${id}`, PDF, 'a.pdf')).statusCode).toBe(404);
  });

  it('sends a reply with its files: the history lists them, the e-mail’s links work 30 days, then 410', async () => {
    const id = await volunteer();
    const path = `voluntarios/${id}`;
    const one = await uploaded(path, PDF, 'Carta Luisa.pdf');
    const res = await reply(path, [one.id]);
    expect(res.statusCode).toBe(200);
    const record = res.json() as InboxRecordResponse;
    const sent = record.history.find((h) => h.event === 'respuesta');
    expect(sent?.attachments.map((a) => [a.id, a.name, a.part, a.noteId])).toEqual([[one.id, 'Carta Luisa.pdf', 'respuesta', sent?.id]]);

    const mail = await mailTo('luisa@example.com');
    expect(mail?.text).toContain('Archivos adjuntos (cada enlace funciona durante 30 días)');
    const links = linksIn(mail?.text ?? '');
    expect(links).toHaveLength(1);
    expect(links[0]?.endsWith(`/${one.id}`)).toBe(false);

    const download = await get(links[0]!, null);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Carta Luisa.pdf"/);

    clock = new Date(START.getTime() + 29 * 24 * 60 * 60 * 1000);
    expect((await get(links[0]!, null)).statusCode).toBe(200);
    clock = new Date(START.getTime() + 31 * 24 * 60 * 60 * 1000);
    const expired = await get(links[0]!, null, 'text/html');
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('venció');
    expect((await get(`/api/community/registros/adjuntos/${'x'.repeat(43)}`, null)).statusCode).toBe(404);
    expect((await get(`/api/community/registros/adjuntos/${one.id}`, null)).statusCode).toBe(404);

    // The team's download is audited with the record and the file.
    const staffGet = await get(`${BASE}/${path}/adjuntos/${one.id}`);
    expect(staffGet.statusCode).toBe(200);
    expect(staffGet.rawPayload.equals(PDF)).toBe(true);
    expect(staffGet.headers['cache-control']).toBe('private, no-store');
    const reads = await readAudit(api.db, { limit: 5, actionPrefix: 'community.inbox.attachment.read' });
    expect(reads[0]).toMatchObject({
      actorEmail: 'ana@fundacion.org',
      entity: 'community_record',
      entityId: `voluntarios/${id}/adjuntos/${one.id}`,
    });
  });

  it('refuses the whole reply for another record’s attachment or another member’s pending upload', async () => {
    const id = await volunteer('marta@example.com');
    const other = await volunteer('otro@example.com');
    const path = `voluntarios/${id}`;
    const mine = await uploaded(path, PDF, 'mia.pdf');
    const elsewhere = await uploaded(`voluntarios/${other}`, PDF, 'otra.pdf');
    const betos = await uploaded(path, PNG, 'beto.png', beto);
    const before = (await api.mailer.list(500)).length;

    const foreign = await reply(path, [mine.id, elsewhere.id]);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ message: 'Uno de los adjuntos ya no está disponible: súbelo de nuevo.' });
    expect((await reply(path, [betos.id])).statusCode).toBe(409);
    expect((await reply(path, ['99999999'])).statusCode).toBe(409);
    // Nothing was sent nor written.
    expect((await api.mailer.list(500)).length).toBe(before);
    const record = (await get(`${BASE}/${path}`)).json() as InboxRecordResponse;
    expect(record.history.filter((h) => h.event === 'respuesta')).toEqual([]);

    // Another record's URL does not reach a file; another member's pending upload is theirs.
    expect((await get(`${BASE}/voluntarios/${other}/adjuntos/${mine.id}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/${path}/adjuntos/${betos.id}`)).statusCode).toBe(404);
    const remove = await api.app.inject({
      method: 'DELETE',
      url: `${BASE}/${path}/adjuntos/${betos.id}`,
      headers: { authorization: `Bearer ${ana}` },
    });
    expect(remove.statusCode).toBe(403);
    expect((await reply(path, [mine.id])).statusCode).toBe(200);
  });

  it('queues a record’s files when the record goes, and the purge deletes their bytes', async () => {
    const id = await volunteer('borrar@example.com');
    const path = `voluntarios/${id}`;
    const sent = await uploaded(path, PDF, 'enviada.pdf');
    expect((await reply(path, [sent.id])).statusCode).toBe(200);
    await uploaded(path, PNG, 'pendiente.png');
    const keys = (
      await api.db
        .selectFrom('community.record_attachments')
        .select('object_key')
        .where('request_id', '=', id)
        .where('record_kind', '=', 'volunteers')
        .execute()
    ).map((r) => r.object_key);
    expect(keys).toHaveLength(2);
    // As retention or an erasure would: the record's row alone.
    await api.db.deleteFrom('community.volunteers').where('id', '=', id).execute();
    expect(
      await api.db
        .selectFrom('community.record_attachments')
        .select('id')
        .where('request_id', '=', id)
        .where('record_kind', '=', 'volunteers')
        .execute(),
    ).toEqual([]);
    const queued = await api.db.selectFrom('community.record_attachment_removals').select('object_key').execute();
    expect(queued.map((r) => r.object_key)).toEqual(expect.arrayContaining(keys));
    await recordAttachments({ db: api.db, objects }).purgeAttachments(START);
    for (const key of keys) expect(await objects.get(key)).toBeNull();
    expect(await api.db.selectFrom('community.record_attachment_removals').select('object_key').execute()).toEqual([]);
  });

  it('queues a sent file when the team removes the record from the panel; its link then answers 404', async () => {
    const id = await volunteer('quitar@example.com');
    const path = `voluntarios/${id}`;
    const sent = await uploaded(path, PDF, 'carta.pdf');
    expect((await reply(path, [sent.id])).statusCode).toBe(200);
    const link = linksIn((await mailTo('quitar@example.com'))?.text ?? '')[0]!;
    expect((await get(link, null)).statusCode).toBe(200);
    const removed = await api.app.inject({
      method: 'POST',
      url: `${BASE}/${path}/eliminar`,
      headers: { authorization: `Bearer ${ana}` },
      payload: { reason: 'solicitud' },
    });
    expect(removed.statusCode).toBe(200);
    expect(await api.db.selectFrom('community.record_attachments').select('id').where('id', '=', sent.id).execute()).toEqual([]);
    expect((await get(link, null)).statusCode).toBe(404);
    expect((await api.db.selectFrom('community.record_attachment_removals').select('object_key').execute()).length).toBe(1);
  });
});
