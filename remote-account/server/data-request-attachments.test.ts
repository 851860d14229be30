import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { UploadedAttachment } from 'shared/cases/attachments';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit } from 'shared/server/audit';
import { createTestIdentity } from 'shared/server/identity-testing';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { DataRequestCase } from '../src/data-requests/schemas';
import { dataRequestAttachments } from '../src/data-requests/server/attachments';
import type { PersonalDataEngine } from '../src/data-requests/server/personal-data';
import { createAccountApi } from './index';

// The answer's attachments of a data subject's request (#32): the legal-case kit's, bound to the account domain's
// tables. Kinds by content, the size limit, only one's own pending uploads of the same request, links that expire, and
// the ids of another request's attachments refused wherever they are tried.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'dana@fundacion.org', roles: ['datos'], notifyNewCases: false });
staff.seat({ username: 'dario@fundacion.org', roles: ['datos'], notifyNewCases: false });
staff.seat({ username: 'atencion@fundacion.org', roles: ['atencion'], notifyNewCases: false });
const dana = staffToken(identity, { email: 'dana@fundacion.org' });
const dario = staffToken(identity, { email: 'dario@fundacion.org' });
const otherTeam = staffToken(identity, { email: 'atencion@fundacion.org' });

const engine: PersonalDataEngine = {
  exportFor: () => Promise.reject(new Error('not in this test')),
  eraseData: () => Promise.reject(new Error('not in this test')),
  removeAccount: async () => false,
};

