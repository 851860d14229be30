import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { FULL_COURSE } from '../../../manifest/catalogue';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { migrateApis } from 'shared/server/api-mount';
import type { Database as OpenDatabase } from 'shared/server/db';
import { createTestIdentity } from 'shared/server/identity-testing';
import { bogotaDay } from 'shared/server/jobs';
import { createMailer } from 'shared/server/mailer';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { testDatabases } from 'shared/server/test-databases';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { sendCohortReminders } from './reminder';
import { demoCohortsAllowed, holdSeat } from './seats';
import { coursesApi } from '../../../server/index';

/** A Bogotá calendar date `days` from now. */
const inDays = (days: number, from = new Date()) => bogotaDay(new Date(from.getTime() + days * 86_400_000));

describe('cohorts API', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  const member = staffToken(idp, { email: 'ana@fundacion.org' });
  let seq = 0;

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => api.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  const asStaff = { authorization: `Bearer ${member}` };
  const createCohort = async (over: Record<string, unknown> = {}) => {
    const res = await post(
      '/api/courses/staff/cohorts',
      {
        course_name: 'ofimatica-basica',
        start_date: inDays(10),
        schedule: 'Lunes, miércoles y viernes, 7 a 9 p. m.',
        capacity: 1,
        ...over,
      },
      asStaff,
    );
    expect(res.statusCode).toBe(201);
    return (res.json() as { cohort: { id: number; start_date: string } }).cohort;
  };
  const enrol = async (over: Record<string, unknown> = {}) => {
    const res = await post('/api/courses/leads', { ...sampleEnrolment, email: `est${++seq}@example.com`, ...over });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; claim_secret: string };
  };
  const checkout = (e: { id: string; claim_secret: string }) =>
    post('/api/courses/checkout', { enrollment_id: e.id, claim_secret: e.claim_secret });
  const nextCohorts = async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/courses/cohorts' });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('seeds the spec date as a closed first cohort: no course is sold on it and pages promise an announcement', async () => {
    const seeded = await api.db.selectFrom('courses.cohorts').select(['course_name', 'status']).execute();
    expect(seeded).toHaveLength(3);
    expect(seeded.every((c) => c.status === 'closed')).toBe(true);
    const res = await nextCohorts();
    expect(res.json()).toEqual({ courses: { 'desarrollo-software': null, 'ofimatica-basica': null, 'marketing-digital': null } });
    const e = await enrol({ course_name: 'marketing-digital', module_name: 'Marketing en Redes Sociales' });
    const refused = await checkout(e);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Próximamente anunciaremos la nueva fecha de inicio.' });
    expect(provider.checkouts).toHaveLength(0);
  });

  it('capacity 1: the first checkout holds the seat, the second visitor gets a Spanish 409 before any provider call', async () => {
    const cohort = await createCohort();
    const res = await nextCohorts();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toMatchObject({
      courses: { 'ofimatica-basica': { id: cohort.id, start_date: cohort.start_date, seats_left: 1, full: false } },
    });
    // No personal data in the public answer.
    expect(res.body).not.toMatch(/@|capacity|access/);

    const first = await enrol({ course_name: 'ofimatica-basica', module_name: 'Google Suite' });
    const second = await enrol({ course_name: 'ofimatica-basica', module_name: 'Google Suite' });
    const before = provider.checkouts.length;
    expect((await checkout(first)).statusCode).toBe(200);
    expect(provider.checkouts).toHaveLength(before + 1);
    // The provider's checkout expires with the hold, not 72 hours later.
    const expires = provider.checkouts.at(-1)!.expiresAt!.getTime();
    expect(expires).toBeLessThanOrEqual(Date.now() + 45 * 60_000 + 1000);
    const held = await api.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', first.id).executeTakeFirstOrThrow();
    expect(held).toMatchObject({ cohort_id: cohort.id, cohort_start_date: cohort.start_date });

    const refused = await checkout(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'cohort_full', message: expect.stringMatching(/^Esta cohorte ya no tiene cupos/) });
    expect(provider.checkouts).toHaveLength(before + 1);
    expect((await nextCohorts()).json()).toMatchObject({ courses: { 'ofimatica-basica': { seats_left: 0, full: true } } });

    // The same visitor may open their checkout again (their own hold is kept, not counted against them).
    expect((await checkout(first)).statusCode).toBe(200);

    // A pending payment (PSE/Efecty) keeps the seat after the hold expires, until the payment's own deadline
    // (pending-seats.test.ts: what happens at that deadline).
    provider.pay('7002', first.id, 'pending');
    await api.db
      .updateTable('courses.enrolments')
      .set({
        payment_status: 'pending',
        seat_held_until: new Date(Date.now() - 1000),
        pending_seat_until: new Date(Date.now() + 3 * 86_400_000),
      })
      .where('reference', '=', first.id)
      .execute();
    expect((await checkout(second)).statusCode).toBe(409);
  });

  it('a checkout the provider could not open gives its seat back at once', async () => {
    await createCohort({ course_name: 'marketing-digital', start_date: inDays(2) });
    const first = await enrol({ course_name: 'marketing-digital', module_name: 'Marketing en Redes Sociales' });
    const second = await enrol({ course_name: 'marketing-digital', module_name: 'Marketing en Redes Sociales' });
    provider.down = true;
    expect((await checkout(first)).statusCode).toBe(502);
    provider.down = false;
    expect((await checkout(second)).statusCode).toBe(200);
    expect((await checkout(first)).statusCode).toBe(409);
    // Close it so the later tests see no next cohort of this course but theirs.
    const id = (
      await api.db.selectFrom('courses.enrolments').select('cohort_id').where('reference', '=', second.id).executeTakeFirstOrThrow()
    ).cohort_id!;
    await api.db.updateTable('courses.cohorts').set({ status: 'closed' }).where('id', '=', id).execute();
  });

  it('an expired hold frees the seat', async () => {
    const cohort = await createCohort({ course_name: 'desarrollo-software', start_date: inDays(5) });
    const first = await enrol();
    const second = await enrol();
    expect((await checkout(first)).statusCode).toBe(200);
    expect((await checkout(second)).statusCode).toBe(409);
    // The first visitor left the checkout; the hold runs out.
    await api.db
      .updateTable('courses.enrolments')
      .set({ seat_held_until: new Date(Date.now() - 1000) })
      .where('reference', '=', first.id)
      .execute();
    expect((await checkout(second)).statusCode).toBe(200);
    const row = await api.db
      .selectFrom('courses.enrolments')
      .select('cohort_id')
      .where('reference', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row.cohort_id).toBe(cohort.id);
  });

  it('charges the full course its total price (349.000) whatever the browser sends, and the receipt shows the start date', async () => {
    await post(
      '/api/courses/staff/cohorts',
      { course_name: 'desarrollo-software', start_date: inDays(3), schedule: 'Sábados', capacity: 30 },
      asStaff,
    );
    const e = await enrol({ module_name: FULL_COURSE, price: 1000, totalprice: 1000 });
    const res = await checkout(e);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 349000, title: 'Desarrollo de Software – Curso completo (3 módulos)' });
    expect(provider.checkouts.at(-1)!.item.unitPrice).toBe(349000);
    const row = await api.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', e.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ price: 349000, module_name: FULL_COURSE, cohort_start_date: inDays(3) });
    // An unknown option is still refused.
    const bad = await post('/api/courses/leads', { ...sampleEnrolment, module_name: 'Curso completo (4 módulos)' });
    expect(bad.statusCode).toBe(400);

    provider.pay('7001', e.id, 'approved');
    const status = await post('/api/courses/payments/status', {
      payment_id: '7001',
      external_reference: e.id,
      claim_secret: e.claim_secret,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ module_name: FULL_COURSE, start_date: inDays(3) });
    const mails = (await api.mailer.list(1000)).filter((m) => m.to === row.email);
    expect(mails.at(-1)?.text).toMatch(/Inicio de clases: \d+ de \w+ de \d{4}/);
  });

  it("keeps a cohort's end date (#31): optional, never before the start, unchanged by an update that leaves it out", async () => {
    const cohort = await createCohort({ course_name: 'marketing-digital', start_date: inDays(400), end_date: inDays(460) });
    expect(cohort).toMatchObject({ end_date: inDays(460) });
    const before = await post(
      '/api/courses/staff/cohorts',
      { course_name: 'marketing-digital', start_date: inDays(400), end_date: inDays(399), schedule: 'Sábados', capacity: 5 },
      asStaff,
    );
    expect(before.statusCode).toBe(400);
    expect((before.json() as { fields: Record<string, string> }).fields.end_date).toBe(
      'La fecha de finalización no puede ser anterior a la fecha de inicio.',
    );
    const put = (body: Record<string, unknown>) =>
      api.app.inject({
        method: 'PUT',
        url: `/api/courses/staff/cohorts/${cohort.id}`,
        headers: asStaff,
        payload: { start_date: inDays(400), schedule: 'Sábados', capacity: 5, status: 'open', access_instructions: '', ...body },
      });
    // The open/close toggle sends no end date: it stays.
    expect((await put({ status: 'closed' })).json()).toMatchObject({ cohort: { end_date: inDays(460) } });
    // Emptied in the form: not known any more.
    expect((await put({ status: 'closed', end_date: '' })).json()).toMatchObject({ cohort: { end_date: null } });
  });

  it('refuses visitors and non-staff on the staff API, refuses past dates and capacities below the seats taken, and audits', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/courses/staff/cohorts' })).statusCode).toBe(401);
    const visitor = idp.token({ email: 'visitante@example.com' });
    const asVisitor = { authorization: `Bearer ${visitor}` };
    expect((await api.app.inject({ method: 'GET', url: '/api/courses/staff/cohorts', headers: asVisitor })).statusCode).toBe(403);
    const body = { course_name: 'marketing-digital', start_date: inDays(20), schedule: 'Martes', capacity: 5 };
    expect((await post('/api/courses/staff/cohorts', body, asVisitor)).statusCode).toBe(403);
    expect(
      (await api.app.inject({ method: 'PUT', url: '/api/courses/staff/cohorts/1', payload: { ...body }, headers: asVisitor })).statusCode,
    ).toBe(403);

    const past = await post('/api/courses/staff/cohorts', { ...body, start_date: inDays(-1) }, asStaff);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'La fecha de inicio no puede ser anterior a hoy.' });

    const created = await createCohort(body);
    const audit = await api.db.selectFrom('staff.audit_log').selectAll().where('entity', '=', 'cohort').execute();
    expect(audit.find((a) => a.action === 'courses.cohort.create' && a.entity_id === String(created.id))).toMatchObject({
      actor_email: 'ana@fundacion.org',
    });

    // One paid seat: capacity may not go below it.
    const e = await enrol({ course_name: 'marketing-digital', module_name: 'Marketing en Redes Sociales' });
    expect((await checkout(e)).statusCode).toBe(200);
    await api.db.updateTable('courses.enrolments').set({ payment_status: 'approved' }).where('reference', '=', e.id).execute();
    const put = (payload: Record<string, unknown>) =>
      api.app.inject({
        method: 'PUT',
        url: `/api/courses/staff/cohorts/${created.id}`,
        payload: { ...body, ...payload },
        headers: asStaff,
      });
    const below = await put({ capacity: 0 });
    expect(below.statusCode).toBe(400);
    const moved = await put({ start_date: inDays(21), status: 'closed', access_instructions: 'Enlace: https://clase.example/abc' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ cohort: { start_date: inDays(21), status: 'closed', seats_taken: 1, seats_left: 4 } });
    // The enrolment follows the cohort's new date (receipts, Mis Cursos).
    const row = await api.db
      .selectFrom('courses.enrolments')
      .select('cohort_start_date')
      .where('reference', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row.cohort_start_date).toBe(inDays(21));
    const updates = await api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', 'courses.cohort.update').execute();
    expect(updates.at(-1)).toMatchObject({ entity: 'cohort', entity_id: String(created.id) });
    // The audit says what changed (the instructions only as changed or not: they may hold a private link).
    expect(JSON.parse(JSON.stringify(updates.at(-1)!.detail))).toMatchObject({
      start_date: { from: body.start_date, to: inDays(21) },
      status: { from: 'open', to: 'closed' },
      access_instructions_changed: true,
    });
    // Closed: the course has no next cohort any more.
    expect((await nextCohorts()).json()).toMatchObject({ courses: { 'marketing-digital': null } });

    const list = await api.app.inject({ method: 'GET', url: '/api/courses/staff/cohorts', headers: asStaff });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { cohorts: unknown[] }).cohorts.length).toBeGreaterThanOrEqual(6);
  });

  it("one visitor cannot hold every seat: a checkout again keeps the hold's end, live holds are capped per e-mail and per IP", async () => {
    const cohort = await createCohort({ course_name: 'marketing-digital', start_date: inDays(1), capacity: 20 });
    const lead = (email: string) => enrol({ course_name: 'marketing-digital', module_name: 'Marketing en Redes Sociales', email });
    const checkoutFrom = (e: { id: string; claim_secret: string }, ip: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/courses/checkout',
        payload: { enrollment_id: e.id, claim_secret: e.claim_secret },
        remoteAddress: ip,
      });
    const heldUntil = async (reference: string) =>
      (
        await api.db.selectFrom('courses.enrolments').select('seat_held_until').where('reference', '=', reference).executeTakeFirstOrThrow()
      ).seat_held_until!.getTime();

    // Calling checkout again does not push the hold's end (a script re-calling it every 40 minutes held a seat forever).
    const first = await lead('acaparador@example.com');
    expect((await checkoutFrom(first, '203.0.113.1')).statusCode).toBe(200);
    const until = await heldUntil(first.id);
    await new Promise((r) => setTimeout(r, 20));
    expect((await checkoutFrom(first, '203.0.113.1')).statusCode).toBe(200);
    expect(await heldUntil(first.id)).toBe(until);
    expect(provider.checkouts.at(-1)!.expiresAt!.getTime()).toBe(until);

    // Per e-mail (any case): at most 3 seats held at once, whatever the IP.
    for (const ip of ['203.0.113.2', '203.0.113.3'])
      expect((await checkoutFrom(await lead('Acaparador@example.com'), ip)).statusCode).toBe(200);
    const tooMany = await checkoutFrom(await lead('acaparador@example.com'), '203.0.113.4');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ error: 'too_many_holds', message: expect.stringMatching(/^Ya tienes/) });

    // Per client IP: at most 5 seats held at once, whatever the e-mail.
    const fromOneIp = [];
    for (let i = 0; i < 5; i++) {
      const e = await lead(`bot${i}@example.com`);
      expect((await checkoutFrom(e, '198.51.100.9')).statusCode).toBe(200);
      fromOneIp.push(e);
    }
    const sixth = await lead('bot5@example.com');
    expect((await checkoutFrom(sixth, '198.51.100.9')).statusCode).toBe(429);
    // An IPv6 sender rotating addresses inside its own /64 is one client.
    for (let i = 1; i <= 5; i++) expect((await checkoutFrom(await lead(`v6-${i}@example.com`), `2001:db8:9:9::${i}`)).statusCode).toBe(200);
    expect((await checkoutFrom(await lead('v6-6@example.com'), '2001:db8:9:9:ffff::6')).statusCode).toBe(429);
    const seats = (await api.app.inject({ method: 'GET', url: '/api/courses/staff/cohorts', headers: asStaff })).json() as {
      cohorts: Array<{ id: number; seats_held: number; seats_left: number }>;
    };
    expect(seats.cohorts.find((c) => c.id === cohort.id)).toMatchObject({ seats_held: 13, seats_left: 7 });

    // Once those holds end, the same IP may hold again; the ended holds keep no trace of the IP.
    await api.db
      .updateTable('courses.enrolments')
      .set({ seat_held_until: new Date(Date.now() - 1000) })
      .where(
        'reference',
        'in',
        fromOneIp.map((e) => e.id),
      )
      .execute();
    expect((await checkoutFrom(sixth, '198.51.100.9')).statusCode).toBe(200);
    const traces = await api.db
      .selectFrom('courses.enrolments')
      .select('reference')
      .where('seat_hold_client', 'is not', null)
      .where(
        'reference',
        'in',
        fromOneIp.map((e) => e.id),
      )
      .execute();
    expect(traces).toEqual([]);
  });

  it('refuses a start date more than two years ahead (a typo like 2062 or 9999 would sell the course for that date)', async () => {
    const body = { course_name: 'ofimatica-basica', schedule: 'Martes', capacity: 5, status: 'closed' };
    for (const start_date of ['9999-12-31', inDays(800)]) {
      const res = await post('/api/courses/staff/cohorts', { ...body, start_date }, asStaff);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { start_date: 'La fecha de inicio debe estar dentro de los próximos dos años.' } });
    }
    const created = await createCohort({ ...body, start_date: inDays(700) });
    const moved = await api.app.inject({
      method: 'PUT',
      url: `/api/courses/staff/cohorts/${created.id}`,
      payload: { ...body, start_date: '2099-01-01' },
      headers: asStaff,
    });
    expect(moved.statusCode).toBe(400);
  });
});

