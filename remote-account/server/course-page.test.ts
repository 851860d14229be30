import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { bogotaDay } from 'shared/server/jobs';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { Gateway } from '../../shell/server/src/app';
import { testGateway } from '../../shell/server/src/testing';
import type { AccountDirectory } from '../src/mis-cursos/server/directory';
import type { CoursePage } from '../src/mis-cursos/course-page-schemas';
import { createAccountApi } from './index';

const inDays = (days: number) => bogotaDay(new Date(Date.now() + days * 86_400_000));

// Mis Cursos's course page (#31): the enrolment's cohort, classes and how to join, and its calendar, for its owner only
// (found exactly as Mis Cursos's list finds them); the details come from the courses domain's service.
describe('GET /api/account/enrollments/:id/curso and /calendario', () => {
  let gw: Gateway;
  const objects = memoryObjectStore();
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  let seq = 9300;
  const webhookSecret = 'sandbox-webhook-secret';
  const directory: AccountDirectory = { createUser: () => Promise.reject(new Error('no se esperaba crear cuentas')) };

  beforeAll(async () => {
    gw = await testGateway(
      {},
      {},
      { payments: provider, identity: idp.verifier, objects, apiOverrides: { account: createAccountApi({ directory }) } },
    );
  });
  afterAll(async () => gw.app.close());

  const bearer = (email: string, overrides: Record<string, unknown> = {}) => ({
    authorization: `Bearer ${idp.token({ email, sub: `sub-${email}`, name: 'Ana' }, overrides)}`,
  });

  /** A paid enrolment in a cohort with weekly classes and an online link (the cohort as the staff set it). */
  async function paidEnrolment(module_name = 'Fundamentos de Javascript y AWS S3', cohort: Record<string, unknown> = {}) {
    const n = ++seq;
    const email = `curso-${n}@example.com`;
    const enrolled = await gw.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: { ...sampleEnrolment, email, module_name },
    });
    expect(enrolled.statusCode).toBe(201);
    const reference = (enrolled.json() as { id: string }).id;
    const paymentId = String(n);
    const { price } = await gw.database.db
      .selectFrom('courses.enrolments')
      .select('price')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    provider.pay(paymentId, reference, 'approved', { transaction_amount: price });
    const notified = await gw.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': `curso-${n}`, 'x-signature': signNotification(webhookSecret, paymentId, `curso-${n}`) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(notified.json()).toMatchObject({ applied: true });
    const startDate = (cohort.start_date as string | undefined) ?? inDays(10);
    const { id } = await gw.database.db
      .insertInto('courses.cohorts')
      .values({
        course_name: 'desarrollo-software',
        start_date: startDate,
        end_date: inDays(100),
        schedule: 'Lunes y miércoles en la noche',
        capacity: 20,
        status: 'open',
        class_days: 'MO,WE',
        class_start: '19:00',
        class_end: '21:00',
        join_url: 'https://meet.example/clase-js',
        join_place: null,
        ...cohort,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await gw.database.db
      .updateTable('courses.enrolments')
      .set({ cohort_id: id, cohort_start_date: startDate })
      .where('reference', '=', reference)
      .execute();
    return { reference, email };
  }

  const page = (reference: string, headers: Record<string, string> = {}) =>
    gw.app.inject({ url: `/api/account/enrollments/${reference}/curso`, headers });
  const calendar = (reference: string, headers: Record<string, string> = {}) =>
    gw.app.inject({ url: `/api/account/enrollments/${reference}/calendario`, headers });

  it("answers the owner's course: dates, weekly classes, the link to join and each module's state", async () => {
    const { reference, email } = await paidEnrolment();
    const res = await page(reference, bearer(email));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as CoursePage;
    expect(body).toMatchObject({
      id: reference,
      course_name: 'Desarrollo de Software',
      module_name: 'Fundamentos de Javascript y AWS S3',
      start_date: inDays(10),
      end_date: inDays(100),
      schedule: 'Lunes y miércoles, de 7:00 p. m. a 9:00 p. m. (hora de Colombia)',
      weekly: { days: ['Lunes', 'Miércoles'], start: '19:00', end: '21:00' },
      join_url: 'https://meet.example/clase-js',
      join_place: null,
      calendar_available: true,
    });
    // The enrolled module starts in ten days; the course's other modules are not part of this enrolment.
    expect(body.modules).toContainEqual(expect.objectContaining({ name: 'Fundamentos de Javascript y AWS S3', state: 'por_iniciar' }));
    const others = body.modules.filter((m) => m.name !== 'Fundamentos de Javascript y AWS S3');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((m) => m.state === 'no_incluido')).toBe(true);
  });

  it('gives the whole course every module, and "Completado" once the staff marked the enrolment complete', async () => {
    const { reference, email } = await paidEnrolment('Curso completo (3 módulos)', { start_date: inDays(-5), end_date: inDays(60) });
    const started = (await page(reference, bearer(email))).json() as CoursePage;
    expect(started.modules.map((m) => m.state)).toEqual(['en_curso', 'en_curso', 'en_curso']);
    await gw.database.db
      .updateTable('courses.enrolments')
      .set({ enrollment_status: 'COMPLETED' })
      .where('reference', '=', reference)
      .execute();
    const done = (await page(reference, bearer(email))).json() as CoursePage;
    expect(done.modules.map((m) => m.state)).toEqual(['completado', 'completado', 'completado']);
  });

  it("serves the owner's classes as text/calendar with a weekly RRULE in Bogotá time", async () => {
    const { reference, email } = await paidEnrolment();
    const res = await calendar(reference, bearer(email));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="curso-${reference}.ics"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines.find((l) => l.startsWith('DTSTART;TZID=America/Bogota:'))).toMatch(/T190000$/);
    expect(lines.find((l) => l.startsWith('RRULE:'))).toMatch(/^RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=\d{8}T020000Z$/);
    expect(lines).toContain('URL:https://meet.example/clase-js');
  });

  it("answers 404 for another student's enrolment (page and calendar), an unverified address alike, and 401 without a token", async () => {
    const { reference, email } = await paidEnrolment();
    const other = await paidEnrolment();
    for (const res of [await page(reference, bearer(other.email)), await calendar(reference, bearer(other.email))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: 'No encontramos esa inscripción entre tus cursos.' });
      expect(res.body).not.toContain('meet.example');
    }
    // The same address with another account whose e-mail the identity provider did not verify: not theirs.
    const unverified = { authorization: `Bearer ${idp.token({ email, sub: 'sub-otra-cuenta' }, { email_verified: false })}` };
    expect((await page(reference, unverified)).statusCode).toBe(404);
    expect((await calendar(reference, unverified)).statusCode).toBe(404);
    // Unknown reference: the same 404.
    expect((await page('ENR-no-existe', bearer(email))).statusCode).toBe(404);
    // A malformed one says the same words (not the pattern it failed).
    const malformed = await page('ENR!no', bearer(email));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ fields: { id: 'No encontramos esa inscripción entre tus cursos.' } });
    expect((await page(reference)).statusCode).toBe(401);
    expect((await calendar(reference)).statusCode).toBe(401);
  });

  it('answers 409 in Spanish for the calendar while the weekly classes are not set', async () => {
    const { reference, email } = await paidEnrolment(undefined, { class_days: '', class_start: null, class_end: null });
    const body = (await page(reference, bearer(email))).json() as CoursePage;
    expect(body).toMatchObject({ schedule: 'Lunes y miércoles en la noche', weekly: null, calendar_available: false });
    const res = await calendar(reference, bearer(email));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'no_calendar', message: expect.stringMatching(/días y horas de clase/) });
  });

  // Materials per module (#31): the staff's files reach only the owner of an active enrolment covering the module.
  describe('materials and completion per module', () => {
    const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
    /** A material attached to a module of Desarrollo de Software, as the staff's routes keep it. */
    async function material(module_number: number, kind: 'file' | 'link' = 'file') {
      const id = randomUUID();
      const key = `cursos/materiales/${randomUUID()}`;
      if (kind === 'file') await objects.put(key, PDF, 'application/pdf', { 'file-name': 'guia.pdf' });
      await gw.database.db
        .insertInto('courses.module_materials')
        .values({
          public_id: id,
          course_name: 'desarrollo-software',
          module_number,
          position: 1,
          title: `Material ${id.slice(0, 4)}`,
          kind,
          url: kind === 'link' ? 'https://developer.mozilla.org/es/' : null,
          object_key: kind === 'file' ? key : null,
          file_name: kind === 'file' ? 'Guía del módulo.pdf' : null,
          file_kind: kind === 'file' ? 'pdf' : null,
          file_size: kind === 'file' ? PDF.length : null,
          created_by: 'cursos@fundacion.org',
        })
        .execute();
      return id;
    }
    const download = (reference: string, id: string, headers: Record<string, string> = {}) =>
      gw.app.inject({ url: `/api/account/enrollments/${reference}/materiales/${id}`, headers });

    it("lists the enrolled module's materials and downloads a file as an attachment with nosniff, to its owner only", async () => {
      const { reference, email } = await paidEnrolment();
      const file = await material(2);
      const link = await material(2, 'link');
      const elsewhere = await material(1);
      const body = (await page(reference, bearer(email))).json() as CoursePage;
      const enrolled = body.modules.find((m) => m.number === 2);
      expect(enrolled?.materials.map((m) => m.id)).toEqual(expect.arrayContaining([file, link]));
      expect(enrolled?.materials.find((m) => m.id === link)).toMatchObject({ kind: 'link', url: 'https://developer.mozilla.org/es/' });
      // Module 1 is not part of this enrolment: its materials are neither listed nor served.
      expect(body.modules.find((m) => m.number === 1)?.materials).toEqual([]);
      expect((await download(reference, elsewhere, bearer(email))).statusCode).toBe(404);

      const res = await download(reference, file, bearer(email));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Guia del modulo.pdf"/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(PDF)).toBe(true);

      // Anyone else — another student, an unverified address, nobody — gets the same 404 (or 401 without a token).
      const other = await paidEnrolment();
      const theirs = await download(reference, file, bearer(other.email));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ error: 'not_found', message: 'No encontramos esa inscripción entre tus cursos.' });
      const unverified = { authorization: `Bearer ${idp.token({ email, sub: 'sub-otra' }, { email_verified: false })}` };
      expect((await download(reference, file, unverified)).statusCode).toBe(404);
      expect((await download(reference, file)).statusCode).toBe(401);
      expect((await download(reference, link, bearer(email))).statusCode).toBe(404);
    });

    it('a refunded (withdrawn) student loses the materials: the same 404', async () => {
      const { reference, email } = await paidEnrolment();
      const file = await material(2);
      expect((await download(reference, file, bearer(email))).statusCode).toBe(200);
      await gw.database.db
        .updateTable('courses.enrolments')
        .set({ payment_status: 'refunded', enrollment_status: 'WITHDRAWN' })
        .where('reference', '=', reference)
        .execute();
      const res = await download(reference, file, bearer(email));
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('PDF');
    });

    it('shows "completado" for a module the staff recorded, the others as they were', async () => {
      const { reference, email } = await paidEnrolment('Curso completo (3 módulos)', { start_date: inDays(-5), end_date: inDays(60) });
      await gw.database.db
        .insertInto('courses.module_completions')
        .values({ enrolment_reference: reference, module_number: 1, completed_on: inDays(0), marked_by: 'cursos@fundacion.org' })
        .execute();
      const body = (await page(reference, bearer(email))).json() as CoursePage;
      expect(body.modules.map((m) => m.state)).toEqual(['completado', 'en_curso', 'en_curso']);
    });
  });
});
