import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { addBusinessDays, colombianDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import type { PqrsfLookupResponse } from '../schemas';
import type { DigestResponse, PqrsfCase, PqrsfInboxResponse } from '../staff-schemas';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit } from 'shared/server/audit';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { runPqrsfDigest } from './digest';
import { createCommunityApi } from '../../../server/index';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org' });
staff.seat({ username: 'jefe@fundacion.org', admin: true });
staff.seat({ username: 'baja@fundacion.org', enabled: false });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });
const admin = staffToken(identity, { email: 'jefe@fundacion.org', admin: true });
const visitor = identity.token({ email: 'visitante@correo.co' });

// Monday 2 March 2026, 10:00 in Bogotá. San José (19 March) is observed on Monday 23 March 2026.
const START = new Date('2026-03-02T15:00:00Z');
let clock = START;
const at = (isoDate: string) => new Date(`${isoDate}T15:00:00Z`);

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createCommunityApi({ now: () => clock, acknowledgementsPerAddressPerDay: 0 }), {
    identity: identity.verifier,
    staff,
    settings: { writeLimit: { max: 10_000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());
beforeEach(() => {
  clock = START;
});

const request = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
  api.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });

const petition = {
  rol_type: 'Estudiante',
  name: 'Luisa',
  lastname: 'Martínez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1.020.304.050',
  phone_number: '3151112233',
  email: 'luisa@example.com',
  request_type: 'Queja',
  reviews: 'La clase del martes no tuvo grabación.',
};

