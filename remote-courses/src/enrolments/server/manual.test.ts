import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FULL_COURSE } from '../../../manifest/catalogue';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readCourseEnrolments } from '../../../manifest/course-enrolments';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { EnrolmentListResponse, EnrolmentRecordResponse } from '../schemas';
import type { ManualOptionsResponse, MoveOptionsResponse } from '../manual-schemas';
import { coursesApi } from '../../../server/index';
import { coursesManifest } from '../../../manifest/server';
import { sql } from 'kysely';
import { paymentTypeLabel } from 'shared/payments/ledger';
import { paymentMeansOf } from '../../invoicing/server/documents';

/** The team's tools around one student (#31): manual enrolment, a move to another cohort, a correction of their data. */
describe('manual enrolments, cohort moves and corrections API', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  const asCursos = { authorization: `Bearer ${staffToken(idp, { email: 'cursos@fundacion.org' })}` };
  const asFinanzas = { authorization: `Bearer ${staffToken(idp, { email: 'finanzas@fundacion.org' })}` };
  const cohorts = { big: 0, small: 0, full: 0, past: 0, office: 0 };
  let paidRef = '';

  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const scholarship = (over: Record<string, unknown> = {}) => {
    const { has_terms: _terms, ...student } = sampleEnrolment;
    return {
      ...student,
      cohort_id: String(cohorts.small),
      kind: 'scholarship',
      reason: 'Beca del convenio con la alcaldía para jóvenes del barrio',
      data_authorization_channel: 'written',
      ...over,
    };
  };
  const enrol = (payload: Record<string, unknown>, headers: Record<string, string> = asCursos) =>
    api.app.inject({ method: 'POST', url: '/api/courses/staff/enrolments/manual', payload, headers });
  const move = (reference: string, cohort: number, headers: Record<string, string> = asCursos) =>
    api.app.inject({
      method: 'POST',
      url: `/api/courses/staff/enrolments/${reference}/grupo`,
      payload: { cohort_id: String(cohort) },
      headers,
    });
  const edit = (reference: string, payload: Record<string, unknown>, headers: Record<string, string> = asCursos) =>
    api.app.inject({ method: 'PUT', url: `/api/courses/staff/enrolments/${reference}/estudiante`, payload, headers });
  const record = async (reference: string) => {
    const res = await api.app.inject({ method: 'GET', url: `/api/courses/staff/enrolments/${reference}`, headers: asCursos });
    expect(res.statusCode).toBe(200);
    return res.json<EnrolmentRecordResponse>();
  };
  const seatsTaken = async (cohort: number) =>
    (
      await api.db
        .selectFrom('courses.enrolments')
        .select('reference')
        .where('cohort_id', '=', cohort)
        .where('payment_status', '=', 'approved')
        .execute()
    ).length;
  const audit = (action: string) => api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', action).execute();
  const mailsTo = async (to: string) => (await api.mailer.list(1000)).filter((m) => m.to === to);

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const rows = await api.db
      .insertInto('courses.cohorts')
      .values([
        { course_name: 'desarrollo-software', start_date: inDays(30), schedule: 'Lunes y miércoles', capacity: 100 },
        { course_name: 'desarrollo-software', start_date: inDays(45), schedule: 'Sábados', capacity: 2 },
        { course_name: 'desarrollo-software', start_date: inDays(60), schedule: 'Martes', capacity: 1 },
        { course_name: 'desarrollo-software', start_date: inDays(-3), schedule: 'Viernes', capacity: 50 },
        { course_name: 'ofimatica-basica', start_date: inDays(30), schedule: 'Sábados', capacity: 50 },
      ])
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    (['big', 'small', 'full', 'past', 'office'] as const).forEach((name, i) => (cohorts[name] = ids[i] ?? 0));
    // The 'full' cohort's one seat goes to a scholarship; a paid student sits in the big one.
    const filler = await enrol(scholarship({ cohort_id: String(cohorts.full), email: 'relleno@example.com' }));
    expect(filler.statusCode).toBe(201);
    const lead = await api.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: { ...sampleEnrolment, email: 'pagado@example.com' },
    });
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } })).statusCode,
    ).toBe(200);
    provider.pay('8101', id, 'approved');
    const requestId = 'manual-1';
    const paid = await api.app.inject({
      method: 'POST',
      url: '/api/courses/payments/notifications?data.id=8101&type=payment',
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', '8101', requestId) },
      payload: { type: 'payment', data: { id: '8101' } },
    });
    expect(paid.statusCode).toBe(200);
    paidRef = id;
    expect((await record(paidRef)).cohort?.id).toBe(cohorts.big);
  });
  afterAll(async () => api.close());

  it('refuses anyone but Cursos: no token 401, a visitor 403, Finanzas 403, and nothing is stored', async () => {
    expect((await enrol(scholarship(), {})).statusCode).toBe(401);
    const visitor = { authorization: `Bearer ${idp.token({ sub: 'v-1', email: 'visita@example.com' })}` };
    expect((await enrol(scholarship(), visitor)).statusCode).toBe(403);
    expect((await enrol(scholarship(), asFinanzas)).statusCode).toBe(403);
    expect((await move(paidRef, cohorts.small, asFinanzas)).statusCode).toBe(403);
    expect((await edit(paidRef, { ...sampleEnrolment }, asFinanzas)).statusCode).toBe(403);
    expect(await mailsTo('ana.perez@example.com')).toHaveLength(0);
    expect((await record(paidRef)).cohort?.id).toBe(cohorts.big);
  });

  it('offers the catalogue and only open, future cohorts with a free seat', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/courses/staff/enrolments/manual/opciones', headers: asCursos });
    expect(res.statusCode).toBe(200);
    const options = res.json<ManualOptionsResponse>();
    expect(options.courses.find((c) => c.slug === 'desarrollo-software')?.modules).toContain(sampleEnrolment.module_name);
    const ids = options.cohorts.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([cohorts.big, cohorts.small, cohorts.office]));
    expect(ids).not.toContain(cohorts.full);
    expect(ids).not.toContain(cohorts.past);
    expect(options.cohorts.find((c) => c.id === cohorts.small)?.seatsLeft).toBe(2);
  });

  it('enrols a scholarship student: Inscrito with its origin, a seat taken, the access e-mail, audited, and Mis Cursos lists it', async () => {
    const res = await enrol(scholarship());
    expect(res.statusCode).toBe(201);
    const { reference, sentTo } = res.json<{ reference: string; sentTo: string }>();
    expect(sentTo).toBe('ana.perez@example.com');
    expect(await seatsTaken(cohorts.small)).toBe(1);

    const saved = await record(reference);
    expect(saved).toMatchObject({
      enrolmentStatus: 'ENROLLED',
      price: 0,
      cohort: { id: cohorts.small },
      origin: 'Beca: Beca del convenio con la alcaldía para jóvenes del barrio',
      student: { name: 'Ana', email: 'ana.perez@example.com', hasTerms: false },
    });
    const [listed] = (
      await api.app.inject({ method: 'POST', url: '/api/courses/staff/enrolments/lista', payload: { q: reference }, headers: asCursos })
    ).json<EnrolmentListResponse>().items;
    expect(listed?.origin).toMatch(/^Beca: /);

    const [mail] = await mailsTo('ana.perez@example.com');
    expect(mail?.subject).toMatch(/^Tu inscripción está confirmada/);
    expect(mail?.text).toContain('con una beca de la fundación');
    expect(mail?.text).not.toContain('Recibimos tu pago');
    expect(mail?.text).toContain('/register?email=');

    expect(await audit('courses.enrolment.manual')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity_id: reference,
          actor_email: 'cursos@fundacion.org',
          detail: expect.objectContaining({ tipo: 'scholarship', cohorte: cohorts.small, autorizacion: 'written' }),
        }),
      ]),
    );
    // Signed in with that address, verified (a new account registered with it): Mis Cursos finds the course.
    const mine = await readCourseEnrolments(api.db, {
      owner: { sub: 'new-account', email: 'ana.perez@example.com', emailVerified: true },
    });
    expect(mine.map((e) => e.reference)).toContain(reference);
    expect(mine.find((e) => e.reference === reference)?.payment_status).toBe('approved');
  });

  it('enrols an outside payment with its reference and amount, and puts the sale in the invoicing outbox', async () => {
    const res = await enrol(
      scholarship({
        cohort_id: String(cohorts.office),
        course_name: 'ofimatica-basica',
        module_name: FULL_COURSE,
        email: 'efectivo@example.com',
        kind: 'outside_payment',
        reason: undefined,
        reference: 'TRF-99812',
        payment_means: 'outside_deposit',
        amount: '180.000',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { reference } = res.json<{ reference: string }>();
    expect(await record(reference)).toMatchObject({ price: 180000, origin: 'Pago externo: TRF-99812' });
    const invoice = await api.db
      .selectFrom('courses.invoices')
      .select(['kind', 'total'])
      .where('enrolment_reference', '=', reference)
      .executeTakeFirst();
    expect(invoice).toEqual({ kind: 'invoice', total: 180000 });
    // How the money came is kept as the payment's type: named on the record, DIAN's code 42 on the invoice.
    expect((await record(reference)).payment).toMatchObject({ type: 'outside_deposit' });
    expect(paymentTypeLabel('outside_deposit')).toBe('Consignación bancaria');
    expect(paymentMeansOf('outside_deposit')).toBe('42');
    const [mail] = await mailsTo('efectivo@example.com');
    expect(mail?.text).toContain('TRF-99812');
  });

  it('refuses a full or past cohort with a Spanish 409, and the kind’s missing fields with Spanish messages', async () => {
    const full = await enrol(scholarship({ cohort_id: String(cohorts.full), email: 'otra@example.com' }));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: expect.stringContaining('ya no tiene cupos libres') });
    const past = await enrol(scholarship({ cohort_id: String(cohorts.past), email: 'otra@example.com' }));
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ message: expect.stringContaining('no está abierta') });
    // A cohort of another course is no seat for this one.
    expect((await enrol(scholarship({ cohort_id: String(cohorts.office), email: 'otra@example.com' }))).statusCode).toBe(409);
    for (const [over, field, message] of [
      [{ reason: 'corto' }, 'reason', 'Escribe el motivo de la beca'],
      [{ kind: 'outside_payment', reference: 'TRF-1', amount: 'mucho' }, 'amount', 'Escribe el valor recibido'],
      [{ kind: 'outside_payment', amount: '1000', payment_means: 'outside_cash' }, 'reference', 'Escribe la referencia del pago'],
      [
        { kind: 'outside_payment', amount: '1000', reference: 'TRF-2', payment_means: 'cheque' },
        'payment_means',
        'Elige cómo llegó el dinero',
      ],
      [{ id_type: 'NIT' }, 'id_type', 'Selecciona un tipo de documento'],
      [{ data_authorization_channel: undefined }, 'data_authorization_channel', 'Sin su autorización no se puede inscribir'],
      [{ data_authorization_channel: 'site' }, 'data_authorization_channel', 'Elige cómo autorizó el estudiante'],
      [{ id_type: 'Permiso por Protección Temporal', id_number: 'AB12345' }, 'id_number', 'Permiso por Protección Temporal'],
      [{ email: 'no-es-correo' }, 'email', 'Email no válido'],
    ] as const) {
      const res = await enrol(scholarship({ email: 'otra@example.com', ...over }));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field]).toContain(message);
    }
    expect(await mailsTo('otra@example.com')).toHaveLength(0);
    expect(await seatsTaken(cohorts.full)).toBe(1);
  });

  it('moves a paid student to another cohort: the seat follows, audited, and the student gets the new dates', async () => {
    const options = await api.app.inject({ method: 'GET', url: `/api/courses/staff/enrolments/${paidRef}/grupos`, headers: asCursos });
    const offered = options.json<MoveOptionsResponse>();
    expect(offered.current).toBe(cohorts.big);
    expect(offered.cohorts.map((c) => c.id)).toEqual([cohorts.small]);

    const before = { big: await seatsTaken(cohorts.big), small: await seatsTaken(cohorts.small) };
    const res = await move(paidRef, cohorts.small);
    expect(res.statusCode).toBe(200);
    expect(await seatsTaken(cohorts.big)).toBe(before.big - 1);
    expect(await seatsTaken(cohorts.small)).toBe(before.small + 1);
    expect((await record(paidRef)).cohort?.id).toBe(cohorts.small);
    expect(await audit('courses.enrolment.move')).toEqual([
      expect.objectContaining({ entity_id: paidRef, detail: { de: cohorts.big, a: cohorts.small } }),
    ]);
    const told = (await mailsTo('pagado@example.com')).filter((m) => m.subject.startsWith('Cambiamos tu grupo'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Sábados');
  });

  it('refuses a move to a full or past cohort, or of an unpaid enrolment, and nothing changes', async () => {
    // The small cohort is now full (a scholarship and the moved student): moving the filler there is refused.
    const [filler] = await api.db.selectFrom('courses.enrolments').select('reference').where('email', '=', 'relleno@example.com').execute();
    const reference = filler?.reference ?? '';
    const mailsBefore = (await mailsTo('relleno@example.com')).length;
    const full = await move(reference, cohorts.small);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: expect.stringContaining('ya no tiene cupos libres') });
    const past = await move(reference, cohorts.past);
    expect(past.statusCode).toBe(409);
    expect((await record(reference)).cohort?.id).toBe(cohorts.full);
    expect(await seatsTaken(cohorts.full)).toBe(1);
    expect(await seatsTaken(cohorts.small)).toBe(2);
    expect(await mailsTo('relleno@example.com')).toHaveLength(mailsBefore);
    expect(await audit('courses.enrolment.move')).toHaveLength(1);

    const lead = await api.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: { ...sampleEnrolment, email: 'sinpago@example.com' },
    });
    const unpaid = await move(lead.json<{ id: string }>().id, cohorts.big);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ message: expect.stringContaining('Solo se puede cambiar de grupo') });
  });

  it('never deletes a manual enrolment as an abandoned form: it is kept, then anonymised, as a paid one', async () => {
    const rules = (coursesManifest.retention ?? []).filter((r) => r.table === 'courses.enrolments');
    const matching = async (treatment: string) => {
      const rule = rules.find((r) => r.treatment === treatment);
      if (!rule) throw new Error(`no ${treatment} rule`);
      // A cutoff far ahead: every row is old enough for the rule.
      const rows = await sql<{
        email: string;
      }>`select t.email from courses.enrolments t where ${rule.expired(new Date(Date.now() + 1e12))}`.execute(api.db);
      return rows.rows.map((r) => r.email);
    };
    const deleted = await matching('delete');
    expect(deleted).toContain('sinpago@example.com');
    expect(deleted).not.toContain('ana.perez@example.com');
    expect(deleted).not.toContain('efectivo@example.com');
    expect(await matching('anonymise-all')).toEqual(
      expect.arrayContaining(['ana.perez@example.com', 'efectivo@example.com', 'pagado@example.com']),
    );
  });

  it('corrects the student’s data as the form checks it, audited with the fields changed but not their values', async () => {
    const bad = await edit(paidRef, { ...sampleEnrolment, phone_number: 'abc', id_type: 'Pasaporte', id_number: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      phone_number: 'El teléfono no es válido',
      id_number: 'El número de documento es obligatorio',
    });
    expect(await audit('courses.enrolment.edit')).toHaveLength(0);

    const res = await edit(paidRef, {
      ...sampleEnrolment,
      student_lastname: 'Pérez-Ríos',
      id_type: 'Pasaporte',
      id_number: 'AB123456',
      email: 'pagado@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ changed: string[] }>().changed.sort()).toEqual(['id_number', 'id_type', 'student_lastname']);
    expect(await record(paidRef)).toMatchObject({
      student: { lastname: 'Pérez-Ríos', fullName: 'Ana María Pérez-Ríos Gómez', idType: 'Pasaporte', idNumber: 'AB123456' },
    });
    const [entry] = await audit('courses.enrolment.edit');
    expect(entry).toMatchObject({ entity_id: paidRef, detail: { campos: ['student_lastname', 'id_type', 'id_number'] } });
    expect(JSON.stringify(entry)).not.toContain('AB123456');
    expect(JSON.stringify(entry)).not.toContain('Ríos');

    const missing = await edit('ENR-noexiste', { ...sampleEnrolment });
    expect(missing.statusCode).toBe(404);
  });

  it('tells a corrected e-mail to both addresses: the old one sees the new one masked, the new one is shown the way in', async () => {
    const before = (await record(paidRef)).student.email;
    expect(await mailsTo('nuevo.correo@example.com')).toHaveLength(0);
    const res = await edit(paidRef, { ...sampleEnrolment, email: 'nuevo.correo@example.com' });
    expect(res.json<{ changed: string[] }>().changed).toContain('email');

    const toOld = (await mailsTo(before)).filter((m) => m.subject.startsWith('Cambiamos el correo de tu inscripción'));
    expect(toOld).toHaveLength(1);
    expect(toOld[0]?.text).toContain('n…o@example.com');
    expect(toOld[0]?.text).not.toContain('nuevo.correo@example.com');
    expect(toOld[0]?.text).toContain(paidRef);
    const toNew = await mailsTo('nuevo.correo@example.com');
    expect(toNew.map((m) => m.subject)).toEqual([expect.stringMatching(/^Tu curso ahora está asociado a este correo/)]);
    expect(toNew[0]?.text).toContain('/mis-cursos');

    // A correction that leaves the address as it was tells nobody.
    const again = await edit(paidRef, { ...sampleEnrolment, email: 'nuevo.correo@example.com', student_lastname: 'Ríos' });
    expect(again.json<{ changed: string[] }>().changed).not.toContain('email');
    expect(await mailsTo('nuevo.correo@example.com')).toHaveLength(1);
  });

  it('keeps the proof of the authorization the team collected, with the enrolment, and refuses an enrolment without it', async () => {
    const res = await enrol(
      scholarship({
        email: 'prueba.autorizacion@example.com',
        data_authorization_channel: 'recorded_call',
        cohort_id: String(cohorts.big),
      }),
    );
    expect(res.statusCode).toBe(201);
    const { reference } = res.json<{ reference: string }>();
    const proofs = await api.db.selectFrom('privacy.consents').selectAll().where('record_ref', '=', reference).execute();
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatchObject({
      form: 'courses.manual_enrolment',
      record_table: 'courses.enrolments',
      subject_email: 'prueba.autorizacion@example.com',
      basis: 'consent',
      channel: 'recorded_call',
    });
    // Without it nothing is stored: no enrolment, no seat, no e-mail.
    const before = await seatsTaken(cohorts.big);
    const refused = await enrol(
      scholarship({ email: 'sin.autorizacion@example.com', data_authorization_channel: undefined, cohort_id: String(cohorts.big) }),
    );
    expect(refused.statusCode).toBe(400);
    expect(await seatsTaken(cohorts.big)).toBe(before);
    expect(await mailsTo('sin.autorizacion@example.com')).toHaveLength(0);
    expect(
      await api.db.selectFrom('privacy.consents').select('id').where('subject_email', '=', 'sin.autorizacion@example.com').execute(),
    ).toHaveLength(0);
  });
});
