import { afterEach, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { Database } from 'shared/server/db';
import { applyRetention, runRetention } from '../../../site/personal-data';
import { defaultRetention } from 'shared/server/personal-data/retention-settings';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { testDatabases } from 'shared/server/test-databases';
import { startSite, type TestSite } from './personal-data-testing';

// Retention of personal data (#15): the daily job deletes or anonymises each kind of record once its time is up, by
// the same registry as a deletion request, with a fixed clock here: the records are made now and the job is run as of
// later and later days.

const DAY = 86_400_000;
const later = (t0: Date, days: number) => new Date(t0.getTime() + days * DAY);
const yearsLater = (t0: Date, years: number, days = 0) => {
  const d = new Date(t0);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return later(d, days);
};

describe.each(testDatabases)('retention of personal data on %s', (_name, open) => {
  let database: Database | undefined;
  let site: TestSite | undefined;
  afterEach(async () => {
    await site?.close();
    await database?.close();
    database = site = undefined;
  });

  it('deletes or anonymises each kind of record when its time is up, and nothing before', async () => {
    database = await open();
    site = await startSite(database);
    const { db, provider, post, staffCall, mailer } = site;
    const t0 = new Date();
    const count = async (table: string, where = sql`true`) =>
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(table)} where ${where}`.execute(db)).rows[0]?.n ?? 0;

    const unpaid = await post('/api/courses/leads', { ...sampleEnrolment, email: 'sin.pagar@example.com' });
    const paid = await post('/api/courses/leads', { ...sampleEnrolment, email: 'pagada@example.com' });
    const price = (await db.selectFrom('courses.enrolments').select('price').where('reference', '=', paid.id!).executeTakeFirstOrThrow())
      .price;
    provider.pay('8101', paid.id!, 'approved', { transaction_amount: price });
    await post('/api/courses/payments/status', { payment_id: '8101', external_reference: paid.id, claim_secret: paid.claim_secret });
    const donor = {
      contributor_name: 'Camila',
      contributor_lastname: 'Rojas',
      id_type: 'Cédula de ciudadanía',
      id_number: '52123456',
      phone_number: '3105550000',
      donation_amount: '20000',
    };
    const rejected = await post('/api/giving/contributions', { ...donor, email: 'rechazada@example.com' });
    provider.pay('8201', rejected.external_reference!, 'rejected');
    await post('/api/giving/payments/status', {
      payment_id: '8201',
      external_reference: rejected.external_reference,
      claim_secret: rejected.claim_secret,
    });
    const donation = await post('/api/giving/contributions', { ...donor, email: 'donante@example.com' });
    provider.pay('8202', donation.external_reference!, 'approved');
    await post('/api/giving/payments/status', {
      payment_id: '8202',
      external_reference: donation.external_reference,
      claim_secret: donation.claim_secret,
    });
    const volunteer = await post('/api/community/volunteers', {
      volunteer_name: 'Ana',
      volunteer_lastname: 'Pérez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1012345678',
      age: '27',
      address: 'Calle 10 # 5-20, Bogotá',
      phone_number: '3001234567',
      email: 'voluntaria@example.com',
      institution: '',
      purposes: 'Enseñar.',
      activities: 'Tutorías.',
    });
    await staffCall('POST', `/api/community/staff/inbox/voluntarios/${volunteer.volunteer_id}/contactos`, {
      channel: 'telefono',
      note: 'Llamada hecha.',
    });
    const pqrsf = {
      rol_type: 'Estudiante',
      name: 'Luisa',
      lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1020304050',
      phone_number: '3151112233',
      request_type: 'Queja',
      reviews: 'La clase no tuvo grabación.',
    };
    const open_ = await post('/api/community/pqrsf', { ...pqrsf, email: 'abierta@example.com' });
    const answered = await post('/api/community/pqrsf', { ...pqrsf, email: 'respondida@example.com' });
    await staffCall('POST', `/api/community/staff/pqrsf/${answered.id}/en-tramite`, { note: 'Hablé con Luisa al 3151112233.' });
    await staffCall('POST', `/api/community/staff/pqrsf/${answered.id}/respuesta`, { response: 'Ya quedó la grabación.' });
    await post('/api/community/newsletter/subscribe', { email: 'sin.confirmar@example.com' });
    await post('/api/community/newsletter/subscribe', { email: 'dada.de.baja@example.com' });
    await db
      .updateTable('community.newsletter_subscriptions')
      .set({ status: 'unsubscribed', unsubscribed_at: t0 })
      .where('email', '=', 'dada.de.baja@example.com')
      .execute();
    await post('/api/account/data-requests/codigo', { email: 'codigo@example.com' });
    await mailer.flush();
    const mails = await count('mail.outbox');
    expect(mails).toBeGreaterThan(5);
    expect(await count('mail.outbox', sql`status <> 'sent'`)).toBe(0);

    // Three days later: only the anti-abuse counters (2 days) and the data-request code (1 day) are past their time.
    const acknowledged = await count('community.acknowledgement_counts');
    expect(acknowledged).toBeGreaterThan(0);
    expect(await applyRetention(db, { at: later(t0, 3) })).toEqual({
      'Códigos de verificación pedidos para solicitudes sobre tus datos — registros borrados': 1,
      'Correos de confirmación del boletín pedidos — registros borrados': 2,
      'Acuses de recibo enviados por día — registros borrados': acknowledged,
    });
    expect(await count('community.acknowledgement_counts')).toBe(0);

    // A month: the subscription never confirmed (30 days).
    expect(await applyRetention(db, { at: later(t0, 31) })).toEqual({
      'Suscripción al boletín — registros borrados': 1,
      // With the link of the confirmation e-mail it was sent (expired since day 7).
      'Enlaces de confirmación del boletín enviados a tu correo — registros borrados': 1,
      // Its consent proof stays, without the address (#15).
      'Autorizaciones para el tratamiento de tus datos — conservados sin datos personales': 1,
    });
    expect(await count('community.newsletter_subscriptions', sql`email = 'sin.confirmar@example.com'`)).toBe(0);

    // Sent mail after 90 days.
    expect(await applyRetention(db, { at: later(t0, 89) })).toEqual({});
    expect(await applyRetention(db, { at: later(t0, 91) })).toEqual({ 'Correos que te enviamos — registros borrados': mails });

    // The cancelled subscription after 6 months.
    expect(await applyRetention(db, { at: later(t0, 186) })).toEqual({
      'Suscripción al boletín — registros borrados': 1,
      // Marked unsubscribed in the database directly here, so its confirmation link was still on record.
      'Enlaces de confirmación del boletín enviados a tu correo — registros borrados': 1,
      'Autorizaciones para el tratamiento de tus datos — conservados sin datos personales': 1,
    });

    // Never-paid enrolments and donations after 12 months (with their payment history); the paid ones stay whole.
    expect(await applyRetention(db, { at: later(t0, 364) })).toEqual({});
    expect(await applyRetention(db, { at: later(t0, 367) })).toEqual({
      'Inscripciones a cursos — registros borrados': 1,
      'Donaciones — registros borrados': 1,
      'Historial de los pagos de tus donaciones — registros borrados': 1,
      // Their consent proofs stay without the address (#15).
      'Autorizaciones para el tratamiento de tus datos — conservados sin datos personales': 2,
    });
    expect(await count('courses.enrolments', sql`reference = ${unpaid.id}`)).toBe(0);
    expect(await count('courses.enrolments', sql`email = 'pagada@example.com'`)).toBe(1);
    expect(await count('giving.contributions', sql`email = 'donante@example.com'`)).toBe(1);

    // Community forms and finished PQRSF after 24 months; an open PQRSF is never touched.
    expect(await applyRetention(db, { at: later(t0, 733) })).toEqual({
      'Formulario de voluntariado — registros borrados': 1,
      'Historial de tus registros con el equipo — registros borrados': 1,
      'PQRSF (peticiones, quejas, reclamos, sugerencias y felicitaciones) — conservados sin datos personales': 1,
      'Historial de tus PQRSF — conservados sin datos personales': 1,
      // The volunteer's and the answered PQRSF's proofs; the open PQRSF's keeps its address (#15).
      'Autorizaciones para el tratamiento de tus datos — conservados sin datos personales': 2,
    });
    const pqrsfs = await db
      .selectFrom('community.pqrsf_requests')
      .select(['radicado', 'email', 'name', 'response', 'status'])
      .orderBy('id')
      .execute();
    expect(pqrsfs).toEqual([
      { radicado: open_.id, email: 'abierta@example.com', name: 'Luisa', response: null, status: 'En proceso' },
      { radicado: answered.id, email: '', name: '', response: null, status: 'Respondida' },
    ]);

    // Payments after 10 years lose even the name and document; amounts, dates and references stay.
    expect(await applyRetention(db, { at: yearsLater(t0, 10, -1) })).toEqual({});
    expect(await applyRetention(db, { at: yearsLater(t0, 10, 1) })).toEqual({
      'Inscripciones a cursos — conservados por obligación legal, sin datos de contacto': 1,
      // Its invoice, kept ten years as tax support, then names nobody either (#30).
      'Facturas electrónicas y notas crédito de tus inscripciones — conservados por obligación legal, sin datos de contacto': 1,
      'Donaciones — conservados por obligación legal, sin datos de contacto': 1,
      'Autorizaciones para el tratamiento de tus datos — conservados sin datos personales': 2,
    });
    expect(
      await db
        .selectFrom('giving.contributions')
        .select(['contributor_name', 'id_number', 'email', 'donation_amount', 'payment_status'])
        .execute(),
    ).toEqual([{ contributor_name: '', id_number: '', email: '', donation_amount: 20000, payment_status: 'approved' }]);
    expect(await db.selectFrom('courses.enrolments').select(['full_name', 'id_number', 'price', 'reference']).execute()).toEqual([
      { full_name: '', id_number: '', price, reference: paid.id },
    ]);
    // Nothing more to do, and nothing counted twice.
    expect(await applyRetention(db, { at: yearsLater(t0, 11) })).toEqual({});
  }, 120_000);

  it('keeps longer when configured so, and runs once a day whichever instance asks', async () => {
    database = await open();
    site = await startSite(database);
    const { db, post, mailer, ctx } = site;
    const t0 = new Date();
    await post('/api/community/custom-software', { email: 'pyme@example.com', phone_number: '3001234567', full_name: 'Pedro Ortiz' });
    await mailer.flush();
    const settings = { ...defaultRetention, communityFormsMonths: 36, sentMailDays: 800 };
    // Past the defaults (24 months, 90 days), within the configured times: only the day's counter goes.
    expect(await applyRetention(db, { at: later(t0, 740), settings })).toEqual({
      'Acuses de recibo enviados por día — registros borrados': 1,
    });
    expect(await applyRetention(db, { at: later(t0, 1100), settings })).toEqual({
      'Solicitudes de software a la medida — registros borrados': 1,
      'Correos que te enviamos — registros borrados': 1,
      'Autorizaciones para el tratamiento de tus datos — conservados sin datos personales': 1,
    });

    // The scheduled job: the day's run happens once across instances (`force`: the staff schema outlives the
    // PostgreSQL reset, so an earlier run of this suite may have claimed the day).
    const day = later(t0, 2000);
    const first = await runRetention(ctx, { now: () => day, force: true });
    expect(first).toEqual({ ran: true, result: {} });
    expect(await runRetention(ctx, { now: () => day })).toEqual({ ran: false });
  }, 120_000);
});