/** Files a request through the public form, as a visitor does, at the current clock. */
async function file(over: Partial<typeof petition> = {}): Promise<string> {
  const res = await request('POST', '/api/community/pqrsf', undefined, { ...petition, ...over });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

const caseOf = async (radicado: string, token = ana) => {
  const res = await request('GET', `/api/community/staff/pqrsf/${radicado}`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as PqrsfCase;
};
const inbox = async (body: Record<string, unknown> = {}) => {
  const res = await request('POST', '/api/community/staff/pqrsf/bandeja', ana, body);
  expect(res.statusCode).toBe(200);
  return res.json() as PqrsfInboxResponse;
};
const lookup = async (radicado: string, idNumber = petition.id_number) => {
  const res = await request('POST', '/api/community/pqrsf/consulta', undefined, { id: radicado, id_number: idNumber });
  expect(res.statusCode).toBe(200);
  const record = (res.json() as PqrsfLookupResponse).Items[0];
  if (!record) throw new Error('lookup found nothing');
  return record;
};
const mailsTo = async (to: string) => (await api.mailer.list(500)).filter((m) => m.to === to);
/** What the team did to a case (its reads, audited too, are left out: see the read test below). */
const auditOf = async (radicado: string) =>
  (await readAudit(api.db, { limit: 50, entity: 'pqrsf', entityId: radicado })).filter((r) => r.action !== 'community.pqrsf.read');

describe('every PQRSF staff route', () => {
  const sample = '1234567890123456';
  const routes: Array<['GET' | 'POST', string, unknown]> = [
    ['POST', '/api/community/staff/pqrsf/bandeja', {}],
    ['GET', `/api/community/staff/pqrsf/${sample}`, undefined],
    ['POST', `/api/community/staff/pqrsf/${sample}/en-tramite`, {}],
    ['POST', `/api/community/staff/pqrsf/${sample}/respuesta`, { response: 'Hola' }],
    ['POST', `/api/community/staff/pqrsf/${sample}/ampliacion`, { reason: 'Motivo', dueDate: '2026-04-01' }],
    ['POST', `/api/community/staff/pqrsf/${sample}/traslado`, { entity: 'Secretaría de Educación', entityEmail: 'sed@bogota.gov.co' }],
    ['POST', `/api/community/staff/pqrsf/${sample}/cierre`, { note: 'Duplicada' }],
    ['POST', `/api/community/staff/pqrsf/${sample}/notas`, { body: 'Nota' }],
    ['POST', '/api/community/staff/pqrsf/digest', undefined],
  ];

  it.each(routes)('%s %s answers 401 without a token and 403 to a visitor or a removed member', async (method, url, body) => {
    expect((await request(method, url, undefined, body)).statusCode).toBe(401);
    const asVisitor = await request(method, url, visitor, body);
    expect(asVisitor.statusCode).toBe(403);
    expect(asVisitor.json()).toMatchObject({ error: 'forbidden', message: 'Esta sección es solo para el equipo de la fundación.' });
    expect((await request(method, url, staffToken(identity, { email: 'baja@fundacion.org' }), body)).statusCode).toBe(403);
  });

  it('keeps the digest trigger for admins', async () => {
    expect((await request('POST', '/api/community/staff/pqrsf/digest', ana)).statusCode).toBe(403);
  });

  it('answers 404 in Spanish for an unknown radicado', async () => {
    const res = await request('GET', `/api/community/staff/pqrsf/${sample}`, ana);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No encontramos una solicitud con ese número de radicado.' });
  });

  it('leaves an audit row for each read of the inbox and of a case: who, which case, how many', async () => {
    const radicado = await file();
    const listed = await inbox({ q: 'Pérez' });
    await caseOf(radicado);
    const reads = await readAudit(api.db, { limit: 2, actionPrefix: 'community.pqrsf.read' });
    expect(reads.map((r) => [r.actorEmail, r.entityId, r.detail])).toEqual([
      ['ana@fundacion.org', radicado, { rows: 1, filters: [] }],
      ['ana@fundacion.org', null, { rows: listed.items.length, filters: expect.arrayContaining(['q']) }],
    ]);
    expect(JSON.stringify(reads)).not.toContain('Pérez');
  });
});

describe('answering a request', () => {
  it('takes it to En trámite, then Respondida with the date; the petitioner gets the answer and the lookup shows it', async () => {
    const radicado = await file({ email: 'respuesta@example.com' });
    const filed = await caseOf(radicado);
    expect(filed).toMatchObject({ status: 'En proceso', termDays: 15, dueDate: addBusinessDays('2026-03-02', 15), response: null });
    expect(filed.history).toEqual([expect.objectContaining({ action: 'radicada', status: 'En proceso', actorEmail: null })]);

    clock = at('2026-03-03');
    const taken = await request('POST', `/api/community/staff/pqrsf/${radicado}/en-tramite`, ana, { note: 'Lo reviso yo.' });
    expect(taken.statusCode).toBe(200);
    expect((taken.json() as PqrsfCase).status).toBe('En trámite');
    const again = await request('POST', `/api/community/staff/pqrsf/${radicado}/en-tramite`, ana, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'La solicitud ya está en trámite.' });

    clock = at('2026-03-05');
    const answer = 'Hola, Luisa.\n\nLa grabación ya está en la plataforma. <script>alert(1)</script> & gracias.';
    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/respuesta`, ana, { response: answer });
    expect(res.statusCode).toBe(200);
    const answered = res.json() as PqrsfCase;
    expect(answered.status).toBe('Respondida');
    expect(answered.response).toEqual({ text: answer, at: clock.toISOString() });
    expect(answered.history.map((h) => [h.action, h.status, h.actorEmail])).toEqual([
      ['radicada', 'En proceso', null],
      ['en_tramite', 'En trámite', 'ana@fundacion.org'],
      ['respondida', 'Respondida', 'ana@fundacion.org'],
    ]);
    expect(answered.history[1]?.note).toBe('Lo reviso yo.');
    expect(answered.actions.respond.allowed).toBe(false);

    const [mail, ...more] = await mailsTo('respuesta@example.com');
    expect(more).toHaveLength(0);
    // Fixed text and the radicado only in the subject; the answer escaped in the HTML, whole in the text.
    expect(mail?.subject).toBe(`Respuesta a tu solicitud ${radicado} - ${site.name}`);
    expect(mail?.text).toContain('La grabación ya está en la plataforma. <script>alert(1)</script> & gracias.');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; gracias.');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.text).toContain(`/consultar-solicitud?radicado=${radicado}#radicado`);
    expect(mail?.text).not.toContain('Luisa Martínez');

    const record = await lookup(radicado);
    expect(record).toMatchObject({ status: 'Respondida', response: answer, respondedAt: clock.toISOString() });

    const audit = await auditOf(radicado);
    expect(audit.map((a) => [a.action, a.actorEmail, a.detail])).toEqual([
      ['community.pqrsf.respond', 'ana@fundacion.org', { from: 'En trámite', to: 'Respondida', onTime: true }],
      ['community.pqrsf.start', 'ana@fundacion.org', { from: 'En proceso', to: 'En trámite' }],
    ]);
    expect(JSON.stringify(audit)).not.toContain('grabación');

    const twice = await request('POST', `/api/community/staff/pqrsf/${radicado}/respuesta`, ana, { response: 'Otra' });
    expect(twice.statusCode).toBe(409);
  });

  it('asks for the answer in Spanish', async () => {
    const radicado = await file();
    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/respuesta`, ana, { response: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { response: 'Escribe la respuesta que recibirá la persona.' } });
  });

  it('sends nothing to a filed address that is not one plain address, and still records the answer', async () => {
    const radicado = await file({ email: 'otra@example.com' });
    await sql`update community.pqrsf_requests set email = 'a@x.co, victima@example.com' where radicado = ${radicado}`.execute(api.db);
    const before = (await api.mailer.list(500)).length;
    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/respuesta`, ana, { response: 'Respuesta' });
    expect(res.statusCode).toBe(200);
    expect((await api.mailer.list(500)).length).toBe(before);
  });
});

