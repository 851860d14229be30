import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { UploadedAttachment } from '../attachment-schemas';
import { createCommunityApi } from '../../../server/index';
import { purgeRemovedObjects } from './attachments';

// The object store failing (a timeout, an outage) while a member removes a pending upload (#32): the row is already
// gone, so "Quitar" must say so rather than answer an error that leaves the file listed (and the next answer refused
// with 409 for an id that no longer exists). The stored bytes stay queued and a later purge removes them; one key the
// store refuses does not hold back the others.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org', roles: ['atencion'] });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });

const store = memoryObjectStore();
let failing: (key: string) => boolean = () => false;
let afterPut: () => Promise<void> = async () => undefined;
const objects: typeof store = {
  ...store,
  async put(key, bytes, contentType, metadata) {
    const stored = await store.put(key, bytes, contentType, metadata);
    await afterPut();
    return stored;
  },
  async delete(key) {
    if (failing(key)) throw new Error('almacén no disponible');
    return store.delete(key);
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createCommunityApi({ acknowledgementsPerAddressPerDay: 0 }), {
    identity: identity.verifier,
    staff,
    objects,
    settings: { writeLimit: { max: 10_000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('contenido '.repeat(20)), Buffer.from('\n%%EOF')]);

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

const uploaded = async (radicado: string, name: string): Promise<UploadedAttachment> => {
  const res = await api.app.inject({
    method: 'POST',
    url: `/api/community/staff/pqrsf/${radicado}/adjuntos`,
    headers: { authorization: `Bearer ${ana}`, 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(name) },
    payload: PDF,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as UploadedAttachment;
};

describe('PQRSF attachments while the object store fails', () => {
  it('answers "removed" when the row went though the bytes could not be deleted yet, and purges them later', async () => {
    const radicado = await file();
    const gone = await uploaded(radicado, 'equivocado.pdf');
    const keys = store.keys().length;
    failing = () => true;
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/api/community/staff/pqrsf/${radicado}/adjuntos/${gone.id}`,
      headers: { authorization: `Bearer ${ana}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true });
    expect(store.keys().length).toBe(keys);

    failing = () => false;
    expect(await purgeRemovedObjects(api.ctx)).toBe(1);
    expect(store.keys().length).toBe(keys - 1);
  });

  it('removes every other queued file when the store refuses one of them', async () => {
    const radicado = await file();
    const a = await uploaded(radicado, 'a.pdf');
    const b = await uploaded(radicado, 'b.pdf');
    const rows = await api.db.selectFrom('community.pqrsf_attachments').select('object_key').where('id', 'in', [a.id, b.id]).execute();
    const [stuck] = rows.map((r) => r.object_key).sort();
    failing = () => true;
    await api.db.deleteFrom('community.pqrsf_attachments').where('id', 'in', [a.id, b.id]).execute();
    failing = (key) => key === stuck;
    // The run fails (the job logs it), having deleted every file it could.
    await expect(purgeRemovedObjects(api.ctx)).rejects.toThrow('1 of 2');
    const queued = await api.db.selectFrom('community.pqrsf_attachment_removals').select('object_key').execute();
    expect(queued.map((q) => q.object_key)).toEqual([stuck]);
    failing = () => false;
  });

  it('leaves no file behind when the case goes while its upload is being stored', async () => {
    const radicado = await file();
    const keys = store.keys().length;
    // Retention (or anything else) deletes the case between the bytes being stored and the row being written.
    afterPut = async () => {
      await api.db.deleteFrom('community.pqrsf_requests').where('radicado', '=', radicado).execute();
    };
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/community/staff/pqrsf/${radicado}/adjuntos`,
      headers: { authorization: `Bearer ${ana}`, 'content-type': 'application/pdf', 'x-file-name': 'tarde.pdf' },
      payload: PDF,
    });
    afterPut = async () => undefined;
    expect(res.statusCode).toBe(404);
    expect(store.keys().length).toBe(keys);
  });
});
