import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { UploadedAttachment } from '../attachment-schemas';
import { pqrsfLookupTexts, type PqrsfLookupResponse } from '../schemas';
import { lookupTexts } from '../texts';
import { createCommunityApi } from '../../../server/index';
import { attachmentApiTexts } from './attachments';

// The answer's files on the public lookup (#32): listed and downloaded only with the lookup's own proof.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org', roles: ['atencion'] });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });

const START = new Date('2026-03-02T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let clock = START;
let api: TestApi;
beforeAll(async () => {
  api = await testApi(createCommunityApi({ now: () => clock, acknowledgementsPerAddressPerDay: 0 }), {
    identity: identity.verifier,
    staff,
    objects: memoryObjectStore(),
    settings: { writeLimit: { max: 10_000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());
beforeEach(() => {
  clock = START;
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('certificado '.repeat(200)), Buffer.from('\n%%EOF')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const DOCUMENT = '1.020.304.050';

async function file(idNumber = DOCUMENT): Promise<string> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/community/pqrsf',
    payload: {
      rol_type: 'Estudiante',
      name: 'Luisa',
      lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: idNumber,
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
async function uploaded(radicado: string, bytes: Buffer, name: string): Promise<UploadedAttachment> {
  const res = await api.app.inject({
    method: 'POST',
    url: `${base(radicado)}/adjuntos`,
    headers: { authorization: `Bearer ${ana}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: bytes,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as UploadedAttachment;
}
const staffPost = (url: string, body: Record<string, unknown>) =>
  api.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${ana}` }, payload: body });
const lookup = (id: string, id_number = DOCUMENT) =>
  api.app.inject({ method: 'POST', url: '/api/community/pqrsf/consulta', payload: { id, id_number } });
const attachmentsOf = async (id: string) => {
  const res = await lookup(id);
  expect(res.statusCode).toBe(200);
  return (res.json() as PqrsfLookupResponse).Items[0]?.attachments;
};
const downloadOf = (body: Record<string, unknown>) =>
  api.app.inject({ method: 'POST', url: '/api/community/pqrsf/consulta/adjunto', payload: body });

describe('the answer’s attachments on the public lookup', () => {
  it('lists the answer’s files only once answered, never a note’s or a pending one', async () => {
    const radicado = await file();
    const pending = await uploaded(radicado, PDF, 'borrador.pdf');
    const noted = await uploaded(radicado, PNG, 'interna.png');
    expect((await staffPost(`${base(radicado)}/notas`, { body: 'Nota interna.', attachments: [noted.id] })).statusCode).toBe(200);
    expect(await attachmentsOf(radicado)).toEqual([]);

    clock = new Date(START.getTime() + 60_000);
    const one = await uploaded(radicado, PDF, 'Certificado Luisa.pdf');
    const two = await uploaded(radicado, PNG, 'captura.png');
    const answered = await staffPost(`${base(radicado)}/respuesta`, {
      response: 'Adjuntamos el certificado.',
      attachments: [one.id, two.id],
    });
    expect(answered.statusCode).toBe(200);
    const expiresAt = new Date(clock.getTime() + 30 * DAY).toISOString();
    expect(await attachmentsOf(radicado)).toEqual([
      { id: one.id, name: 'Certificado Luisa.pdf', kind: 'PDF', size: PDF.length, expiresAt, expired: false },
      { id: two.id, name: 'captura.png', kind: 'PNG', size: PNG.length, expiresAt, expired: false },
    ]);
    // Neither the pending upload nor the note's file is downloadable by the person.
    for (const attachment of [pending.id, noted.id]) {
      const res = await downloadOf({ id: radicado, id_number: DOCUMENT, attachment });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: pqrsfLookupTexts.attachmentUnknown });
    }
  });

  it('downloads a file with the radicado and document, as a download; a guessed radicado or document gets nothing', async () => {
    const radicado = await file();
    const one = await uploaded(radicado, PDF, 'Certificado Luisa.pdf');
    expect((await staffPost(`${base(radicado)}/respuesta`, { response: 'Adjunto.', attachments: [one.id] })).statusCode).toBe(200);

    // Written with or without dots, as the lookup takes it.
    for (const id_number of [DOCUMENT, '1020304050']) {
      const got = await downloadOf({ id: radicado, id_number, attachment: one.id });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.headers['content-disposition']).toMatch(/^attachment; filename="Certificado Luisa.pdf"/);
    }

    // The lookup's very answer to a wrong document or radicado: nothing tells the case or the file exists.
    const wrongDocument = await downloadOf({ id: radicado, id_number: '99887766', attachment: one.id });
    expect(wrongDocument.statusCode).toBe(404);
    expect(wrongDocument.json()).toEqual({ error: 'not_found', message: pqrsfLookupTexts.notFound });
    const wrongRadicado = await downloadOf({ id: '1234567890123456', id_number: DOCUMENT, attachment: one.id });
    expect(wrongRadicado.json()).toEqual(wrongDocument.json());
    // The same person's other case does not reach this file.
    const other = await file();
    expect((await downloadOf({ id: other, id_number: DOCUMENT, attachment: one.id })).statusCode).toBe(404);
    // Without the proof it is a 400, and a GET with the id alone is no route.
    const bare = await downloadOf({ attachment: one.id });
    expect(bare.statusCode).toBe(400);
    expect((await api.app.inject({ method: 'GET', url: `/api/community/pqrsf/consulta/adjunto?attachment=${one.id}` })).statusCode).toBe(
      404,
    );
    const malformed = await downloadOf({ id: radicado, id_number: DOCUMENT, attachment: '../1' });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).not.toMatch(/patr[oó]n|\/\^/);
  });

  it('after 30 days lists the file as expired and refuses it with the e-mail link’s words', async () => {
    const radicado = await file();
    const one = await uploaded(radicado, PDF, 'acta.pdf');
    expect((await staffPost(`${base(radicado)}/respuesta`, { response: 'Adjunto el acta.', attachments: [one.id] })).statusCode).toBe(200);
    clock = new Date(START.getTime() + 30 * DAY - 1000);
    expect((await attachmentsOf(radicado))?.[0]?.expired).toBe(false);
    expect((await downloadOf({ id: radicado, id_number: DOCUMENT, attachment: one.id })).statusCode).toBe(200);

    clock = new Date(START.getTime() + 30 * DAY);
    expect((await attachmentsOf(radicado))?.[0]).toMatchObject({ name: 'acta.pdf', expired: true });
    const expired = await downloadOf({ id: radicado, id_number: DOCUMENT, attachment: one.id });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ error: 'link_expired', message: attachmentApiTexts.linkExpired });
    // The page says what the e-mail's expired link says.
    expect(lookupTexts.attachments.expiredMessage).toBe(attachmentApiTexts.linkExpired);
  });
});

describe('guessing the proof', () => {
  // The site's limit on public writes (20 a minute in production), here 4: the lookup and the download ask the same
  // proof, so they share one count per client; separate counts would double the guesses of a radicado's document.
  let limited: TestApi;
  beforeAll(async () => {
    limited = await testApi(createCommunityApi({ now: () => clock, acknowledgementsPerAddressPerDay: 0 }), {
      identity: identity.verifier,
      staff,
      objects: memoryObjectStore(),
      settings: { writeLimit: { max: 4, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => limited.close());

  it('counts the lookup and the download against one limit', async () => {
    const guess = (n: number) => ({ id: '1234567890123456', id_number: String(10_000_000 + n) });
    const tries = [
      () => limited.app.inject({ method: 'POST', url: '/api/community/pqrsf/consulta', payload: guess(1) }),
      () => limited.app.inject({ method: 'POST', url: '/api/community/pqrsf/consulta', payload: guess(2) }),
      () => limited.app.inject({ method: 'POST', url: '/api/community/pqrsf/consulta/adjunto', payload: { ...guess(3), attachment: '1' } }),
      () => limited.app.inject({ method: 'POST', url: '/api/community/pqrsf/consulta/adjunto', payload: { ...guess(4), attachment: '1' } }),
    ];
    for (const attempt of tries) expect((await attempt()).statusCode).toBe(404);
    const download = await limited.app.inject({
      method: 'POST',
      url: '/api/community/pqrsf/consulta/adjunto',
      payload: { ...guess(5), attachment: '1' },
    });
    expect(download.statusCode).toBe(429);
    const lookup = await limited.app.inject({ method: 'POST', url: '/api/community/pqrsf/consulta', payload: guess(6) });
    expect(lookup.statusCode).toBe(429);
    expect(lookup.json()).toMatchObject({ error: 'rate_limited' });
  });
});