const START = new Date('2026-03-16T15:00:00Z');
let clock = START;
const objects = memoryObjectStore();
let api: TestApi;
beforeAll(async () => {
  api = await testApi(createAccountApi({ dataRequests: { now: () => clock, personalData: () => engine } }), {
    identity: identity.verifier,
    staff,
    objects,
    settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());
beforeEach(() => {
  clock = START;
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('respuesta a la solicitud '.repeat(20)), Buffer.from('\n%%EOF')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const person = { name: 'Martina Ñáñez', email: 'martina@example.com', details: 'Quiero saber qué datos míos tienen.' };
const file = async () => {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/account/data-requests',
    payload: { ...person, kind: 'acceso' },
    headers: { authorization: `Bearer ${identity.token({ email: person.email })}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ radicado: string }>().radicado;
};
const base = (radicado: string) => `/api/account/staff/data-requests/${radicado}`;
const upload = (radicado: string, bytes: Buffer, name: string, token = dana) =>
  api.app.inject({
    method: 'POST',
    url: `${base(radicado)}/adjuntos`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: bytes,
  });
const uploaded = async (radicado: string, bytes: Buffer, name: string, token = dana) => {
  const res = await upload(radicado, bytes, name, token);
  expect(res.statusCode).toBe(201);
  return res.json<UploadedAttachment>();
};
const respond = (radicado: string, body: Record<string, unknown>, token = dana) =>
  api.app.inject({ method: 'POST', url: `${base(radicado)}/respuesta`, headers: { authorization: `Bearer ${token}` }, payload: body });
const get = (url: string, token?: string) =>
  api.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
const LINK = /https?:\/\/\S+\/api\/account\/data-requests\/adjuntos\/[A-Za-z0-9_-]{43}/g;
const pathOf = (link: string) => new URL(link).pathname;

describe('attachments of a data request’s answer', () => {
  it('reads the kind from the bytes: a PDF named .png is a PDF; HTML named .pdf, SVG and GIF are refused in Spanish', async () => {
    const radicado = await file();
    expect(await uploaded(radicado, PDF, 'respuesta.png')).toMatchObject({ name: 'respuesta.pdf', kind: 'pdf', size: PDF.length });
    const html = await upload(radicado, Buffer.from('<html><script>alert(1)</script></html>'), 'informe.pdf');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ message: expect.stringContaining('no es de un tipo admitido') });
    expect((await upload(radicado, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg')).statusCode).toBe(415);
    expect((await upload(radicado, Buffer.from('GIF89a....'), 'anim.gif')).statusCode).toBe(415);
  });

  it('refuses a file over 10 MB (413 in Spanish), another team (403), nobody signed in (401) and an unknown radicado (404)', async () => {
    const radicado = await file();
    const big = await upload(radicado, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'grande.pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'El archivo pesa más de 10 MB.' });
    expect((await upload(radicado, PDF, 'a.pdf', otherTeam)).statusCode).toBe(403);
    expect((await api.app.inject({ method: 'POST', url: `${base(radicado)}/adjuntos`, payload: PDF })).statusCode).toBe(401);
    expect((await upload('DP-2026-999999', PDF, 'a.pdf')).statusCode).toBe(404);
  });

  it('claims only the member’s own pending uploads of the same request: another member’s or another request’s refuse the answer', async () => {
    const radicado = await file();
    const other = await file();
    const mine = await uploaded(radicado, PDF, 'respuesta.pdf');
    const darios = await uploaded(radicado, PNG, 'dario.png', dario);
    const elsewhere = await uploaded(other, PDF, 'otra.pdf');

    for (const ids of [[mine.id, darios.id], [elsewhere.id], ['999999999']]) {
      const refused = await respond(radicado, { response: 'Le respondemos.', attachments: ids });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: 'Uno de los adjuntos ya no está disponible: súbelo de nuevo.' });
    }
    // Nothing half-done: the request is still open and nothing was mailed.
    const c = (await get(base(radicado), dana)).json<DataRequestCase>();
    expect(c.status).not.toBe('Respondida');
    expect(c.attachments).toEqual([]);
    // Someone else's pending upload is neither theirs to remove nor to download.
    expect(
      (
        await api.app.inject({
          method: 'DELETE',
          url: `${base(radicado)}/adjuntos/${darios.id}`,
          headers: { authorization: `Bearer ${dana}` },
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(`${base(radicado)}/adjuntos/${darios.id}`, dana)).statusCode).toBe(404);
    // Another request's radicado does not reach an attachment by its id.
    expect((await get(`${base(radicado)}/adjuntos/${elsewhere.id}`, dana)).statusCode).toBe(404);
    expect(
      (
        await api.app.inject({
          method: 'DELETE',
          url: `${base(radicado)}/adjuntos/${elsewhere.id}`,
          headers: { authorization: `Bearer ${dana}` },
        })
      ).json(),
    ).toEqual({ removed: false });
  });

  it('sends the answer with its files: the e-mail’s links download them for 30 days, then 410; tokens are never row ids', async () => {
    const radicado = await file();
    const one = await uploaded(radicado, PDF, 'Respuesta Martina.pdf');
    const before = (await api.mailer.list(500)).length;
    const res = await respond(radicado, { response: 'Adjuntamos el certificado de supresión.', attachments: [one.id] });
    expect(res.statusCode).toBe(200);
    const answered = res.json<DataRequestCase>();
    expect(answered.status).toBe('Respondida');
    expect(answered.attachments.map((a) => [a.name, a.part])).toEqual([['Respuesta Martina.pdf', 'respuesta']]);
    const all = await api.mailer.list(500);
    const mail = all.slice(0, all.length - before).find((m) => m.to === person.email);
    expect(mail?.text).toContain('vencen en 30 días');
    const links = mail?.text.match(LINK) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]?.endsWith(`/${one.id}`)).toBe(false);

    const download = await get(pathOf(links[0]!));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Respuesta Martina.pdf"/);
    // The link works again within its 30 days (the person may download twice), never after.
    clock = new Date(START.getTime() + 29 * 24 * 60 * 60 * 1000);
    expect((await get(pathOf(links[0]!))).statusCode).toBe(200);
    clock = new Date(START.getTime() + 31 * 24 * 60 * 60 * 1000);
    const expired = await api.app.inject({ method: 'GET', url: pathOf(links[0]!), headers: { accept: 'text/html' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('venció');
    expect(expired.body).toContain('lang="es"');
    const unknown = await api.app.inject({
      method: 'GET',
      url: `/api/account/data-requests/adjuntos/${'x'.repeat(43)}`,
      headers: { accept: 'text/html' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('no existe');
    // A row id, or a link one character short, is no token.
    expect((await get(`/api/account/data-requests/adjuntos/${one.id}`)).statusCode).toBe(404);
    expect((await get(pathOf(links[0]!).slice(0, -1))).statusCode).toBe(404);
  });

  it('audits the team’s download of a sent file, and purges unsent uploads and their bytes after a day', async () => {
    const radicado = await file();
    const sent = await uploaded(radicado, PDF, 'enviado.pdf');
    const left = await uploaded(radicado, PNG, 'olvidado.png');
    expect((await respond(radicado, { response: 'Respondida.', attachments: [sent.id] })).statusCode).toBe(200);
    const got = await get(`${base(radicado)}/adjuntos/${sent.id}`, dario);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-store');
    const reads = await readAudit(api.db, { limit: 5, actionPrefix: 'account.data.attachment.read' });
    expect(reads[0]).toMatchObject({ actorEmail: 'dario@fundacion.org', entityId: `${radicado}/adjuntos/${sent.id}` });
    const uploads = await readAudit(api.db, { limit: 20, entity: 'data_request', entityId: radicado });
    expect(uploads.filter((r) => r.action === 'account.data.attachment.upload')).toHaveLength(2);

    const kit = dataRequestAttachments({ db: api.db, objects });
    const count = objects.keys().length;
    expect(await kit.purgeAttachments(new Date(START.getTime() + 2 * 60 * 60 * 1000))).toMatchObject({ pending: 0 });
    expect((await kit.purgeAttachments(new Date(START.getTime() + 25 * 60 * 60 * 1000))).pending).toBeGreaterThanOrEqual(1);
    expect(objects.keys().length).toBeLessThan(count);
    const rows = await api.db.selectFrom('account.data_request_attachments').select('id').where('id', 'in', [left.id, sent.id]).execute();
    expect(rows.map((r) => String(r.id))).toEqual([sent.id]);
  });
});
