import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CaseAssignees, CaseBulkAssignResponse } from 'shared/cases/assignment';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit } from 'shared/server/audit';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { DataInboxResponse, DataRequestCase } from '../src/data-requests/schemas';
import type { PersonalDataEngine } from '../src/data-requests/server/personal-data';
import { createAccountApi } from './index';

/** Assignment of the data subject's requests (#32): the legal-case kit's (shared/server/cases/assign.ts) with the role «datos». */

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

const NOW = new Date('2026-03-16T15:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await testApi(createAccountApi({ dataRequests: { now: () => NOW, personalData: () => engine } }), {
    identity: identity.verifier,
    staff,
    settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());

const person = { name: 'Martina Ñáñez', email: 'martina@example.com', details: 'Quiero saber qué datos míos tienen.' };
const file = async (kind = 'acceso') => {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/account/data-requests',
    payload: { ...person, kind },
    headers: { authorization: `Bearer ${identity.token({ email: person.email })}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ radicado: string }>().radicado;
};
const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
  api.app.inject({
    method,
    url: `/api/account/staff/data-requests${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
const assignMails = async (to: string) => (await api.mailer.list(500)).filter((m) => m.to === to && m.subject.startsWith('Te asignaron'));
const assignAudit = async (radicado: string) =>
  (await readAudit(api.db, { limit: 20, entity: 'data_request', entityId: radicado })).filter((r) => r.action === 'account.data.assign');

describe('assigning a data request', () => {
  it('goes to a member of «datos» with a history row, an audit row and an e-mail naming the radicado and type only', async () => {
    const radicado = await file();
    const res = await call('POST', `/${radicado}/asignacion`, dana, { to: 'persona:dario@fundacion.org', note: 'Urgente.' });
    expect(res.statusCode).toBe(200);
    const c = res.json<DataRequestCase>();
    expect(c.assignee).toMatchObject({ kind: 'member', email: 'dario@fundacion.org' });
    expect(c.history.at(-1)).toMatchObject({ action: 'asignada', note: 'Asignada a dario@fundacion.org.\nUrgente.' });
    expect((await assignAudit(radicado))[0]).toMatchObject({ actorEmail: 'dana@fundacion.org' });
    const [mail] = await assignMails('dario@fundacion.org');
    expect(mail?.subject).toMatch(new RegExp(`^Te asignaron el caso de datos personales ${radicado}`));
    expect(mail?.text).toContain(`/equipo/datos-personales/${radicado}`);
    for (const personal of ['Martina', 'Ñáñez', 'martina@example.com', 'Quiero saber', 'Urgente'])
      expect(`${mail?.subject}\n${mail?.text}\n${mail?.html}`).not.toContain(personal);
  });

  it('refuses a member outside «datos» (400 in Spanish) and a member of another team (403)', async () => {
    const radicado = await file();
    const res = await call('POST', `/${radicado}/asignacion`, dana, { to: 'persona:atencion@fundacion.org' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'unknown_member' });
    expect((await call('POST', `/${radicado}/asignacion`, otherTeam, { to: 'area:Datos personales' })).statusCode).toBe(403);
    expect((await call('GET', '/asignables', otherTeam)).statusCode).toBe(403);
    const who = (await call('GET', '/asignables', dana)).json<CaseAssignees>();
    expect(who.members.map((m) => m.email)).toEqual(['dana@fundacion.org', 'dario@fundacion.org']);
  });

  it('lists «Mis casos» per member and reassigns in bulk, refusing an answered request with its reason', async () => {
    const first = await file();
    const second = await file();
    const answered = await file();
    expect((await call('POST', `/${answered}/respuesta`, dana, { response: 'Le enviamos lo que tenemos.' })).statusCode).toBe(200);

    const res = await call('POST', '/asignacion', dana, { radicados: [first, second, answered], to: 'persona:dario@fundacion.org' });
    expect(res.json<CaseBulkAssignResponse>()).toEqual({
      assigned: [first, second],
      refused: [{ radicado: answered, reason: 'No se puede asignar un caso que ya no está abierto (estado «Respondida»).' }],
    });
    expect(await assignAudit(answered)).toEqual([]);
    expect(await assignAudit(first)).toHaveLength(1);

    const mine = (await call('POST', '/bandeja', dario, { assigned: 'mias' })).json<DataInboxResponse>().items.map((i) => i.radicado);
    expect(mine).toEqual(expect.arrayContaining([first, second]));
    const hers = (await call('POST', '/bandeja', dana, { assigned: 'mias' })).json<DataInboxResponse>().items;
    expect(hers.map((i) => i.radicado)).not.toContain(first);
    const unassigned = (await call('POST', '/bandeja', dana, { assigned: 'sin-asignar' })).json<DataInboxResponse>().items;
    expect(unassigned.map((i) => i.radicado)).not.toContain(second);
    expect(await assignMails('dario@fundacion.org')).toHaveLength(2);
  });
});