describe('extending the term (Ley 1755 art. 14 parágrafo)', () => {
  it('moves the due date within twice the term, tells the petitioner, and shows the new date in the lookup', async () => {
    const radicado = await file({ email: 'ampliacion@example.com', request_type: 'Solicitud' });
    const filed = await caseOf(radicado);
    const original = addBusinessDays('2026-03-02', 10);
    const max = addBusinessDays('2026-03-02', 20);
    expect(filed.dueDate).toBe(original);
    expect(filed.actions.extend).toMatchObject({ allowed: true, maxDate: max });

    const tooFar = await request('POST', `/api/community/staff/pqrsf/${radicado}/ampliacion`, ana, {
      reason: 'Necesitamos consultar a otra área.',
      dueDate: addBusinessDays(max, 1),
    });
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json()).toMatchObject({
      error: 'invalid_due_date',
      message: `La nueva fecha no puede pasar del ${formatLongDate(max)}: el doble del término inicial (20 días hábiles desde la radicación, Ley 1755 de 2015, art. 14 parágrafo).`,
    });
    const earlier = await request('POST', `/api/community/staff/pqrsf/${radicado}/ampliacion`, ana, { reason: 'x', dueDate: original });
    expect(earlier.statusCode).toBe(422);

    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/ampliacion`, ana, {
      reason: 'Necesitamos consultar a otra área.',
      dueDate: max,
    });
    expect(res.statusCode).toBe(200);
    const extended = res.json() as PqrsfCase;
    expect(extended).toMatchObject({
      dueDate: max,
      originalDueDate: original,
      extension: { reason: 'Necesitamos consultar a otra área.' },
    });
    expect(extended.history.at(-1)).toMatchObject({ action: 'ampliada', status: 'En proceso', dueDate: max });

    const [mail] = await mailsTo('ampliacion@example.com');
    expect(mail?.subject).toBe(`Ampliamos el plazo de respuesta de tu solicitud ${radicado} - ${site.name}`);
    expect(mail?.text).toContain('Necesitamos consultar a otra área.');
    expect(mail?.text).toContain(`Nueva fecha límite de respuesta: ${formatLongDate(max)}`);

    expect(await lookup(radicado)).toMatchObject({ dueDate: max, originalDueDate: original, status: 'En proceso' });
    expect((await auditOf(radicado))[0]).toMatchObject({
      action: 'community.pqrsf.extend',
      detail: { dueDate: max, previousDueDate: original },
    });

    const second = await request('POST', `/api/community/staff/pqrsf/${radicado}/ampliacion`, ana, { reason: 'Otra vez', dueDate: max });
    expect(second.statusCode).toBe(409);
  });

  it('is refused once the term has ended', async () => {
    const radicado = await file();
    const due = (await caseOf(radicado)).dueDate;
    clock = at(addBusinessDays(due, 1));
    const c = await caseOf(radicado);
    expect(c.urgency).toBe('vencida');
    expect(c.actions.extend).toMatchObject({ allowed: false, maxDate: null });
    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/ampliacion`, ana, {
      reason: 'Tarde',
      dueDate: addBusinessDays('2026-03-02', 30),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'term_over',
      message: `El plazo venció el ${formatLongDate(due)}: la ley solo permite ampliarlo antes de que venza (Ley 1755 de 2015, art. 14 parágrafo).`,
    });
    expect(await auditOf(radicado)).toHaveLength(0);
  });

  it('is still possible on the due date itself', async () => {
    const radicado = await file();
    const due = (await caseOf(radicado)).dueDate;
    clock = at(due);
    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/ampliacion`, ana, {
      reason: 'Último día',
      dueDate: addBusinessDays(due, 2),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('transferring to the competent entity (art. 21)', () => {
  it('works within 5 business days of the filing and tells the petitioner', async () => {
    const radicado = await file({ email: 'traslado@example.com' });
    clock = at(addBusinessDays('2026-03-02', 5));
    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/traslado`, ana, {
      entity: 'Secretaría de Educación de Bogotá',
      entityEmail: 'contactenos@educacionbogota.gov.co',
      note: 'Es un asunto de un colegio público.',
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json() as PqrsfCase;
    expect(moved).toMatchObject({ status: 'Trasladada', transfer: { entity: 'Secretaría de Educación de Bogotá' }, urgency: null });
    const [mail] = await mailsTo('traslado@example.com');
    expect(mail?.subject).toBe(`Trasladamos tu solicitud ${radicado} - ${site.name}`);
    expect(mail?.text).toContain('la enviamos a Secretaría de Educación de Bogotá');
    expect(mail?.text).not.toContain('colegio público');
    expect(await lookup(radicado)).toMatchObject({ status: 'Trasladada', transferredTo: 'Secretaría de Educación de Bogotá' });
    expect((await auditOf(radicado))[0]).toMatchObject({ action: 'community.pqrsf.transfer' });
  });

  it('is refused after 5 business days', async () => {
    const radicado = await file();
    const deadline = addBusinessDays('2026-03-02', 5);
    clock = at(addBusinessDays(deadline, 1));
    expect((await caseOf(radicado)).actions.transfer).toMatchObject({ allowed: false, deadline });
    const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/traslado`, ana, {
      entity: 'ICBF',
      entityEmail: 'atencion@icbf.gov.co',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'transfer_too_late' });
    expect((res.json() as { message: string }).message).toContain(formatLongDate(deadline));
    expect((await caseOf(radicado)).status).toBe('En proceso');
  });
});

describe('closing and notes', () => {
  it('asks why an open request is closed, closes it once, and keeps internal notes out of the lookup', async () => {
    const radicado = await file();
    const note = await request('POST', `/api/community/staff/pqrsf/${radicado}/notas`, ana, { body: 'Llamar a la persona el lunes.' });
    expect(note.statusCode).toBe(200);
    expect((note.json() as PqrsfCase).notes).toEqual([
      expect.objectContaining({ body: 'Llamar a la persona el lunes.', actorEmail: 'ana@fundacion.org' }),
    ]);

    const bare = await request('POST', `/api/community/staff/pqrsf/${radicado}/cierre`, ana, {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toMatchObject({ error: 'note_required' });
    const closed = await request('POST', `/api/community/staff/pqrsf/${radicado}/cierre`, ana, { note: 'Duplicada de otra solicitud.' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'Cerrada', urgency: null, actions: { close: { allowed: false } } });
    expect((await request('POST', `/api/community/staff/pqrsf/${radicado}/cierre`, ana, { note: 'x' })).statusCode).toBe(409);

    const record = await lookup(radicado);
    expect(record.status).toBe('Cerrada');
    expect(JSON.stringify(record)).not.toContain('Llamar a la persona');
    expect((await auditOf(radicado)).map((a) => a.action)).toEqual(['community.pqrsf.close', 'community.pqrsf.note']);
  });
});

describe('the inbox', () => {
  it('lists by due date with counts, filters, search and keyset pages', async () => {
    clock = at('2026-05-04');
    const solicitud = await file({ request_type: 'Solicitud', name: 'Óscar', lastname: 'Peña', id_number: 'AB-778899' });
    const queja = await file({ request_type: 'Queja', name: 'Zoe', lastname: 'Quintero', id_number: '5.556.667' });

    const first = await inbox({ q: 'oscar pena' });
    expect(first.items.map((i) => i.radicado)).toEqual([solicitud]);
    expect((await inbox({ q: 'PEÑA' })).items.map((i) => i.radicado)).toEqual([solicitud]);
    expect((await inbox({ q: 'ab778' })).items.map((i) => i.radicado)).toEqual([solicitud]);
    expect((await inbox({ q: '5.556.667' })).items.map((i) => i.radicado)).toEqual([queja]);
    expect((await inbox({ q: queja.slice(0, 10) })).items.map((i) => i.radicado)).toEqual([queja]);
    expect((await inbox({ q: '100%_' })).items).toEqual([]);

    const open = await inbox();
    const dues = open.items.map((i) => i.dueDate);
    expect(dues).toEqual([...dues].sort());
    // The Solicitud (10 days) is due before the Queja (15 days) filed the same day.
    expect(open.items.findIndex((i) => i.radicado === solicitud)).toBeLessThan(open.items.findIndex((i) => i.radicado === queja));
    expect(open.items.every((i) => i.status === 'En proceso' || i.status === 'En trámite')).toBe(true);
    expect((await inbox({ type: 'Solicitud' })).items.every((i) => i.requestType === 'Solicitud')).toBe(true);

    const { counts } = open;
    expect(counts.all).toBe(Object.values(counts.byStatus).reduce((a, b) => a + b, 0));
    expect(counts.open).toBe(counts.byStatus['En proceso'] + counts.byStatus['En trámite']);
    expect(counts.byStatus.Respondida).toBeGreaterThanOrEqual(1);
    // The trigger-kept counts agree with the rows after every filing and action of this suite.
    const actual = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from community.pqrsf_requests group by status`.execute(api.db);
    expect(Object.fromEntries(actual.rows.map((r) => [r.status, r.n]))).toEqual(
      Object.fromEntries(Object.entries(counts.byStatus).filter(([, n]) => n > 0)),
    );

    const overdue = await inbox({ due: 'vencidas' });
    expect(overdue.items.length).toBe(counts.overdue);
    expect(overdue.items.every((i) => i.urgency === 'vencida' && i.dueDate < '2026-05-04' && (i.businessDaysLeft ?? 0) < 0)).toBe(true);
    const soon = await inbox({ due: 'pronto' });
    expect(soon.items.length).toBe(counts.dueSoon);

    // Keyset pages over 60 more open cases: no row twice, none lost, still in order.
    const values = Array.from({ length: 60 }, (_, i) => ({
      radicado: String(9000000000000000 + i),
      status: 'En proceso',
      rol_type: 'Usuario',
      name: 'Paginada',
      lastname: `Número ${i}`,
      id_type: 'Cédula de ciudadanía',
      id_number: String(70000000 + i),
      id_number_key: String(70000000 + i),
      phone_number: '3000000000',
      email: `p${i}@example.com`,
      request_type: 'Petición',
      reviews: 'x',
      term_days: 15,
      due_date: addBusinessDays('2026-05-04', i % 7),
    }));
    await api.db.insertInto('community.pqrsf_requests').values(values).execute();
    expect((await inbox()).counts.byStatus['En proceso']).toBe(counts.byStatus['En proceso'] + 60);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: PqrsfInboxResponse = await inbox({ q: 'paginada', ...(after ? { after } : {}) });
      seen.push(...page.items.map((i) => `${i.dueDate}.${i.radicado}`));
      after = page.nextCursor;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(seen.map((s) => s.slice(0, 10))).toEqual(seen.map((s) => s.slice(0, 10)).sort());
    // A tampered cursor is the staff member's mistake (400), never the database's (500).
    for (const after of ['2026-01-01.9999999999', '2026-19-99.5', '2026-02-30.5'])
      expect((await request('POST', '/api/community/staff/pqrsf/bandeja', ana, { after })).statusCode).toBe(400);

    const soonNow = await inbox({ due: 'pronto', q: 'paginada' });
    expect(soonNow.items.every((i) => i.urgency === 'pronto' && (i.businessDaysLeft ?? 99) <= 3)).toBe(true);
    // 36 of them are due within 3 business days: a full first page and a cursor to the rest.
    expect(values.filter((v) => v.due_date <= addBusinessDays('2026-05-04', 3))).toHaveLength(36);
    expect(soonNow.items).toHaveLength(25);
    expect(soonNow.nextCursor).not.toBeNull();

    const bad = await request('POST', '/api/community/staff/pqrsf/bandeja', ana, { status: 'Abierta' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the daily digest', () => {
  it('runs once for two concurrent triggers and e-mails every enabled member the due-soon and overdue cases', async () => {
    clock = at('2026-06-01');
    const late = await file();
    const soon = await file();
    await sql`update community.pqrsf_requests set due_date = '2026-05-28' where radicado = ${late}`.execute(api.db);
    await sql`update community.pqrsf_requests set due_date = '2026-06-03' where radicado = ${soon}`.execute(api.db);
    const before = await api.mailer.list(500);

    const [a, b] = await Promise.all([
      request('POST', '/api/community/staff/pqrsf/digest', admin),
      request('POST', '/api/community/staff/pqrsf/digest', admin),
    ]);
    const results = [a.json() as DigestResponse, b.json() as DigestResponse];
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    const ran = results.find((r) => r.ran);
    expect(ran).toMatchObject({ sent: true, recipients: 2 });
    expect(ran?.overdue).toBeGreaterThanOrEqual(1);

    const sent = (await api.mailer.list(500)).slice(0, (await api.mailer.list(500)).length - before.length);
    expect(sent.map((m) => m.to).sort()).toEqual(['ana@fundacion.org', 'jefe@fundacion.org']);
    const text = sent[0]?.text ?? '';
    expect(sent[0]?.subject).toMatch(/^PQRSF: \d+ vencidas y \d+ por vencer - /);
    expect(text).toContain(`• ${late} · Queja · En proceso · venció el 28 de mayo de 2026 (hace 2 días hábiles)`);
    expect(text).toContain(`• ${soon} · Queja · En proceso · vence el 3 de junio de 2026 (en 2 días hábiles)`);
    expect(text).not.toContain('Martínez');
    expect(text).toContain('/equipo/pqrsf');

    const third = await request('POST', '/api/community/staff/pqrsf/digest', admin);
    expect(third.json()).toMatchObject({ ran: false });
    const audit = await readAudit(api.db, { limit: 5, actionPrefix: 'community.pqrsf.digest' });
    expect(audit).toHaveLength(1);
  });

  it('sends nothing when nothing is due', async () => {
    const before = (await api.mailer.list(500)).length;
    // A day before any request in this suite was filed: every due date is weeks away.
    const result = await runPqrsfDigest(api.ctx, { now: () => at('2026-01-05') });
    expect(result).toEqual({ ran: true, sent: false, recipients: 0, dueSoon: 0, overdue: 0 });
    expect((await api.mailer.list(500)).length).toBe(before);
    expect(colombianDate(at('2026-01-05'))).toBe('2026-01-05');
  });
});

describe('the roles of the PQRSF operations', () => {
  it('come from their declarations: a member without «atención» is refused every one, reads and actions alike', async () => {
    staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
    const cursos = staffToken(identity, { email: 'cursos@fundacion.org' });
    const radicado = await file();
    const calls: Array<[method: 'GET' | 'POST', url: string, body?: Record<string, unknown>]> = [
      ['POST', '/api/community/staff/pqrsf/bandeja', {}],
      ['GET', `/api/community/staff/pqrsf/${radicado}`],
      ['POST', `/api/community/staff/pqrsf/${radicado}/en-tramite`, {}],
      ['POST', `/api/community/staff/pqrsf/${radicado}/notas`, { body: 'Nota' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await request(method, url, cursos, body);
      expect([url, res.statusCode, res.json().error]).toEqual([url, 403, 'role_required']);
    }
    expect((await caseOf(radicado)).status).toBe('En proceso');
  });
});
