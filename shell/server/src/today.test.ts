import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { colombianDate } from 'shared/format/business-days';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { TodayItem, TodayResponse } from 'shared/today/schemas';
import { currentPrivacyPolicy } from 'shared/legal/privacy-policy';
import type { StaffRole } from 'shared/staff-roles';
import { todayDomains } from '../../../site/staff-routes';
import type { Gateway } from './app';
import { testGateway } from './testing';

// "Hoy" (#28): each domain answers, at /api/<domain>/staff/hoy, the counts its features declare for the roles that act
// on them. What a member of each role finds there after visitors filed things, and what they do not.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
const members: Record<string, StaffRole[]> = {
  'atencion@fundacion.org': ['atencion'],
  'comunidad@fundacion.org': ['comunidad'],
  'finanzas@fundacion.org': ['finanzas'],
  'cursos@fundacion.org': ['cursos'],
  'datos@fundacion.org': ['datos'],
  'ambas@fundacion.org': ['atencion', 'datos'],
};
for (const [email, roles] of Object.entries(members)) staff.seat({ username: email, roles });

let gw: Gateway;
beforeAll(async () => {
  gw = await testGateway({}, { RATE_LIMIT_WRITES: '1000' }, { identity: identity.verifier, staff });
});
afterAll(async () => gw.app.close());

const post = async (url: string, payload: Record<string, unknown>) => {
  const res = await gw.app.inject({ method: 'POST', url, payload });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>();
};

