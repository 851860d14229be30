import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FULL_COURSE } from '../../../manifest/catalogue';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { bogotaDay } from 'shared/server/jobs';
import { readCourseEnrolments } from '../../../manifest/course-enrolments';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { EnrolmentListResponse, EnrolmentRecordResponse } from '../schemas';
import { coursesApi } from '../../../server/index';

/** The staff's ledger of enrolments (#14): what a team member finds, marks and sends, and what they cannot do. */
describe('enrolments ledger API', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  let seq = 0;
  const refs = { paid: '', pending: '', office: '' };

  const enrolAndCheckout = async (over: Record<string, unknown>) => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, ...over } });
    expect(lead.statusCode).toBe(201);
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    const checkout = await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } });
    expect(checkout.statusCode).toBe(200);
    return id;
  };
  const notify = (paymentId: string) => {
    const requestId = `led-${++seq}`;
    return api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
  };
  const list = (payload: Record<string, unknown>, headers: Record<string, string> = asStaff) =>
    api.app.inject({ method: 'POST', url: '/api/courses/staff/enrolments/lista', payload, headers });
  const listed = async (payload: Record<string, unknown>) => {
    const res = await list(payload);
    expect(res.statusCode).toBe(200);
    return res.json<EnrolmentListResponse>();
  };
  const record = async (reference: string) => {
    const res = await api.app.inject({ method: 'GET', url: `/api/courses/staff/enrolments/${reference}`, headers: asStaff });
    expect(res.statusCode).toBe(200);
    return res.json<EnrolmentRecordResponse>();
  };
  const act = (reference: string, action: 'completar' | 'reenviar') =>
    api.app.inject({ method: 'POST', url: `/api/courses/staff/enrolments/${reference}/${action}`, headers: asStaff });
  const audit = (action: string) => api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .insertInto('courses.cohorts')
      .values([
        { course_name: 'desarrollo-software', start_date: startDate, schedule: 'Lunes y miércoles', capacity: 100 },
        { course_name: 'ofimatica-basica', start_date: startDate, schedule: 'Sábados', capacity: 100 },
      ])
      .execute();
    refs.paid = await enrolAndCheckout({
      student_name: 'José',
      student_lastname: 'Núñez',
      email: 'jose.nunez@example.com',
      id_number: '1.023.456.789',
    });
    provider.pay('7001', refs.paid, 'approved');
    expect((await notify('7001')).statusCode).toBe(200);
    refs.pending = await enrolAndCheckout({ email: 'pendiente@example.com' });
    refs.office = await enrolAndCheckout({
      course_name: 'ofimatica-basica',
      module_name: FULL_COURSE,
      email: 'oficina@example.com',
      student_name: 'Lucía',
    });
  });
  afterAll(async () => api.close());

  it('answers only the team: no token is 401, a visitor token 403, and nothing about the students leaks', async () => {
    const anonymous = await list({}, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('example.com');
    const visitor = idp.token({ sub: 'v-1', email: 'visita@example.com' });
    const stranger = await list({}, { authorization: `Bearer ${visitor}` });
    expect(stranger.statusCode).toBe(403);
    const one = await api.app.inject({
      method: 'GET',
      url: `/api/courses/staff/enrolments/${refs.paid}`,
      headers: { authorization: `Bearer ${visitor}` },
    });
    expect(one.statusCode).toBe(403);
    expect(one.body).not.toContain('Núñez');
  });

  it('lists newest first with counts per status, filtered by course and status', async () => {
    const all = await listed({});
    expect(all.items.map((i) => i.reference)).toEqual([refs.office, refs.pending, refs.paid]);
    expect(all.counts).toMatchObject({ total: 3, byStatus: { ENROLLED: 1, PENDING: 2, COMPLETED: 0, WITHDRAWN: 0 } });
    const office = await listed({ curso: 'ofimatica-basica' });
    expect(office.items).toHaveLength(1);
    expect(office.items[0]).toMatchObject({
      courseTitle: expect.stringContaining('Ofim'),
      module: FULL_COURSE,
      enrolmentStatus: 'PENDING',
    });
    // The status filter narrows the total, while the counts per status still show the other tabs.
    const enrolled = await listed({ estado: 'ENROLLED' });
    expect(enrolled.items.map((i) => i.reference)).toEqual([refs.paid]);
    expect(enrolled.counts).toMatchObject({ total: 1, byStatus: { PENDING: 2 } });
    expect((await listed({ pago: 'approved' })).items.map((i) => i.reference)).toEqual([refs.paid]);
  });

  it('finds a student by name without accents, by document with or without dots, by e-mail and by reference', async () => {
    expect((await listed({ q: 'jose nunez' })).items.map((i) => i.reference)).toEqual([refs.paid]);
    expect((await listed({ q: 'NÚÑEZ' })).items.map((i) => i.reference)).toEqual([refs.paid]);
    expect((await listed({ q: '1023456789' })).items.map((i) => i.reference)).toEqual([refs.paid]);
    expect((await listed({ q: '1.023.456' })).items.map((i) => i.reference)).toEqual([refs.paid]);
    expect((await listed({ q: 'oficina@' })).items.map((i) => i.reference)).toEqual([refs.office]);
    expect((await listed({ q: refs.pending })).items.map((i) => i.reference)).toEqual([refs.pending]);
    // LIKE's wildcards typed by someone match only themselves.
    expect((await listed({ q: '%' })).items).toHaveLength(0);
  });

  it('pages with a cursor and refuses a forged cursor, an unknown course or a long search in Spanish', async () => {
    const first = await listed({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await listed({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((i) => i.reference)).toEqual([refs.paid]);
    expect(second.nextCursor).toBeNull();
    expect(second.counts).toBeNull();
    for (const [payload, field, message] of [
      [{ cursor: "1' or 1=1" }, 'cursor', 'La página pedida no es válida. Vuelve a cargar la lista.'],
      [{ curso: 'cocina' }, 'curso', 'Elige un curso de la lista.'],
      [{ q: 'a'.repeat(101) }, 'q', 'Escribe como máximo 100 caracteres para buscar.'],
      [{ estado: 'PAGADO' }, 'estado', 'Elige un estado de la lista.'],
    ] as const) {
      const res = await list(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
  });

  it('shows one enrolment with every status its payment went through', async () => {
    const paid = await record(refs.paid);
    expect(paid).toMatchObject({
      enrolmentStatus: 'ENROLLED',
      student: { name: 'José', lastname: 'Núñez', idNumber: '1.023.456.789', email: 'jose.nunez@example.com' },
      payment: { status: 'approved', id: '7001' },
      cohort: { startDate: expect.any(String) },
      completed: null,
    });
    expect(paid.history).toEqual([
      expect.objectContaining({ paymentId: '7001', status: 'approved', source: 'notification', applied: true }),
    ]);
    const missing = await api.app.inject({ method: 'GET', url: '/api/courses/staff/enrolments/CUR-noexiste', headers: asStaff });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No encontramos esa inscripción. Puede que el enlace esté incompleto.' });
  });

  it("marks a paid enrolment 'Completado' once (Mis Cursos shows it), refuses an unpaid one, and a repeated approval keeps the mark", async () => {
    const unpaid = await act(refs.pending, 'completar');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ message: expect.stringContaining('Solo una inscripción en estado Inscrito') });

    // Not before the cohort's last class (#31): the course ends today.
    const early = await act(refs.paid, 'completar');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: expect.stringContaining('aún no tiene fecha de finalización') });
    await api.db
      .updateTable('courses.cohorts')
      .set({ end_date: bogotaDay(new Date()) })
      .where('course_name', '=', 'desarrollo-software')
      .execute();

    const done = await act(refs.paid, 'completar');
    expect(done.statusCode).toBe(200);
    expect(done.json<EnrolmentRecordResponse>()).toMatchObject({
      enrolmentStatus: 'COMPLETED',
      completed: { by: 'ana@fundacion.org' },
      certificates: [expect.objectContaining({ number: expect.stringMatching(/^FC-\d{4}-000001$/), voided: null })],
    });
    expect((await act(refs.paid, 'completar')).statusCode).toBe(200);
    expect(await audit('courses.enrolment.complete')).toEqual([
      expect.objectContaining({ entity_id: refs.paid, actor_email: 'ana@fundacion.org' }),
    ]);

    const [mine] = await readCourseEnrolments(api.db, { reference: refs.paid });
    expect(mine?.enrollment_status).toBe('COMPLETED');
    // The provider reports the same approval again (a late notification, reconciliation): still 'Completado'.
    provider.pay('7001', refs.paid, 'approved');
    await notify('7001');
    expect((await record(refs.paid)).enrolmentStatus).toBe('COMPLETED');
  });

  it('sends the receipt again to the enrolment’s own address, not twice in a row, and never for an unpaid one', async () => {
    const unpaid = await act(refs.pending, 'reenviar');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ message: 'El comprobante solo se reenvía para inscripciones con el pago aprobado.' });

    const before = (await api.mailer.list(1000)).filter((m) => m.to === 'jose.nunez@example.com').length;
    const sent = await act(refs.paid, 'reenviar');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sentTo: 'jose.nunez@example.com' });
    const mails = (await api.mailer.list(1000)).filter((m) => m.to === 'jose.nunez@example.com');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toMatch(/^Tu inscripción está confirmada/);

    const again = await act(refs.paid, 'reenviar');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: expect.stringContaining('Espera unos minutos') });
    expect((await api.mailer.list(1000)).filter((m) => m.to === 'jose.nunez@example.com')).toHaveLength(before + 1);
    expect(await audit('courses.enrolment.resend')).toHaveLength(1);
    expect((await record(refs.paid)).receiptResentAt).not.toBeNull();
  });

  it('exports the filter as CSV for Excel, audited with its filter and row count but no student data', async () => {
    const res = await api.app.inject({
      method: 'GET',
      url: '/api/courses/staff/enrolments/exportar?curso=desarrollo-software',
      headers: asStaff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/inscripciones-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Referencia";"Fecha de inscripción (AAAA-MM-DD HH:mm, hora de Bogotá)";"Curso";"Módulo"');
    expect(lines[0]).toContain('"Número del pago";"Medio de pago";"Fecha del pago (AAAA-MM-DD HH:mm, hora de Bogotá)"');
    expect(lines).toHaveLength(3);
    // #31: the paid row carries its payment number, method and date in words and one date format; no provider code.
    const paid = lines.find((l) => l.includes(refs.paid)) ?? '';
    expect(paid).toMatch(/"Aprobado";"7001";"Tarjeta de crédito";"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/);
    expect(paid).toMatch(new RegExp(`^"${refs.paid}";"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}";`));
    expect(res.body).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(res.body).not.toMatch(/credit_card|accredited|"approved"|processing\.\.\./);
    // The unpaid one: no payment number, method or date, and its status in words.
    const unpaid = lines.find((l) => l.includes(refs.pending)) ?? '';
    expect(unpaid).toMatch(/"Sin pago";"";"";""$/);
    expect(res.body).toContain('Núñez');
    expect(res.body).not.toContain('oficina@example.com');
    const [entry] = await audit('courses.export');
    expect(entry?.detail).toEqual({ filtro: { curso: 'desarrollo-software' }, filas: 2 });
    expect(JSON.stringify(entry)).not.toContain('example.com');
  });
});
