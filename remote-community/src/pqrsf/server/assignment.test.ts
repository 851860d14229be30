import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CaseAssignees, CaseBulkAssignResponse } from 'shared/cases/assignment';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit } from 'shared/server/audit';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { PqrsfCase, PqrsfInboxResponse } from '../staff-schemas';
import { createCommunityApi } from '../../../server/index';

// Assignment of PQRSF cases (#32): the legal-case kit's (shared/server/cases/assign.ts) on the community remote.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org', roles: ['atencion'] });
staff.seat({ username: 'beto@fundacion.org', roles: ['atencion'] });
staff.seat({ username: 'carla@fundacion.org', roles: ['cursos'] });
staff.seat({ username: 'baja@fundacion.org', roles: ['atencion'], enabled: false });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });
const beto = staffToken(identity, { email: 'beto@fundacion.org' });
const carla = staffToken(identity, { email: 'carla@fundacion.org' });

const START = new Date('2026-03-02T15:00:00Z');

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createCommunityApi({ now: () => START, acknowledgementsPerAddressPerDay: 0 }), {
    identity: identity.verifier,
    staff,
    settings: { writeLimit: { max: 10_000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());

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

async function file(): Promise<string> {
  const res = await request('POST', '/api/community/pqrsf', undefined, petition);
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

const assign = (radicado: string, body: unknown, token = ana) =>
  request('POST', `/api/community/staff/pqrsf/${radicado}/asignacion`, token, body);
const inbox = async (body: Record<string, unknown>, token = ana) => {
  const res = await request('POST', '/api/community/staff/pqrsf/bandeja', token, body);
  expect(res.statusCode).toBe(200);
  return (res.json() as PqrsfInboxResponse).items.map((i) => i.radicado);
};
/** The assignment e-mails a member got (the team's new-case notices left out). */
const mailsTo = async (to: string) => (await api.mailer.list(500)).filter((m) => m.to === to && m.subject.startsWith('Te asignaron'));
const assignAudit = async (radicado: string) =>
  (await readAudit(api.db, { limit: 20, entity: 'pqrsf', entityId: radicado })).filter((r) => r.action === 'community.pqrsf.assign');

describe('assigning a PQRSF', () => {
  it('goes to a member of «atención»: shown on the case, a history row, an audit row, and an e-mail to that member only', async () => {
    const radicado = await file();
    const before = (await mailsTo('beto@fundacion.org')).length;
    const res = await assign(radicado, { to: 'persona:beto@fundacion.org', note: 'Conoce el curso.' });
    expect(res.statusCode).toBe(200);
    const c = res.json() as PqrsfCase;
    expect(c.assignee).toMatchObject({ kind: 'member', label: 'beto@fundacion.org', email: 'beto@fundacion.org' });
    expect(c.history.at(-1)).toMatchObject({
      action: 'asignada',
      status: 'En proceso',
      note: 'Asignada a beto@fundacion.org.\nConoce el curso.',
      actorEmail: 'ana@fundacion.org',
    });
    const [audit] = await assignAudit(radicado);
    expect(audit).toMatchObject({
      actorEmail: 'ana@fundacion.org',
      detail: { from: null, to: { kind: 'member', to: 'beto@fundacion.org' } },
    });

    const mails = await mailsTo('beto@fundacion.org');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.subject.includes(radicado));
    expect(mail?.subject).toMatch(new RegExp(`^Te asignaron el caso PQRSF ${radicado}`));
    expect(mail?.text).toContain(`/equipo/pqrsf/${radicado}`);
    expect(mail?.text).toContain('Queja');
    // Nothing of the petitioner, nor the internal note, reaches a mailbox.
    for (const secret of ['Luisa', 'Martínez', 'luisa@example.com', '1.020.304.050', 'grabación', 'Conoce el curso'])
      expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toContain(secret);
  });

  it('goes to an area without an e-mail, and a reassignment audits from whom to whom', async () => {
    const radicado = await file();
    expect((await assign(radicado, { to: 'persona:beto@fundacion.org' })).statusCode).toBe(200);
    const mails = (await api.mailer.list(500)).filter((m) => m.subject.startsWith('Te asignaron')).length;
    const res = await assign(radicado, { to: 'area:Formación' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as PqrsfCase).assignee).toMatchObject({ kind: 'area', label: 'Formación', email: null });
    expect((await api.mailer.list(500)).filter((m) => m.subject.startsWith('Te asignaron')).length).toBe(mails);
    const [last] = await assignAudit(radicado);
    expect(last?.detail).toEqual({ from: { kind: 'member', to: 'beto@fundacion.org' }, to: { kind: 'area', to: 'Formación' } });
  });

  it('refuses in Spanish someone who is not in the team of «atención» (400), and a closed case (409)', async () => {
    const radicado = await file();
    for (const to of ['persona:carla@fundacion.org', 'persona:baja@fundacion.org', 'persona:nadie@fundacion.org']) {
      const res = await assign(radicado, { to });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'unknown_member',
        message: 'Esa persona no está en el equipo que atiende estos casos (o su cuenta no está activa). Elige a otra.',
      });
    }
    const odd = await assign(radicado, { to: 'area:Contabilidad' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ message: 'Elige una persona del equipo o un área de la lista.' });
    expect((await assign(radicado, {})).statusCode).toBe(400);

    expect((await request('POST', `/api/community/staff/pqrsf/${radicado}/cierre`, ana, { note: 'Duplicada.' })).statusCode).toBe(200);
    const closed = await assign(radicado, { to: 'area:Dirección' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: 'No se puede asignar un caso que ya no está abierto (estado «Cerrada»).' });
    expect(await assignAudit(radicado)).toEqual([]);
  });

  it('is for «atención» only (403), the list of who can be chosen too', async () => {
    const radicado = await file();
    expect((await assign(radicado, { to: 'area:Dirección' }, carla)).statusCode).toBe(403);
    expect(
      (await request('POST', '/api/community/staff/pqrsf/asignacion', carla, { radicados: [radicado], to: 'area:Dirección' })).statusCode,
    ).toBe(403);
    expect((await request('GET', '/api/community/staff/pqrsf/asignables', carla)).statusCode).toBe(403);
    expect((await request('GET', '/api/community/staff/pqrsf/asignables')).statusCode).toBe(401);

    const res = await request('GET', '/api/community/staff/pqrsf/asignables', ana);
    expect(res.statusCode).toBe(200);
    const { members, areas } = res.json() as CaseAssignees;
    expect(members.map((m) => m.email)).toEqual(['ana@fundacion.org', 'beto@fundacion.org']);
    expect(areas).toEqual(['Atención al ciudadano', 'Formación', 'Datos personales', 'Dirección']);
    // Reading the team's names and addresses is audited like the inbox.
    const [read] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.pqrsf.read' });
    expect(read).toMatchObject({ actorEmail: 'ana@fundacion.org', detail: { rows: 2 } });
  });
});