/** Every domain's part of "Hoy" for a member, as the shell's page gathers it. */
async function todayOf(email: string): Promise<Map<string, TodayItem>> {
  const items = new Map<string, TodayItem>();
  for (const { domain } of todayDomains) {
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/${domain}/staff/hoy`,
      headers: { authorization: `Bearer ${staffToken(identity, { email })}` },
    });
    expect(res.statusCode).toBe(200);
    for (const item of res.json<TodayResponse>().items) items.set(item.key, item);
  }
  return items;
}

const petition = {
  rol_type: 'Estudiante',
  name: 'Luisa',
  lastname: 'Martínez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1020304050',
  phone_number: '3151112233',
  email: 'luisa@example.com',
  request_type: 'Queja',
  reviews: 'La clase no tuvo grabación.',
};

describe('"Hoy" across the domains', () => {
  it('answers 401 without a token, in every domain', async () => {
    for (const { domain } of todayDomains) expect((await gw.app.inject(`/api/${domain}/staff/hoy`)).statusCode).toBe(401);
  });

  it('shows Atención the open, overdue and due-soon PQRSF, each linking to the inbox filtered so, and nothing of another role', async () => {
    const before = await todayOf('atencion@fundacion.org');
    expect(before.get('community.pqrsf.abiertas')?.count).toBe(0);
    const overdue = await post('/api/community/pqrsf', petition);
    await post('/api/community/pqrsf', { ...petition, email: 'otra@example.com' });
    // One of them is past its term (its due date moved to yesterday, as fifteen business days would).
    const yesterday = colombianDate(new Date(Date.now() - 86_400_000));
    await gw.database.db.updateTable('community.pqrsf_requests').set({ due_date: yesterday }).where('radicado', '=', overdue.id).execute();

    const today = await todayOf('atencion@fundacion.org');
    expect(today.get('community.pqrsf.abiertas')).toMatchObject({
      count: 2,
      label: '2 PQRSF abiertas',
      href: '/equipo/pqrsf',
      section: '/equipo/pqrsf',
    });
    expect(today.get('community.pqrsf.vencidas')).toMatchObject({
      count: 1,
      label: '1 PQRSF vencida',
      tone: 'vencido',
      href: '/equipo/pqrsf?plazo=vencidas',
    });
    expect([...today.keys()].every((k) => k.startsWith('community.pqrsf.'))).toBe(true);
    // Finanzas sees no PQRSF, and Atención no payment.
    const finance = await todayOf('finanzas@fundacion.org');
    expect([...finance.keys()].some((k) => k.startsWith('community.'))).toBe(false);
    expect([...finance.keys()]).toEqual(
      expect.arrayContaining([
        'courses.enrolments.payments.diferencias',
        'courses.invoices.rechazadas',
        'giving.donations.payments.diferencias',
        'giving.certificates.anuales',
      ]),
    );
  });

  it('shows Comunidad each kind of record nobody has contacted, linking to that list', async () => {
    await post('/api/community/volunteers', {
      volunteer_name: 'Ana',
      volunteer_lastname: 'Pérez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1012345678',
      age: '27',
      address: 'Calle 10 # 5-20, Bogotá',
      phone_number: '3001234567',
      email: 'hoy.voluntaria@example.com',
      purposes: 'Enseñar.',
      activities: 'Tutorías.',
      privacy_policy_version: currentPrivacyPolicy.id,
      data_authorization: true,
    });
    const today = await todayOf('comunidad@fundacion.org');
    expect(today.get('community.inbox.voluntarios')).toMatchObject({
      count: 1,
      label: '1 voluntario sin contactar',
      href: '/equipo/comunidad/voluntarios?contacto=pendientes',
      section: '/equipo/comunidad',
    });
    // The newsletter's subscribers wait for no call.
    expect(today.has('community.inbox.boletin')).toBe(false);
    expect([...today.keys()].some((k) => k.startsWith('community.pqrsf.'))).toBe(false);
  });

  it('shows Cursos the open cohorts starting this week, and those whose students would get no way to join', async () => {
    const inThreeDays = colombianDate(new Date(Date.now() + 3 * 86_400_000));
    await gw.database.db
      .insertInto('courses.cohorts')
      .values({ course_name: 'ofimatica-basica', start_date: inThreeDays, schedule: 'Martes 6 p. m.', capacity: 20 })
      .execute();
    const today = await todayOf('cursos@fundacion.org');
    expect(today.get('courses.cohorts.sin-instrucciones')).toMatchObject({ count: 1, tone: 'pronto', section: '/equipo/cursos' });
    expect(today.get('courses.cohorts.pronto')?.count).toBeGreaterThanOrEqual(1);
    expect([...today.keys()].some((k) => k.includes('payments'))).toBe(false);
  });

  it('shows Protección de datos its open requests and none of the others', async () => {
    const today = await todayOf('datos@fundacion.org');
    expect(today.get('account.data-requests.abiertas')).toMatchObject({ count: 0, section: '/equipo/datos-personales' });
    expect([...today.keys()].every((k) => k.startsWith('account.'))).toBe(true);
  });

  it('shows each member "Mis casos": the open cases assigned to them, per kind they may see, zero included', async () => {
    const db = gw.database.db;
    const at = new Date();
    const mine = await post('/api/community/pqrsf', { ...petition, email: 'mia1@example.com' });
    const closed = await post('/api/community/pqrsf', { ...petition, email: 'mia2@example.com' });
    const others = await post('/api/community/pqrsf', { ...petition, email: 'mia3@example.com' });
    const assign = (radicado: string, email: string) =>
      db.updateTable('community.pqrsf_requests').set({ assignee_email: email, assigned_at: at }).where('radicado', '=', radicado).execute();
    await assign(mine.id, 'ambas@fundacion.org');
    await assign(closed.id, 'ambas@fundacion.org');
    await assign(others.id, 'atencion@fundacion.org');
    // A case answered after it was assigned is no longer the member's to attend.
    await db.updateTable('community.pqrsf_requests').set({ status: 'Respondida' }).where('radicado', '=', closed.id).execute();
    const request = (radicado: string, status: string) => ({
      radicado,
      kind: 'acceso',
      status,
      name: 'Luisa',
      email: 'luisa@example.com',
      term_days: 10,
      due_date: colombianDate(new Date(Date.now() + 5 * 86_400_000)),
      assignee_email: 'ambas@fundacion.org',
      assigned_at: at,
    });
    await db
      .insertInto('account.data_requests')
      .values([request('DP-2026-990001', 'Recibida'), request('DP-2026-990002', 'En trámite'), request('DP-2026-990003', 'Respondida')])
      .execute();

    const both = await todayOf('ambas@fundacion.org');
    expect(both.get('community.pqrsf.mias')).toEqual({
      key: 'community.pqrsf.mias',
      label: '1 PQRSF abierta asignada a ti',
      count: 1,
      tone: 'mio',
      href: '/equipo/pqrsf?asignacion=mias',
      section: null,
    });
    expect(both.get('account.data-requests.mias')).toMatchObject({
      label: '2 solicitudes sobre datos personales abiertas asignadas a ti',
      count: 2,
      tone: 'mio',
      href: '/equipo/datos-personales?asignacion=mias',
      section: null,
    });
    expect((await todayOf('atencion@fundacion.org')).get('community.pqrsf.mias')?.count).toBe(1);
    // Zero is listed too: the way to one's own cases is always there for the kind's team.
    expect((await todayOf('datos@fundacion.org')).get('account.data-requests.mias')).toMatchObject({
      count: 0,
      label: '0 solicitudes sobre datos personales abiertas asignadas a ti',
    });
    // Only for the roles that see those kinds.
    for (const email of ['finanzas@fundacion.org', 'comunidad@fundacion.org', 'cursos@fundacion.org'])
      expect([...(await todayOf(email)).keys()].filter((k) => k.endsWith('.mias'))).toEqual([]);
  });
});
