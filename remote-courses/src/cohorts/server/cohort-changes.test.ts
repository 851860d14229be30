import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { bogotaDay } from 'shared/server/jobs';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { coursesApi } from '../../../server/index';
import { sendCohortReminders } from './reminder';

const inDays = (days: number) => bogotaDay(new Date(Date.now() + days * 86_400_000));

// A cohort's course page details (#31): the staff set the weekly classes and how to join; a change to the dates, the
// schedule or the joining details e-mails each enrolled student of the cohort once, and a save that changes none of
// them e-mails nobody; the 24-hour reminder carries the schedule and how to join.
describe('cohort classes, joining details and the change e-mail', () => {
  let api: TestApi;
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  let seq = 0;

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: new FakePaymentProvider(),
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => api.close());

  const cohortBody = {
    course_name: 'marketing-digital',
    start_date: inDays(20),
    end_date: inDays(80),
    schedule: 'Martes y jueves en la noche',
    capacity: 10,
    class_days: ['TU', 'TH'],
    class_start: '18:30',
    class_end: '20:30',
    join_url: 'https://meet.example/marketing',
  };
  const create = async (over: Record<string, unknown> = {}) =>
    api.app.inject({ method: 'POST', url: '/api/courses/staff/cohorts', payload: { ...cohortBody, ...over }, headers: asStaff });
  const update = (id: number, over: Record<string, unknown> = {}) => {
    const { course_name: _course, ...fields } = cohortBody;
    return api.app.inject({ method: 'PUT', url: `/api/courses/staff/cohorts/${id}`, payload: { ...fields, ...over }, headers: asStaff });
  };
  /** A student of the cohort: paid and enrolled, unless said otherwise. */
  const student = async (cohortId: number, email: string, over: { payment_status?: string; module_name?: string } = {}) => {
    await api.db
      .insertInto('courses.enrolments')
      .values({
        reference: `ENR-cambio-${++seq}`,
        course_name: 'marketing-digital',
        course_title: 'Marketing Digital',
        module_name: over.module_name ?? 'Marketing en Redes Sociales',
        price: 119900,
        student_name: 'Ana',
        student_lastname: 'Pérez',
        full_name: 'Ana Pérez',
        id_type: 'Cédula de ciudadanía',
        id_number: '1',
        phone_number: '3001234567',
        email,
        profession: 'Estudiante',
        education: 'Secundaria',
        has_terms: true,
        payment_status: over.payment_status ?? 'approved',
        enrollment_status: over.payment_status && over.payment_status !== 'approved' ? 'PENDING' : 'ENROLLED',
        cohort_id: cohortId,
      })
      .execute();
  };
  const changeMails = async (to?: string) =>
    (await api.mailer.list(1000)).filter((m) => m.subject.startsWith('Cambios en tu curso') && (!to || m.to === to));

  it('keeps the weekly classes and how to join, and audits them with the cohort', async () => {
    const res = await create({ join_place: 'Calle 10 # 5-51, Bogotá' });
    expect(res.statusCode).toBe(201);
    const { cohort } = res.json() as { cohort: { id: number } };
    expect(cohort).toMatchObject({
      class_days: ['TU', 'TH'],
      class_start: '18:30',
      class_end: '20:30',
      join_url: 'https://meet.example/marketing',
      join_place: 'Calle 10 # 5-51, Bogotá',
    });
    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select(['action', 'detail'])
      .where('entity_id', '=', String(cohort.id))
      .where('action', '=', 'courses.cohort.create')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).toContain('TU,TH');
  });

  it('refuses a link that is not https, incomplete classes and an end before the start, in Spanish, by field', async () => {
    const http = await create({ join_url: 'http://meet.example/x' });
    expect(http.statusCode).toBe(400);
    expect(JSON.stringify(http.json())).toContain('https://');
    const script = await create({ join_url: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    const incomplete = await create({ class_end: '' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ message: expect.stringMatching(/días, la hora de inicio y la hora de finalización/) });
    const backwards = await create({ class_start: '20:00', class_end: '19:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: 'La hora de finalización debe ser posterior a la hora de inicio.' });
    const badTime = await create({ class_start: '7 pm' });
    expect(badTime.statusCode).toBe(400);
  });

  it('e-mails each enrolled student once with what changed, and nobody for a save that changed nothing', async () => {
    const { cohort } = (await create()).json() as { cohort: { id: number } };
    await student(cohort.id, 'uno@example.com');
    // Two modules of the same cohort: still one e-mail.
    await student(cohort.id, 'dos@example.com');
    await student(cohort.id, 'DOS@example.com', { module_name: 'Publicidad Digital' });
    // Not paid: not a student of the cohort yet.
    await student(cohort.id, 'pendiente@example.com', { payment_status: 'pending' });

    const same = await update(cohort.id);
    expect(same.statusCode).toBe(200);
    expect(await changeMails()).toHaveLength(0);

    const moved = await update(cohort.id, { class_days: ['MO', 'WE'], class_start: '19:00', join_url: 'https://meet.example/nuevo' });
    expect(moved.statusCode).toBe(200);
    const mails = await changeMails();
    expect(mails.map((m) => m.to.toLowerCase()).sort()).toEqual(['dos@example.com', 'uno@example.com']);
    const text = mails[0]!.text;
    expect(text).toContain(
      'Horario semanal: antes Martes y jueves, de 6:30 p. m. a 8:30 p. m. (hora de Colombia); ahora Lunes y miércoles, de 7:00 p. m. a 8:30 p. m. (hora de Colombia).',
    );
    expect(text).toContain('Enlace de la clase: antes https://meet.example/marketing; ahora https://meet.example/nuevo.');
    // Only what changed.
    expect(text).not.toContain('Fecha de inicio');
    // The capacity is not the students' business: no e-mail.
    expect(
      (await update(cohort.id, { class_days: ['MO', 'WE'], class_start: '19:00', join_url: 'https://meet.example/nuevo', capacity: 12 }))
        .statusCode,
    ).toBe(200);
    expect(await changeMails()).toHaveLength(2);
    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select('detail')
      .where('entity_id', '=', String(cohort.id))
      .where('action', '=', 'courses.cohort.update')
      .orderBy('id')
      .execute();
    expect(JSON.stringify(audit[1]!.detail)).toContain('https://meet.example/nuevo');
  });

  it('sends at most the day’s cap of change e-mails to a cohort: further saves are kept, told in Mis Cursos only', async () => {
    const { cohort } = (await create()).json() as { cohort: { id: number } };
    await student(cohort.id, 'tope@example.com');
    for (let i = 1; i <= 5; i++) expect((await update(cohort.id, { access_instructions: `Sala ${i}` })).statusCode).toBe(200);
    // Three a day, messages and change notices together (src/cohorts/server/messages.ts).
    expect(await changeMails('tope@example.com')).toHaveLength(3);
    const saved = await api.db
      .selectFrom('courses.cohorts')
      .select('access_instructions')
      .where('id', '=', cohort.id)
      .executeTakeFirstOrThrow();
    expect(saved.access_instructions).toBe('Sala 5');
    const message = await api.app.inject({
      method: 'POST',
      url: `/api/courses/staff/cohorts/${cohort.id}/mensajes`,
      payload: { message_id: randomUUID(), subject: 'Otro aviso', text: 'Hola.' },
      headers: asStaff,
    });
    expect(message.statusCode).toBe(429);
  });

  it('the 24-hour reminder carries the weekly schedule and how to join', async () => {
    const { cohort } = (await create({ start_date: inDays(1), join_place: 'Salón 3, Calle 10 # 5-51' })).json() as {
      cohort: { id: number; start_date: string };
    };
    await student(cohort.id, 'recordatorio@example.com');
    const at = new Date(new Date(`${cohort.start_date}T00:00:00-05:00`).getTime() - 3600_000);
    await sendCohortReminders({ db: api.db, mailer: api.mailer, settings: { publicOrigin: 'https://fundacion.example' } } as never, at);
    const [mail] = (await api.mailer.list(1000)).filter((m) => m.to === 'recordatorio@example.com');
    expect(mail!.text).toContain('Horario: Martes y jueves, de 6:30 p. m. a 8:30 p. m. (hora de Colombia).');
    expect(mail!.text).toContain('Enlace para unirte a la clase: https://meet.example/marketing');
    expect(mail!.text).toContain('Lugar de las clases: Salón 3, Calle 10 # 5-51');
  });
});
