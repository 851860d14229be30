import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readCourseEnrolments } from '../../../manifest/course-enrolments';
import { runOnce } from 'shared/server/jobs';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { reconcileJobName, reconcilePayments } from 'shared/server/payments/reconcile';
import { signNotification } from 'shared/server/payments/signature';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { coursesApi } from '../../../server/index';
import { coursePayables } from './payments';

/** Reconciliation (#14): payments whose notification never came, and payments that were later reversed. */
describe('course payments reconciliation and reversals', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const staff = createTestStaffDirectory();
  const idp = createTestIdentity();
  staff.seat({ username: 'ana@fundacion.org' });
  staff.seat({ username: 'baja@fundacion.org', enabled: false });
  const log = { warn: () => undefined };
  let seq = 0;
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      staff,
      identity: idp.verifier,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .insertInto('courses.cohorts')
      .values({ course_name: 'desarrollo-software', start_date: startDate, schedule: 'Lunes', capacity: 1000 })
      .execute();
  });
  afterAll(async () => api.close());
  beforeEach(() => {
    provider.down = false;
  });

  /** Enrols and opens the checkout as the enrolment page does; answers the reference. */
  const enrolAndCheckout = async (email: string) => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, email } });
    expect(lead.statusCode).toBe(201);
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    const checkout = await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } });
    expect(checkout.statusCode).toBe(200);
    return id;
  };
  const row = (reference: string) =>
    api.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const mailsTo = async (to: string, subject: RegExp) =>
    (await api.mailer.list(1000)).filter((m) => m.to === to && subject.test(m.subject));
  const notify = (paymentId: string) => {
    const requestId = `rec-${++seq}`;
    return api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
  };

  it('approves a payment whose notification never arrived, found by its reference, with one receipt', async () => {
    const reference = await enrolAndCheckout('perdida@example.com');
    provider.pay('9001', reference, 'approved');
    // Too soon: the provider's notification may still be on its way, so nobody is asked yet.
    const early = await reconcilePayments(api.ctx, coursePayables, log, later(5));
    expect(early.checked).toBe(0);
    expect((await row(reference)).payment_status).toBe('processing...');

    const outcome = await reconcilePayments(api.ctx, coursePayables, log, later(31));
    expect(outcome).toMatchObject({ applied: 1, failed: 0 });
    expect(await row(reference)).toMatchObject({ payment_status: 'approved', payment_id: '9001', enrollment_status: 'ENROLLED' });
    expect(await mailsTo('perdida@example.com', /inscripción/)).toHaveLength(1);
    const history = await api.db
      .selectFrom('courses.payment_events')
      .select(['status', 'source'])
      .where('reference', '=', reference)
      .execute();
    expect(history).toEqual([{ status: 'approved', source: 'reconciliation' }]);

    // The notification arriving late changes nothing and sends nothing more; the settled record is never asked again.
    expect((await notify('9001')).statusCode).toBe(200);
    expect(await mailsTo('perdida@example.com', /inscripción/)).toHaveLength(1);
    const searches = provider.searches;
    await reconcilePayments(api.ctx, coursePayables, log, later(120));
    expect(provider.searches - searches).toBe(0);
  });

  it('leaves a record alone while the provider is down and asks again next time', async () => {
    const reference = await enrolAndCheckout('caida@example.com');
    provider.pay('9002', reference, 'approved');
    provider.down = true;
    expect(await reconcilePayments(api.ctx, coursePayables, log, later(31))).toMatchObject({ failed: 1, applied: 0 });
    expect((await row(reference)).payment_status).toBe('processing...');
    provider.down = false;
    expect((await reconcilePayments(api.ctx, coursePayables, log, later(32))).applied).toBe(1);
    expect((await row(reference)).payment_status).toBe('approved');
  });

  it('does not approve what the provider says was paid for another amount', async () => {
    const reference = await enrolAndCheckout('otro-valor@example.com');
    provider.pay('9003', reference, 'approved', { transaction_amount: 1000 });
    await reconcilePayments(api.ctx, coursePayables, log, later(31));
    expect((await row(reference)).payment_status).toBe('processing...');
    const noted = await api.db.selectFrom('courses.payment_discrepancies').select('kind').where('payment_id', '=', '9003').execute();
    expect(noted).toEqual([{ kind: 'amount_mismatch' }]);
  });

  it.each([
    ['refunded', 'Reembolsado'],
    ['charged_back', 'Contracargo'],
  ])(
    'a %s payment withdraws the enrolment (Mis Cursos and certificates need an approved payment) and tells the team',
    async (status, label) => {
      const email = `${status}@example.com`;
      const reference = await enrolAndCheckout(email);
      const paymentId = `95${++seq}`;
      provider.pay(paymentId, reference, 'approved');
      await notify(paymentId);
      const owner = { sub: `sub-${status}`, username: email, name: null, email, emailVerified: true, groups: [], authTime: 0 };
      expect((await readCourseEnrolments(api.db, { owner }))[0]).toMatchObject({
        payment_status: 'approved',
        enrollment_status: 'ENROLLED',
      });

      provider.pay(paymentId, reference, status);
      expect((await notify(paymentId)).statusCode).toBe(200);
      expect(await row(reference)).toMatchObject({ payment_status: status, enrollment_status: 'WITHDRAWN' });
      // The team hears of it (enabled members only), with the reference and without the payer's data.
      const told = await mailsTo('ana@fundacion.org', new RegExp(label, 'i'));
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain(reference);
      // What was paid and what the reversal means, as the courses domain words them, and the record's page in the panel.
      expect(told[0]?.text).toContain('Inscripción a un curso');
      expect(told[0]?.text).toContain('El curso ya no aparece en Mis Cursos de esa persona.');
      expect(told[0]?.text).toContain(`/equipo/inscripciones/${reference}`);
      expect(told[0]?.text).not.toContain(email);
      expect(await mailsTo('baja@fundacion.org', new RegExp(label, 'i'))).toHaveLength(0);
      // A repeated report is one event, one e-mail.
      await notify(paymentId);
      expect(await mailsTo('ana@fundacion.org', new RegExp(label, 'i'))).toHaveLength(1);
    },
  );

  it('runs once per slot however many instances reach it', async () => {
    const reference = await enrolAndCheckout('dos-instancias@example.com');
    provider.pay('9004', reference, 'approved');
    const slot = `test-${Date.now()}`;
    const run = () =>
      runOnce(api.db, reconcileJobName(coursePayables.payable), slot, () => reconcilePayments(api.ctx, coursePayables, log, later(31)));
    const results = await Promise.all([run(), run()]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(await mailsTo('dos-instancias@example.com', /inscripción/)).toHaveLength(1);
  });

  describe("the panel's payments review", () => {
    const asAna = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
    const asVisitor = { authorization: `Bearer ${idp.token({ email: 'visitante@example.com' })}` };

    it('is for the team only', async () => {
      for (const [method, url] of [
        ['GET', '/api/courses/staff/payments/enrolments'],
        ['POST', '/api/courses/staff/payments/enrolments/reconcile'],
        ['POST', '/api/courses/staff/payments/enrolments/discrepancies/1/review'],
      ] as const) {
        expect((await api.app.inject({ method, url })).statusCode).toBe(401);
        expect((await api.app.inject({ method, url, headers: asVisitor })).statusCode).toBe(403);
      }
    });

    it('lists what could not be applied and what waits, reviews a difference once, and reconciles now (audited)', async () => {
      const waiting = await enrolAndCheckout('espera@example.com');
      const review = await api.app.inject({ method: 'GET', url: '/api/courses/staff/payments/enrolments', headers: asAna });
      expect(review.statusCode).toBe(200);
      const body = review.json<{
        issues: Array<{ key: string; kind: string; payment_id: string }>;
        pending: Array<{ reference: string }>;
      }>();
      expect(body.pending.map((p) => p.reference)).toContain(waiting);
      // The amount mismatch of payment 9003 (above) and the reversals are there, without any payer address.
      const mismatch = body.issues.find((i) => i.payment_id === '9003');
      expect(mismatch?.kind).toBe('amount_mismatch');
      expect(body.issues.map((i) => i.kind)).toEqual(expect.arrayContaining(['refunded', 'charged_back']));
      expect(review.body).not.toMatch(/@example\.com/);

      const id = Number(mismatch?.key.slice(2));
      const url = `/api/courses/staff/payments/enrolments/discrepancies/${id}/review`;
      const first = await api.app.inject({ method: 'POST', url, headers: asAna });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ issue: { reviewed_by: 'ana@fundacion.org' } });
      expect((await api.app.inject({ method: 'POST', url, headers: asAna })).statusCode).toBe(409);
      expect(
        (
          await api.app.inject({
            method: 'POST',
            url: '/api/courses/staff/payments/enrolments/discrepancies/99999999/review',
            headers: asAna,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await api.app.inject({ method: 'POST', url: '/api/courses/staff/payments/enrolments/discrepancies/abc/review', headers: asAna }))
          .statusCode,
      ).toBe(400);

      // By hand nobody waits for the notification: the payment made a moment ago is applied now.
      provider.pay('9010', waiting, 'approved');
      const now = await api.app.inject({ method: 'POST', url: '/api/courses/staff/payments/enrolments/reconcile', headers: asAna });
      expect(now.statusCode).toBe(200);
      expect(now.json<{ applied: number }>().applied).toBeGreaterThanOrEqual(1);
      expect((await row(waiting)).payment_status).toBe('approved');
      const audit = await api.db.selectFrom('staff.audit_log').select('action').where('actor_email', '=', 'ana@fundacion.org').execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['courses.payment.review', 'courses.payment.reconcile']));
    });
  });
});
