import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { migrateApis } from 'shared/server/api-mount';
import { testApi, type TestApi } from 'shared/server/api-testing';
import type { Database as OpenDatabase } from 'shared/server/db';
import { applyProviderPayment } from 'shared/server/payments/apply';
import { createTestIdentity } from 'shared/server/identity-testing';
import { bogotaDay } from 'shared/server/jobs';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import type { ProviderPayment } from 'shared/server/payments/provider';
import { reconcilePayments } from 'shared/server/payments/reconcile';
import { signNotification } from 'shared/server/payments/signature';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { testDatabases } from 'shared/server/test-databases';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { holdSeat } from './seats';
import { coursesApi } from '../../../server/index';
import { coursePayables } from '../../payments/server/payments';

/**
 * Seats held by pending payments (Trust boundaries, round two): an attacker held every seat of a cohort for free with
 * five Efecty tickets left unpaid under one e-mail. Pending payments count in every hold limit, from every client
 * (loopback too), and hold their seat only until the payment's own deadline.
 */
describe('seats held by pending payments', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  const log = { warn: () => undefined };
  let seq = 0;
  let paymentSeq = 7700;

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      identity: idp.verifier,
      staff,
      // Many writes from one test client; the hold limits are the defaults under test.
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => api.close());

  const inDays = (days: number) => bogotaDay(new Date(Date.now() + days * 86_400_000));
  /** The course's only open cohort from now on (earlier ones of the course are closed). */
  const freshCohort = async (course: string, capacity: number) => {
    await api.db.updateTable('courses.cohorts').set({ status: 'closed' }).where('course_name', '=', course).execute();
    return (
      await api.db
        .insertInto('courses.cohorts')
        .values({ course_name: course, start_date: inDays(10), schedule: 'Sábados', capacity })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const moduleOf: Record<string, string> = {
    'desarrollo-software': 'Fundamentos de Javascript y AWS S3',
    'ofimatica-basica': 'Google Suite',
    'marketing-digital': 'Marketing en Redes Sociales',
  };
  type Lead = { id: string; claim_secret: string; email: string };
  const enrol = async (course: string, email = `persona${++seq}@example.com`): Promise<Lead> => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: { ...sampleEnrolment, course_name: course, module_name: moduleOf[course], email },
    });
    expect(res.statusCode).toBe(201);
    return { ...(res.json() as { id: string; claim_secret: string }), email };
  };
  const checkout = (lead: Lead, ip = `203.0.113.${(seq % 250) + 1}`) =>
    api.app.inject({
      method: 'POST',
      url: '/api/courses/checkout',
      payload: { enrollment_id: lead.id, claim_secret: lead.claim_secret },
      remoteAddress: ip,
    });
  const notify = (paymentId: string) => {
    const requestId = `seat-${++seq}`;
    return api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
    });
  };
  /** An Efecty ticket the payer never pays: pending, with the provider's deadline (3 days by default). */
  const efecty = (lead: Lead, extra: Partial<ProviderPayment> = {}) =>
    provider.pay(String(++paymentSeq), lead.id, 'pending', {
      status_detail: 'pending_waiting_payment',
      payment_type_id: 'ticket',
      payment_method_id: 'efecty',
      date_of_expiration: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      ...extra,
    });
  /** The payer chose Efecty on the provider's checkout, and the provider told us. */
  const pendingWithEfecty = async (lead: Lead) => {
    const payment = efecty(lead);
    expect((await notify(payment.id)).statusCode).toBe(200);
    return payment;
  };
  /** The 45-minute checkout hold ran out (the attacker simply waits): only the pending payment can keep the seat. */
  const checkoutHoldEnded = (leads: Lead[]) =>
    api.db
      .updateTable('courses.enrolments')
      .set({ seat_held_until: new Date(Date.now() - 1000) })
      .where(
        'reference',
        'in',
        leads.map((l) => l.id),
      )
      .execute();
  const row = (reference: string) =>
    api.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const releaseMails = async (to: string) => (await api.mailer.list(1000)).filter((m) => m.to === to && /reserva/i.test(m.subject));
  const seatsLeft = async (course: string) =>
    ((await api.app.inject({ method: 'GET', url: '/api/courses/cohorts' })).json() as { courses: Record<string, { seats_left: number }> })
      .courses[course]!.seats_left;

  it('one e-mail with unpaid Efecty tickets holds at most 3 seats (429 in Spanish past them), so the sixth buyer still buys', async () => {
    await freshCohort('ofimatica-basica', 5);
    const attacker = 'acaparador.efecty@example.com';
    const held: Lead[] = [];
    for (let i = 0; i < 3; i++) {
      const lead = await enrol('ofimatica-basica', i === 1 ? attacker.toUpperCase() : attacker);
      expect((await checkout(lead, `198.51.100.${10 + i}`)).statusCode).toBe(200);
      await pendingWithEfecty(lead);
      held.push(lead);
    }
    await checkoutHoldEnded(held);
    // The three pending tickets still keep their seats (PSE/Efecty payers are given their time to pay)…
    expect(await seatsLeft('ofimatica-basica')).toBe(2);
    // …and count against the address: a fourth and a fifth are refused, whatever the client.
    for (const ip of ['198.51.100.13', '198.51.100.14']) {
      const refused = await checkout(await enrol('ofimatica-basica', attacker), ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: 'too_many_holds',
        message: expect.stringMatching(/^Ya tienes varios cupos apartados/),
      });
    }
    // The sixth buyer (the one the attack locked out) still gets a seat, and so does one more.
    expect((await checkout(await enrol('ofimatica-basica'), '192.0.2.60')).statusCode).toBe(200);
    expect((await checkout(await enrol('ofimatica-basica'), '192.0.2.61')).statusCode).toBe(200);
    expect(await seatsLeft('ofimatica-basica')).toBe(0);
  });

  it.each([['198.51.100.77'], ['127.0.0.1'], ['::1'], ['2001:db8:77::1']])(
    'one client (%s) holds at most 5 seats with different e-mails, pending payments included; no address is exempt',
    async (ip) => {
      const course = 'marketing-digital';
      await freshCohort(course, 30);
      const held: Lead[] = [];
      for (let i = 0; i < 5; i++) {
        const lead = await enrol(course);
        expect((await checkout(lead, ip)).statusCode).toBe(200);
        if (i % 2 === 0) await pendingWithEfecty(lead);
        held.push(lead);
      }
      // Even once the checkout holds ran out, the pending tickets count.
      await checkoutHoldEnded(held.filter((_, i) => i % 2 === 0));
      const sixth = await checkout(await enrol(course), ip);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ error: 'too_many_holds', message: expect.stringMatching(/^Ya tienes/) });
      // Another client is not affected.
      expect((await checkout(await enrol(course), '192.0.2.99')).statusCode).toBe(200);
      // Let this client's seats go before the next case (their deadline passes).
      await api.db
        .updateTable('courses.enrolments')
        .set({ payment_status: 'cancelled' })
        .where(
          'reference',
          'in',
          held.map((l) => l.id),
        )
        .execute();
      await checkoutHoldEnded(held);
    },
  );

  it("the provider's expiry notice frees the seat and tells the buyer once; the seat is sold to someone else", async () => {
    const course = 'desarrollo-software';
    await freshCohort(course, 1);
    const buyer = await enrol(course);
    expect((await checkout(buyer, '198.51.100.31')).statusCode).toBe(200);
    const ticket = await pendingWithEfecty(buyer);
    const other = await enrol(course);
    expect((await checkout(other, '198.51.100.32')).statusCode).toBe(409);

    // The ticket's deadline passes unpaid (a PSE transfer's may come before the checkout's own hold ends): the provider
    // cancels it (expired) and notifies, maybe more than once.
    provider.pay(ticket.id, buyer.id, 'cancelled', { ...ticket, status: 'cancelled', status_detail: 'expired' });
    expect((await notify(ticket.id)).statusCode).toBe(200);
    expect((await notify(ticket.id)).statusCode).toBe(200);
    const mails = await releaseMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/no llegó antes de su fecha límite/);
    expect(mails[0]!.text).toContain('/desarrollo-software/registro');
    expect(mails[0]!.text).not.toContain(buyer.claim_secret);

    // The buyer was told the seat is free: it is, even while their checkout's own 45 minutes run.
    expect(await seatsLeft(course)).toBe(1);
    expect((await checkout(other, '198.51.100.32')).statusCode).toBe(200);
    expect(await row(other.id)).toMatchObject({ cohort_id: (await row(buyer.id)).cohort_id });
  });

  it('reconciliation frees the seats of tickets that expired silently (no notification) and tells each buyer once', async () => {
    const course = 'ofimatica-basica';
    await freshCohort(course, 2);
    const cancelled = await enrol(course);
    const stillPending = await enrol(course);
    expect((await checkout(cancelled, '198.51.100.41')).statusCode).toBe(200);
    expect((await checkout(stillPending, '198.51.100.42')).statusCode).toBe(200);
    const a = await pendingWithEfecty(cancelled);
    await pendingWithEfecty(stillPending);
    await checkoutHoldEnded([cancelled, stillPending]);
    expect(await seatsLeft(course)).toBe(0);

    // One ticket is cancelled at the provider and its notification is lost; the provider still reports the other as
    // pending after its deadline (its own expiry lags). Neither buyer paid.
    provider.pay(a.id, cancelled.id, 'cancelled', { ...a, status: 'cancelled', status_detail: 'expired' });
    const afterDeadline = new Date(Date.now() + 3 * 86_400_000 + 3600_000);
    await reconcilePayments(api.ctx, coursePayables, log, afterDeadline);
    await reconcilePayments(api.ctx, coursePayables, log, new Date(afterDeadline.getTime() + 20 * 60_000));
    expect(await releaseMails(cancelled.email)).toHaveLength(1);
    expect(await releaseMails(stillPending.email)).toHaveLength(1);
    expect((await row(cancelled.id)).payment_status).toBe('cancelled');

    // Both seats are free again and sold to others.
    expect(await seatsLeft(course)).toBe(2);
    expect((await checkout(await enrol(course), '192.0.2.71')).statusCode).toBe(200);
    expect((await checkout(await enrol(course), '192.0.2.72')).statusCode).toBe(200);
  });

  it('a payment approved after its seat was released is honoured while a seat is free', async () => {
    const course = 'marketing-digital';
    await freshCohort(course, 1);
    const late = await enrol(course);
    expect((await checkout(late, '198.51.100.51')).statusCode).toBe(200);
    const ticket = await pendingWithEfecty(late);
    await checkoutHoldEnded([late]);
    await reconcilePayments(api.ctx, coursePayables, log, new Date(Date.now() + 3 * 86_400_000 + 3600_000));
    expect(await releaseMails(late.email)).toHaveLength(1);

    // Paid at the counter at the last minute: the provider approves it later. The seat is still free: it is theirs.
    provider.pay(ticket.id, late.id, 'approved', { ...ticket, status: 'approved', status_detail: 'accredited' });
    expect((await notify(ticket.id)).statusCode).toBe(200);
    expect(await row(late.id)).toMatchObject({ payment_status: 'approved', enrollment_status: 'ENROLLED' });
    expect((await api.mailer.list(1000)).filter((m) => m.to === late.email && /confirmada/.test(m.subject))).toHaveLength(1);
    expect(await seatsLeft(course)).toBe(0);
  });

  it('a payment approved after its seat went to someone else is kept for the team to review, never lost nor overbooked', async () => {
    const course = 'desarrollo-software';
    await freshCohort(course, 1);
    const late = await enrol(course);
    expect((await checkout(late, '198.51.100.61')).statusCode).toBe(200);
    const ticket = await pendingWithEfecty(late);
    await checkoutHoldEnded([late]);
    // The ticket's deadline passes with the provider still reporting it pending: the seat is released, and another
    // buyer takes it and pays.
    await reconcilePayments(api.ctx, coursePayables, log, new Date(Date.now() + 3 * 86_400_000 + 3600_000));
    expect(await releaseMails(late.email)).toHaveLength(1);
    const other = await enrol(course);
    expect((await checkout(other, '198.51.100.62')).statusCode).toBe(200);
    provider.pay(String(++paymentSeq), other.id, 'approved');
    expect((await notify(String(paymentSeq))).statusCode).toBe(200);
    expect((await row(other.id)).payment_status).toBe('approved');

    // Then the first payment is approved after all (the provider's compensation window): no seat is left for it.
    provider.pay(ticket.id, late.id, 'approved', { ...ticket, status: 'approved', status_detail: 'accredited' });
    expect((await notify(ticket.id)).statusCode).toBe(200);
    expect(await row(late.id)).toMatchObject({ enrollment_status: 'PENDING' });
    expect((await row(late.id)).payment_status).not.toBe('approved');
    expect(await seatsLeft(course)).toBe(0);
    // The paying browser is told the team will look at it, in Spanish.
    const status = await api.app.inject({
      method: 'POST',
      url: '/api/courses/payments/status',
      payload: { payment_id: ticket.id, external_reference: late.id, claim_secret: late.claim_secret },
    });
    expect(status.statusCode).toBe(409);
    expect(status.json()).toMatchObject({ message: expect.stringMatching(/Nuestro equipo lo revisará/) });
    // The money is recorded: in the payment's history and among the team's payments to review, once.
    const history = await api.db
      .selectFrom('courses.payment_events')
      .select(['payment_id', 'status', 'applied'])
      .where('reference', '=', late.id)
      .where('status', '=', 'approved')
      .execute();
    expect(history).toEqual([{ payment_id: ticket.id, status: 'approved', applied: false }]);
    // The payer is told, once, that the payment arrived and the team will write; no receipt promises a seat.
    expect((await notify(ticket.id)).statusCode).toBe(200);
    const toPayer = (await api.mailer.list(1000)).filter((m) => m.to === late.email);
    expect(toPayer.filter((m) => /revisará/.test(m.subject))).toHaveLength(1);
    expect(toPayer.filter((m) => /confirmada/.test(m.subject))).toHaveLength(0);
    const review = await api.app.inject({ method: 'GET', url: '/api/courses/staff/payments/enrolments', headers: asStaff });
    expect(review.statusCode).toBe(200);
    const issues = (review.json() as { issues: Array<{ kind: string; reference: string; payment_id: string; reported_status: string }> })
      .issues;
    expect(issues.filter((i) => i.payment_id === ticket.id)).toEqual([
      expect.objectContaining({ kind: 'seat_unavailable', reference: late.id, reported_status: 'approved' }),
    ]);
  });
});