describe('demo cohorts', () => {
  it('are seeded only where no real money can be paid for them: not in production, not in tests, not with live payment keys', () => {
    const local = { production: false, paymentPublicKey: 'TEST-sandbox-public-key' };
    expect(demoCohortsAllowed(local, undefined)).toBe(true);
    expect(demoCohortsAllowed(local, 'development')).toBe(true);
    expect(demoCohortsAllowed(local, 'test')).toBe(false);
    // npm start's local run: React's production build (NODE_ENV=production), the site itself not production.
    expect(demoCohortsAllowed(local, 'production')).toBe(true);
    expect(demoCohortsAllowed({ ...local, production: true }, 'production')).toBe(false);
    // `npm start` with the real Mercado Pago keys but NODE_ENV forgotten: a 500-seat 'no real class' cohort on sale.
    expect(demoCohortsAllowed({ production: false, paymentPublicKey: 'APP_USR-1234-real' }, undefined)).toBe(false);
  });
});

describe.each(testDatabases)('seats and reminders on %s', (_name, open) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  const setup = async () => {
    database = await open();
    await migrateApis(database.db, [coursesApi]);
    const db = database.db;
    const mailer = createMailer({ db, log: { warn() {}, error() {}, info() {} } as never });
    const cohort = async (startDate: string, capacity = 30) =>
      (
        await db
          .insertInto('courses.cohorts')
          .values({
            course_name: 'desarrollo-software',
            start_date: startDate,
            schedule: 'Sábados',
            capacity,
            status: 'open',
            access_instructions: 'Enlace: https://clase.example/xyz',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    let n = 0;
    const enrolment = async (cohortId: number | null, status = 'approved', enrolled = 'ENROLLED') => {
      const reference = `ENR-t${++n}-${Math.random().toString(36).slice(2)}`;
      await db
        .insertInto('courses.enrolments')
        .values({
          ...{
            course_name: 'desarrollo-software',
            module_name: 'Fundamentos de Javascript y AWS S3',
            course_title: 'Desarrollo de Software',
          },
          reference,
          price: 119900,
          student_name: 'Ana',
          student_lastname: 'Pérez',
          full_name: 'Ana Pérez',
          id_type: 'Cédula de ciudadanía',
          id_number: '1',
          phone_number: '3001234567',
          email: `alumna${n}@example.com`,
          profession: 'Estudiante',
          education: 'Secundaria',
          has_terms: true,
          payment_status: status,
          enrollment_status: enrolled,
          cohort_id: cohortId,
        })
        .execute();
      return reference;
    };
    return { db, mailer, cohort, enrolment };
  };

  it('two concurrent checkouts for the last seat: exactly one holds it', async () => {
    const { db, cohort, enrolment } = await setup();
    await cohort(inDays(4), 1);
    const a = await enrolment(null, 'processing...', 'PENDING');
    const b = await enrolment(null, 'processing...', 'PENDING');
    const results = await Promise.allSettled([
      holdSeat(db, { reference: a, course_name: 'desarrollo-software' }, new Date()),
      holdSeat(db, { reference: b, course_name: 'desarrollo-software' }, new Date()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });

  it('the reminder goes once to each enrolled student across two concurrent runs, never for a cohort not yet due', async () => {
    const { db, mailer, cohort, enrolment } = await setup();
    const ctx = { db, mailer, settings: { publicOrigin: 'https://fundacion.example' } } as never;
    const now = new Date();
    const soon = await cohort(inDays(1, now));
    const later = await cohort(inDays(3, now));
    await enrolment(soon);
    await enrolment(soon);
    await enrolment(soon, 'rejected', 'PENDING');
    await enrolment(later);
    // "Within 24 h": classes start at 00:00 Bogotá of the start date; run just before that.
    const startSoon = new Date(`${inDays(1, now)}T00:00:00-05:00`);
    const at = new Date(startSoon.getTime() - 3600_000);
    const runs = await Promise.all([sendCohortReminders(ctx, at), sendCohortReminders(ctx, at)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(2);
    const mails = (await mailer.list(100)).filter((m) => /Tus clases empiezan/.test(m.subject));
    expect(mails.map((m) => m.to).sort()).toEqual(['alumna1@example.com', 'alumna2@example.com']);
    expect(mails[0]!.text).toContain('https://clase.example/xyz');
    // Again later: nothing more (reminder_sent_at), and the later cohort is not due yet.
    await sendCohortReminders(ctx, new Date(at.getTime() + 15 * 60_000));
    expect((await mailer.list(100)).filter((m) => /Tus clases empiezan/.test(m.subject))).toHaveLength(2);
    const sentAt = await db
      .selectFrom('courses.cohorts')
      .select(['id', 'reminder_sent_at'])
      .where('id', 'in', [soon, later])
      .orderBy('id')
      .execute();
    expect(sentAt[0]!.reminder_sent_at).not.toBeNull();
    expect(sentAt[1]!.reminder_sent_at).toBeNull();
    mailer.close();
  });

  it('a student who enrols, pays or is moved in after the cohort’s reminder gets their own on the next run, once', async () => {
    const { db, mailer, cohort, enrolment } = await setup();
    const ctx = { db, mailer, settings: { publicOrigin: 'https://fundacion.example' } } as never;
    const now = new Date();
    const soon = await cohort(inDays(1, now));
    const other = await cohort(inDays(1, now));
    await enrolment(soon);
    const at = new Date(new Date(`${inDays(1, now)}T00:00:00-05:00`).getTime() - 6 * 3600_000);
    const reminders = async () => (await mailer.list(100)).filter((m) => /Tus clases empiezan/.test(m.subject)).map((m) => m.to);
    expect((await sendCohortReminders(ctx, at)).sent).toBe(1);

    // After the reminder: a late buyer, a payment approved late, a student moved in from another cohort.
    await enrolment(soon);
    const late = await enrolment(soon, 'processing...', 'PENDING');
    const moved = await enrolment(other);
    await sendCohortReminders(ctx, new Date(at.getTime() + 15 * 60_000));
    expect((await reminders()).sort()).toEqual(['alumna1@example.com', 'alumna2@example.com', 'alumna4@example.com']);
    await db
      .updateTable('courses.enrolments')
      .set({ payment_status: 'approved', enrollment_status: 'ENROLLED' })
      .where('reference', '=', late)
      .execute();
    await db.updateTable('courses.enrolments').set({ cohort_id: soon }).where('reference', '=', moved).execute();
    const next = await sendCohortReminders(ctx, new Date(at.getTime() + 30 * 60_000));
    expect(next.sent).toBe(2);
    expect((await reminders()).sort()).toEqual([
      'alumna1@example.com',
      'alumna2@example.com',
      'alumna3@example.com',
      'alumna4@example.com',
      'alumna4@example.com',
    ]);
    // Nothing more on later runs: each student once for this cohort and date.
    expect((await sendCohortReminders(ctx, new Date(at.getTime() + 45 * 60_000))).sent).toBe(0);
    mailer.close();
  });

  it('counts the seeded cohort as the spec date', async () => {
    const { db } = await setup();
    const seeded = await db
      .selectFrom('courses.cohorts')
      .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('d'))
      .execute();
    expect(seeded.map((r) => r.d)).toEqual(['2025-03-31', '2025-03-31', '2025-03-31']);
  });
});