describe('the inbox and assignment', () => {
  it('shows «Mis casos» to each member, «Sin asignar» and an area, and the «Asignada a» of each row', async () => {
    const mine = await file();
    const hers = await file();
    const area = await file();
    const nobody = await file();
    await assign(mine, { to: 'persona:beto@fundacion.org' });
    await assign(hers, { to: 'persona:ana@fundacion.org' });
    await assign(area, { to: 'area:Datos personales' });

    const betoMine = await inbox({ assigned: 'mias' }, beto);
    expect(betoMine).toContain(mine);
    expect(betoMine).not.toContain(hers);
    const anaMine = await inbox({ assigned: 'mias' }, ana);
    expect(anaMine).toContain(hers);
    expect(anaMine).not.toContain(mine);
    const unassigned = await inbox({ assigned: 'sin-asignar' });
    expect(unassigned).toContain(nobody);
    expect(unassigned).not.toContain(mine);
    expect(unassigned).not.toContain(area);
    expect(await inbox({ assigned: 'Datos personales' })).toEqual([area]);

    const res = await request('POST', '/api/community/staff/pqrsf/bandeja', ana, {});
    const rows = (res.json() as PqrsfInboxResponse).items;
    expect(rows.find((r) => r.radicado === mine)?.assignee).toMatchObject({ kind: 'member', label: 'beto@fundacion.org' });
    expect(rows.find((r) => r.radicado === nobody)?.assignee).toBeNull();
    expect((await request('POST', '/api/community/staff/pqrsf/bandeja', ana, { assigned: 'otra' })).statusCode).toBe(400);
  });

  it('reassigns in bulk: one history and audit row per case, a closed or unknown case refused with its reason, one e-mail', async () => {
    const one = await file();
    const two = await file();
    const closed = await file();
    await request('POST', `/api/community/staff/pqrsf/${closed}/cierre`, ana, { note: 'Retirada por la persona.' });
    const before = (await mailsTo('beto@fundacion.org')).length;

    const res = await request('POST', '/api/community/staff/pqrsf/asignacion', ana, {
      radicados: [one, two, closed, '9999999999999999', one],
      to: 'persona:beto@fundacion.org',
      note: 'Reparto de la semana.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json() as CaseBulkAssignResponse).toEqual({
      assigned: [one, two],
      refused: [
        { radicado: closed, reason: 'No se puede asignar un caso que ya no está abierto (estado «Cerrada»).' },
        { radicado: '9999999999999999', reason: 'No encontramos una solicitud con ese número de radicado.' },
      ],
    });
    for (const radicado of [one, two]) {
      const audits = await assignAudit(radicado);
      expect(audits).toHaveLength(1);
      expect(audits[0]?.detail).toMatchObject({ bulk: true, to: { kind: 'member', to: 'beto@fundacion.org' } });
      const c = (await request('GET', `/api/community/staff/pqrsf/${radicado}`, ana)).json() as PqrsfCase;
      expect(c.history.filter((h) => h.action === 'asignada')).toHaveLength(1);
    }
    expect(await assignAudit(closed)).toEqual([]);

    const mails = await mailsTo('beto@fundacion.org');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.subject.startsWith('Te asignaron 2 casos PQRSF'));
    expect(mail?.text).toContain(one);
    expect(mail?.text).toContain(two);
    expect(mail?.text).not.toContain(closed);

    const empty = await request('POST', '/api/community/staff/pqrsf/asignacion', ana, { radicados: [], to: 'area:Dirección' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Selecciona al menos un caso.');
  });

  it('sends no e-mail to a member who takes a case themselves', async () => {
    const radicado = await file();
    const before = (await mailsTo('ana@fundacion.org')).length;
    expect((await assign(radicado, { to: 'persona:ana@fundacion.org' })).statusCode).toBe(200);
    expect((await mailsTo('ana@fundacion.org')).length).toBe(before);
  });
});