describe.each(testDatabases)('the last seat, between a late approval and a new checkout, on %s', (_name, open) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('goes to exactly one of them, without a deadlock (cohort row first, then the enrolment, in both)', async () => {
    database = await open();
    await migrateApis(database.db, [coursesApi]);
    const db = database.db;
    const start = bogotaDay(new Date(Date.now() + 10 * 86_400_000));
    const cohortId = (
      await db
        .insertInto('courses.cohorts')
        .values({ course_name: 'desarrollo-software', start_date: start, schedule: 'Sábados', capacity: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const enrolment = (reference: string, extra: Record<string, unknown>) =>
      db
        .insertInto('courses.enrolments')
        .values({
          reference,
          course_name: 'desarrollo-software',
          module_name: 'Fundamentos de Javascript y AWS S3',
          course_title: 'Desarrollo de Software',
          price: 119900,
          student_name: 'Ana',
          student_lastname: 'Pérez',
          full_name: 'Ana Pérez',
          id_type: 'Cédula de ciudadanía',
          id_number: '1',
          phone_number: '3001234567',
          email: `${reference.toLowerCase()}@example.com`,
          profession: 'Estudiante',
          education: 'Secundaria',
          has_terms: true,
          ...extra,
        })
        .execute();
    for (let round = 0; round < 5; round++) {
      await db.deleteFrom('courses.enrolments').execute();
      // A: its Efecty ticket's seat was released at the deadline; the provider now approves it. B: a new buyer.
      await enrolment(`ENR-A${round}`, {
        cohort_id: cohortId,
        payment_id: `88${round}`,
        payment_status: 'pending',
        seat_released_at: new Date(),
      });
      await enrolment(`ENR-B${round}`, {});
      const approval = {
        id: `88${round}`,
        status: 'approved',
        status_detail: 'accredited',
        payment_type_id: 'ticket',
        payment_method_id: 'efecty',
        transaction_amount: 119900,
        currency_id: 'COP',
        external_reference: `ENR-A${round}`,
        date_created: new Date().toISOString(),
        date_approved: new Date().toISOString(),
        date_last_updated: new Date().toISOString(),
        date_of_expiration: null,
      };
      const [applied, held] = await Promise.allSettled([
        applyProviderPayment(db, coursePayables, approval, 'notification'),
        holdSeat(db, { reference: `ENR-B${round}`, course_name: 'desarrollo-software', email: 'b@example.com' }, new Date(), '192.0.2.1'),
      ]);
      expect(applied.status).toBe('fulfilled');
      const result = applied.status === 'fulfilled' ? applied.value : null;
      if (held.status === 'fulfilled') expect(result?.discrepancy).toBe('seat_unavailable');
      else {
        expect(held.reason).toMatchObject({ statusCode: 409 });
        expect(result).toMatchObject({ applied: true, discrepancy: null });
      }
      const seats = await db
        .selectFrom('courses.enrolments')
        .select(['reference', 'payment_status', 'seat_held_until'])
        .where('cohort_id', '=', cohortId)
        .execute();
      const occupied = seats.filter(
        (s) => s.payment_status === 'approved' || (s.seat_held_until !== null && new Date(s.seat_held_until) > new Date()),
      );
      expect(occupied).toHaveLength(1);
    }
  });
});
