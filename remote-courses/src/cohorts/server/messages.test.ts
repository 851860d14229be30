import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { CohortMessagePreviewResponse, CohortMessageResponse } from '../message-schemas';
import { coursesApi } from '../../../server/index';
import { MESSAGE_RESUME_AFTER_MS, resumeCohortMessages } from './messages';

/** Messages to a cohort by e-mail (#31): each enrolled student gets one once, however the panel repeats itself. */
describe('cohort messages', () => {
  let api: TestApi;
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  const as = (email: string) => ({ authorization: `Bearer ${staffToken(idp, { email })}` });
  const cursos = as('cursos@fundacion.org');
  const cohorts = { main: 0, other: 0, limited: 0 };

  const enrol = async (
    over: Record<string, unknown>,
    cohortId: number,
    status: string,
    payment = status === 'ENROLLED' ? 'approved' : 'pending',
  ) => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, ...over } });
    expect(lead.statusCode).toBe(201);
    const reference = lead.json<{ id: string }>().id;
    await api.db
      .updateTable('courses.enrolments')
      .set({ cohort_id: cohortId, enrollment_status: status, payment_status: payment })
      .where('reference', '=', reference)
      .execute();
  };
  const send = (cohortId: number, body: Record<string, unknown>, headers = cursos) =>
    api.app.inject({ method: 'POST', url: `/api/courses/staff/cohorts/${cohortId}/mensajes`, payload: body, headers });
  const message = (over: Record<string, unknown> = {}) => ({
    message_id: randomUUID(),
    subject: 'Cambio de horario',
    text: 'La clase del lunes empieza a las 7:00 p. m.\n\nTraigan su portátil.',
    ...over,
  });
  const mailsWith = async (subject: string) => (await api.mailer.list(1000)).filter((m) => m.subject.startsWith(subject));

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: new FakePaymentProvider(),
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const ids = await api.db
      .insertInto('courses.cohorts')
      .values([
        { course_name: 'desarrollo-software', start_date: startDate, schedule: 'Lunes', capacity: 100 },
        { course_name: 'desarrollo-software', start_date: startDate, schedule: 'Martes', capacity: 100 },
        { course_name: 'desarrollo-software', start_date: startDate, schedule: 'Sábados', capacity: 100 },
      ])
      .returning('id')
      .execute();
    [cohorts.main, cohorts.other, cohorts.limited] = ids.map((r) => r.id) as [number, number, number];
    await enrol({ student_name: 'José', email: 'jose@example.com' }, cohorts.main, 'ENROLLED');
    await enrol({ student_name: 'Lucía', email: 'lucia@example.com' }, cohorts.main, 'ENROLLED');
    await enrol({ student_name: 'Pedro', email: 'pendiente@example.com' }, cohorts.main, 'PENDING');
    // Enrolled, but its payment is disputed: not written to until the dispute is settled.
    await enrol({ student_name: 'Marta', email: 'disputa@example.com' }, cohorts.main, 'ENROLLED', 'in_mediation');
    await enrol({ student_name: 'Otra', email: 'otra@example.com' }, cohorts.other, 'ENROLLED');
    await enrol({ student_name: 'Ana', email: 'ana@example.com' }, cohorts.limited, 'ENROLLED');
  });
  afterAll(async () => api.close());

  it('previews the e-mail as one enrolled student gets it, with their name, and how many will get it', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/courses/staff/cohorts/${cohorts.main}/mensajes/vista-previa`,
      payload: { subject: 'Cambio de horario', text: 'Primer párrafo.\n\nSegundo párrafo.' },
      headers: cursos,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<CohortMessagePreviewResponse>();
    expect(body.recipients).toBe(2);
    expect(body.preview?.name).toBe('José');
    expect(body.preview?.subject).toContain('Cambio de horario');
    expect(body.preview?.text).toContain('Hola, José:');
    expect(body.preview?.text).toContain('Segundo párrafo.');
    expect(await mailsWith('Cambio de horario')).toHaveLength(0);
  });

  it('sends one e-mail to each ENROLLED student of the cohort, and a double submit sends nothing again', async () => {
    const m = message({ subject: 'Inicio de clases' });
    const [first, second] = await Promise.all([send(cohorts.main, m), send(cohorts.main, m)]);
    const answers = [first, second].map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json<CohortMessageResponse>();
    });
    expect(answers.map((a) => a.sent).sort()).toEqual([0, 2]);
    expect(answers.filter((a) => a.alreadySent)).toHaveLength(1);
    const again = await send(cohorts.main, m);
    expect(again.json<CohortMessageResponse>()).toEqual({ sent: 0, alreadySent: true });
    const mails = await mailsWith('Inicio de clases');
    expect(mails.map((x) => x.to).sort()).toEqual(['jose@example.com', 'lucia@example.com']);
    expect(mails.find((x) => x.to === 'lucia@example.com')?.text).toContain('Hola, Lucía:');
    const audit = await api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', 'courses.cohort.message').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: 'cursos@fundacion.org', entity_id: String(cohorts.main) });
    expect(audit[0]?.detail).toEqual({ asunto: 'Inicio de clases', destinatarios: 2 });
  });

  it('finishes a message a restart cut off mid-send: each unsent student once, later, never twice', async () => {
    const m = message({ subject: 'Clase de refuerzo' });
    expect((await send(cohorts.other, m)).json<CohortMessageResponse>().sent).toBe(1);
    // As if the server stopped after accepting the message and before this student's e-mail.
    await api.db.deleteFrom('mail.outbox').where('to_address', '=', 'otra@example.com').execute();
    await api.db.updateTable('courses.cohort_message_deliveries').set({ sent_at: null }).where('message_id', '=', m.message_id).execute();
    expect(await mailsWith('Clase de refuerzo')).toHaveLength(0);

    // Still recent: the route may be sending it; left alone.
    expect(await resumeCohortMessages(api.ctx, new Date())).toBe(0);
    const later = new Date(Date.now() + MESSAGE_RESUME_AFTER_MS + 60_000);
    const runs = await Promise.all([resumeCohortMessages(api.ctx, later), resumeCohortMessages(api.ctx, later)]);
    expect(runs[0] + runs[1]).toBe(1);
    const mails = await mailsWith('Clase de refuerzo');
    expect(mails.map((x) => x.to)).toEqual(['otra@example.com']);
    expect(mails[0]?.text).toContain('Hola, Otra:');
    expect(await resumeCohortMessages(api.ctx, later)).toBe(0);
  });

  it('the same message id cannot go to another cohort', async () => {
    const m = message({ subject: 'Una vez' });
    expect((await send(cohorts.other, m)).statusCode).toBe(200);
    const elsewhere = await send(cohorts.limited, m);
    expect(elsewhere.statusCode).toBe(409);
    expect(await mailsWith('Una vez')).toHaveLength(1);
  });

  it('allows at most 3 messages per cohort per day: the 4th is 429 in Spanish and sends nothing', async () => {
    for (const n of [1, 2, 3]) expect((await send(cohorts.limited, message({ subject: `Aviso ${n}` }))).statusCode).toBe(200);
    const fourth = await send(cohorts.limited, message({ subject: 'Aviso 4' }));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ message: string }>().message).toBe('Esta cohorte ya recibió 3 mensajes hoy. Podrás enviar otro mañana.');
    expect(await mailsWith('Aviso 4')).toHaveLength(0);
  });

  it('answers Cursos only (Finanzas 403), checks the cohort and the text', async () => {
    const wrongRole = await send(cohorts.main, message({ subject: 'Finanzas' }), as('finanzas@fundacion.org'));
    expect(wrongRole.statusCode).toBe(403);
    expect(await mailsWith('Finanzas')).toHaveLength(0);
    expect((await send(999_999, message())).statusCode).toBe(404);
    const empty = await send(cohorts.main, message({ subject: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Escribe el asunto.');
    const twoLines = await send(cohorts.main, message({ subject: 'Cambio\r\nBcc: todos@example.com' }));
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.body).toContain('Escribe el asunto en una sola línea.');
    expect(await mailsWith('Cambio\r\n')).toHaveLength(0);
  });
});
