import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { readPdfText } from 'shared/server/pdf/testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { bogotaDay } from 'shared/server/jobs';
import { completionCertificatePdf } from '../../../manifest/completion-certificate';
import type { EnrolmentRecordResponse } from '../../enrolments/schemas';
import type { VerificationResponse } from '../schemas';
import { coursesApi } from '../../../server/index';

/**
 * Completion certificates (#31) as the team and the public meet them: completion waits for the cohort's last class,
 * issues a numbered certificate with a public code, can be undone only with a reason (voiding the certificate), and the
 * public verification tells only name, course, date, number and state.
 */
describe('completion certificates', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  staff.seat({ username: 'fin@fundacion.org', roles: ['finanzas'] });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  const asFinanzas = { authorization: `Bearer ${staffToken(idp, { email: 'fin@fundacion.org' })}` };
  let seq = 0;
  const today = bogotaDay(new Date());
  const year = today.slice(0, 4);
  const cohorts = { ended: 0, running: 0, undated: 0 };

  const day = (offset: number) => bogotaDay(new Date(Date.now() + offset * 86_400_000));

  /**
   * A paid enrolment in `cohort`: enrolled, checked out (in the course's open cohort) and paid through the API, then
   * placed in the cohort the test wants (a cohort that already started cannot be sold).
   */
  async function paidEnrolment(cohortId: number, over: Record<string, unknown> = {}) {
    const n = ++seq;
    const lead = await api.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: {
        ...sampleEnrolment,
        student_name_second: '',
        student_second_lastname: '',
        email: `cert-${n}@example.com`,
        ...over,
      },
    });
    expect(lead.statusCode).toBe(201);
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    const checkout = await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } });
    expect(checkout.statusCode).toBe(200);
    const paymentId = `91${n}`;
    provider.pay(paymentId, id, 'approved');
    const requestId = `cert-${n}`;
    const notified = await api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(notified.statusCode).toBe(200);
    await api.db.updateTable('courses.enrolments').set({ cohort_id: cohortId }).where('reference', '=', id).execute();
    return id;
  }
  const complete = (reference: string, headers = asStaff) =>
    api.app.inject({ method: 'POST', url: `/api/courses/staff/enrolments/${reference}/completar`, headers });
  const undo = (reference: string, payload: Record<string, unknown>, headers = asStaff) =>
    api.app.inject({ method: 'POST', url: `/api/courses/staff/enrolments/${reference}/deshacer-completado`, headers, payload });
  const verify = (code: string) => api.app.inject({ method: 'GET', url: `/api/courses/verificar/${code}` });
  const codeOf = (record: EnrolmentRecordResponse) => record.certificates[0]!.verificationUrl.split('/verificar/')[1]!;
  const audit = (action: string) => api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const made = await api.db
      .insertInto('courses.cohorts')
      .values([
        // Ended today: the last class's day counts as ended.
        { course_name: 'desarrollo-software', start_date: day(-60), end_date: today, schedule: 'Lunes', capacity: 100, status: 'closed' },
        { course_name: 'desarrollo-software', start_date: day(-10), end_date: day(20), schedule: 'Martes', capacity: 100 },
        { course_name: 'desarrollo-software', start_date: day(-10), schedule: 'Jueves', capacity: 100 },
        // The one on sale, where checkouts hold their seat.
        { course_name: 'desarrollo-software', start_date: day(30), schedule: 'Viernes', capacity: 100 },
      ])
      .returning('id')
      .execute();
    [cohorts.ended, cohorts.running, cohorts.undated] = made.map((c) => c.id) as [number, number, number, number];
  });
  afterAll(async () => api.close());

  it('refuses to mark complete before the cohort ends, or while it has no end date, in Spanish, issuing nothing', async () => {
    const running = await paidEnrolment(cohorts.running);
    const early = await complete(running);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/^El curso termina el \d+ de [a-z]+ de \d{4}: solo desde ese día/);
    const undated = await paidEnrolment(cohorts.undated);
    const noDate = await complete(undated);
    expect(noDate.statusCode).toBe(409);
    expect(noDate.json<{ message: string }>().message).toContain('aún no tiene fecha de finalización');
    expect(await api.db.selectFrom('courses.completion_certificates').selectAll().execute()).toEqual([]);
    expect(await audit('courses.enrolment.complete')).toEqual([]);
  });

  it('issues a numbered certificate on completion, once, numbered in sequence within the year, with a 160-bit code', async () => {
    const first = await paidEnrolment(cohorts.ended, { student_name: 'María', student_lastname: 'Gómez' });
    const second = await paidEnrolment(cohorts.ended);
    const done = await complete(first);
    expect(done.statusCode).toBe(200);
    const record = done.json<EnrolmentRecordResponse>();
    expect(record.enrolmentStatus).toBe('COMPLETED');
    expect(record.certificates).toEqual([
      expect.objectContaining({ number: `FC-${year}-000001`, completedOn: today, issuedBy: 'ana@fundacion.org', voided: null }),
    ]);
    expect(codeOf(record)).toMatch(/^[a-z2-7]{32}$/);
    // A second click: the same certificate, no new number.
    expect((await complete(first)).json<EnrolmentRecordResponse>().certificates).toHaveLength(1);
    const next = (await complete(second)).json<EnrolmentRecordResponse>();
    expect(next.certificates[0]!.number).toBe(`FC-${year}-000002`);
    expect(codeOf(next)).not.toBe(codeOf(record));
    expect(await audit('courses.enrolment.complete')).toEqual([
      expect.objectContaining({ entity_id: first, detail: { certificado: `FC-${year}-000001` } }),
      expect.objectContaining({ entity_id: second, detail: { certificado: `FC-${year}-000002` } }),
    ]);
  });

  it('verifies a code publicly with only name, course, date, number and state; unknown and malformed codes get the same 404', async () => {
    const reference = await paidEnrolment(cohorts.ended, {
      student_name: 'Lucía',
      student_lastname: 'Rincón',
      email: 'lucia.rincon@example.com',
      id_number: '1.098.765.432',
      phone_number: '3109876543',
    });
    const record = (await complete(reference)).json<EnrolmentRecordResponse>();
    const res = await verify(codeOf(record));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      name: 'Lucía Rincón',
      course: 'Desarrollo de Software',
      completedOn: today,
      number: record.certificates[0]!.number,
      state: 'valido',
      voidedOn: null,
    });
    expect(res.body).not.toMatch(/1\.?098|lucia\.rincon|3109876543|Cédula|ana@fundacion/);

    const unknown = await verify('a'.repeat(32));
    const malformed = await verify('FC-2026-000001');
    const injected = await verify("'%20or%201=1");
    const long = await verify('a'.repeat(90));
    for (const r of [unknown, malformed, injected, long]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(unknown.json());
    }
    expect(unknown.json<{ message: string }>().message).toContain('No encontramos un certificado con ese código');
    // The serial alone opens nothing.
    expect((await verify(record.certificates[0]!.number)).statusCode).toBe(404);
  });

  it('undoes a completion only with a reason: the certificate is voided (kept), the enrolment back to Inscrito, audited', async () => {
    const reference = await paidEnrolment(cohorts.ended, { student_name: 'Pedro', student_lastname: 'Páez' });
    const record = (await complete(reference)).json<EnrolmentRecordResponse>();
    const code = codeOf(record);

    for (const payload of [{}, { motivo: '' }, { motivo: 'corto' }, { motivo: 'x'.repeat(501) }]) {
      const refused = await undo(reference, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ fields: Record<string, string> }>().fields.motivo).toContain('Escribe el motivo');
    }
    // Finanzas reads the ledger but does not undo completions.
    expect((await undo(reference, { motivo: 'Marcada por error en la cohorte equivocada' }, asFinanzas)).statusCode).toBe(403);

    const undone = await undo(reference, { motivo: 'Marcada por error en la cohorte equivocada' });
    expect(undone.statusCode).toBe(200);
    const after = undone.json<EnrolmentRecordResponse>();
    expect(after.enrolmentStatus).toBe('ENROLLED');
    expect(after.completed).toBeNull();
    expect(after.certificates).toEqual([
      expect.objectContaining({
        number: record.certificates[0]!.number,
        voided: { at: expect.any(String), by: 'ana@fundacion.org', reason: 'Marcada por error en la cohorte equivocada' },
      }),
    ]);
    expect(await audit('courses.enrolment.uncomplete')).toEqual([
      expect.objectContaining({
        entity_id: reference,
        actor_email: 'ana@fundacion.org',
        detail: { certificado: record.certificates[0]!.number, motivo: 'Marcada por error en la cohorte equivocada' },
      }),
    ]);

    // The public sees it voided, with the date, never the reason.
    const voided = await verify(code);
    expect(voided.json<VerificationResponse>()).toMatchObject({ state: 'anulado', voidedOn: today, name: 'Pedro Páez' });
    expect(voided.body).not.toContain('error');
    // Nothing to undo twice; no PDF for a voided certificate.
    expect((await undo(reference, { motivo: 'Marcada por error en la cohorte equivocada' })).statusCode).toBe(409);
    expect((await api.app.inject({ url: `/api/courses/staff/enrolments/${reference}/certificado`, headers: asStaff })).statusCode).toBe(
      409,
    );

    // Completing again issues a new certificate with a new number and code; the voided one stays.
    const again = (await complete(reference)).json<EnrolmentRecordResponse>();
    expect(again.certificates).toHaveLength(2);
    expect(again.certificates[0]!.voided).toBeNull();
    expect(again.certificates[0]!.number).not.toBe(record.certificates[0]!.number);
    expect((await verify(code)).json<VerificationResponse>().state).toBe('anulado');
  });

  it('draws the certificate PDF with the student, the course, the dates, the number, the verification URL and its code; staff download it', async () => {
    const reference = await paidEnrolment(cohorts.ended, { student_name: 'Ana', student_lastname: 'Pérez', id_number: '1012345678' });
    const record = (await complete(reference)).json<EnrolmentRecordResponse>();
    const { number, verificationUrl } = record.certificates[0]!;
    const res = await api.app.inject({ url: `/api/courses/staff/enrolments/${reference}/certificado`, headers: asFinanzas });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`certificado-${number}.pdf`);
    const [page] = await readPdfText(new Uint8Array(res.rawPayload));
    const text = page!.text.replace(/\s+/g, ' ');
    expect(text).toContain('CERTIFICADO DE FINALIZACIÓN');
    expect(text).toContain('certifica que Ana Pérez, identificado(a) con');
    expect(text).toContain('1012345678');
    expect(text).toContain('finalizó el programa Desarrollo de Software');
    expect(text).toMatch(/cursado del \d+ de [a-z]+ de \d{4} al \d+ de [a-z]+ de \d{4}/);
    expect(text).toContain(`Número de certificado ${number}`);
    expect(text).toContain(verificationUrl);
    expect(verificationUrl).toMatch(/^https?:\/\/[^/]+\/verificar\/[a-z2-7]{32}$/);
    expect(await audit('courses.enrolment.certificate')).toEqual([
      expect.objectContaining({ entity_id: reference, actor_email: 'fin@fundacion.org' }),
    ]);
    // The service Mis Cursos uses draws the same certificate.
    const served = await completionCertificatePdf({ db: api.db, settings: { publicOrigin: 'https://fundacion.example' } }, reference);
    expect(served?.number).toBe(number);
  });
});

describe('certificate verification limit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(coursesApi, { settings: { writeLimit: { max: 2, timeWindow: 60_000 } } });
  });
  afterAll(async () => api.close());

  it('is rate-limited per address like the other public requests: guessing codes stops at the limit', async () => {
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await api.app.inject({ url: `/api/courses/verificar/${'b'.repeat(31)}${i + 2}` }));
    expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 429]);
    expect(tries[2]!.json<{ message: string }>().message).toContain('Has realizado demasiadas solicitudes');
  });
});
