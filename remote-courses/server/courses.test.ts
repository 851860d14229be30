import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { signNotification } from 'shared/server/payments/signature';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { invoiceTexts } from '../src/invoicing/schemas';
import { coursesApi } from './index';

const student = sampleEnrolment;

const secret = 'sandbox-webhook-secret';

describe('courses API', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  let requestSeq = 0;

  beforeAll(async () => {
    // This suite writes far more than a visitor would; the limit itself is tested in shell/server (every write route).
    // Likewise it opens many checkouts from one client (the seat hold limits are tested in src/cohorts/server/pending-seats.test.ts).
    api = await testApi(coursesApi, {
      payments: provider,
      identity: idp.verifier,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 }, seatHolds: { perClient: 1000 } },
    });
    // Each course's next open cohort, roomy enough for this suite (seats are tested in src/cohorts/server/cohorts.test.ts).
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .insertInto('courses.cohorts')
      .values(
        ['desarrollo-software', 'ofimatica-basica', 'marketing-digital'].map((course_name) => ({
          course_name,
          start_date: startDate,
          schedule: 'Lunes a viernes',
          capacity: 10_000,
        })),
      )
      .execute();
  });
  afterAll(async () => api.close());
  beforeEach(() => {
    provider.down = false;
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  /** Claim secrets the browser that enrolled would hold, by enrolment id. */
  const claims = new Map<string, string>();
  const enrol = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await post('/api/courses/leads', { ...student, ...over }, headers);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; claim_secret: string };
    claims.set(body.id, body.claim_secret);
    return body.id;
  };
  const checkout = (id: string, over: Record<string, unknown> = {}) =>
    post('/api/courses/checkout', { enrollment_id: id, claim_secret: claims.get(id), ...over });
  let emailSeq = 0;
  /** Enrols and opens the checkout, as the enrolment page does (each as another student: one e-mail holds few seats). */
  const enrolAndCheckout = async (over: Record<string, unknown> = {}) => {
    const id = await enrol({ email: `estudiante${++emailSeq}@example.com`, ...over });
    expect((await checkout(id)).statusCode).toBe(200);
    return id;
  };
  const status = (paymentId: string, reference: string, secret = claims.get(reference)) =>
    post('/api/courses/payments/status', { payment_id: paymentId, external_reference: reference, claim_secret: secret });
  const notify = (paymentId: string, opts: { requestId?: string; signature?: string | null } = {}) => {
    const requestId = opts.requestId ?? `req-${++requestSeq}`;
    const headers: Record<string, string> = { 'x-request-id': requestId };
    if (opts.signature !== null) headers['x-signature'] = opts.signature ?? signNotification(secret, paymentId, requestId);
    return api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers,
      payload: { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
    });
  };
  const row = (reference: string) =>
    api.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const receiptsTo = async (email: string) => (await api.mailer.list(1000)).filter((m) => m.to === email && /inscripción/.test(m.subject));

  it('stores the lead with full_name and "processing..." and answers its id', async () => {
    const id = await enrol();
    expect(id).toMatch(/^ENR-[A-Za-z0-9_-]{16}$/);
    const r = await row(id);
    expect(r).toMatchObject({
      full_name: 'Ana María Pérez Gómez',
      payment_status: 'processing...',
      price: 119900,
      course_title: 'Desarrollo de Software',
    });
  });

  it("stores the invoice's company buyer as typed (trimmed), none when the form names no company (#30)", async () => {
    const id = await enrol({ buyer_nit: ' 901.234.567-7 ', buyer_business_name: 'Soluciones Andinas S.A.S.' });
    expect(await row(id)).toMatchObject({ buyer_nit: '901.234.567-7', buyer_business_name: 'Soluciones Andinas S.A.S.' });
    expect(await row(await enrol({ buyer_nit: '', buyer_business_name: '' }))).toMatchObject({
      buyer_nit: null,
      buyer_business_name: null,
    });
    const bad = await post('/api/courses/leads', { ...student, buyer_nit: '901.234.567-3', buyer_business_name: 'Acme S.A.S.' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { fields: Record<string, string> }).fields).toEqual({ buyer_nit: invoiceTexts.nitInvalid });
    const half = await post('/api/courses/leads', { ...student, buyer_nit: '901.234.567-7' });
    expect((half.json() as { fields: Record<string, string> }).fields).toEqual({ buyer_business_name: invoiceTexts.businessNameRequired });
  });

  it('answers each validation rule with the form message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ student_name: '' }, 'student_name', 'El nombre es obligatorio'],
      [{ email: '' }, 'email', 'El email es obligatorio'],
      [{ email: 'ana@' }, 'email', 'Email no válido'],
      [{ phone_number: '' }, 'phone_number', 'El teléfono es obligatorio'],
      [{ module_name: '' }, 'module_name', 'Debes seleccionar un módulo'],
      [{ has_terms: false }, 'has_terms', 'Debes aceptar los términos y condiciones'],
      [{ module_name: 'Google Suite' }, 'module_name', 'El módulo elegido no está disponible para este curso.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/api/courses/leads', { ...student, ...over });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields[field]).toBe(message);
    }
  });

  it('refuses a filled honeypot without storing', async () => {
    const before = await api.db
      .selectFrom('courses.enrolments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('/api/courses/leads', { ...student, website: 'http://spam.example' });
    expect(res.statusCode).toBe(400);
    const after = await api.db
      .selectFrom('courses.enrolments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('charges the catalogue price whatever the browser sends', async () => {
    const id = await enrol();
    const res = await checkout(id, { price: 1, title: 'Gratis', unit_price: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { init_point: string; price: number; external_reference: string };
    expect(body.init_point).toMatch(/^https:\/\//);
    expect(body.price).toBe(119900);
    expect(body.external_reference).toBe(id);
    const sent = provider.checkouts.at(-1)!;
    expect(sent.item).toMatchObject({ unitPrice: 119900, title: 'Desarrollo de Software – Fundamentos de Javascript y AWS S3' });
    expect(sent.backUrls.success).toMatch(/\/pago\/exitoso$/);
    expect(sent.notificationUrl).toMatch(/\/api\/courses\/payments\/notifications$/);
  });

  it('guards checkout inputs: unknown enrolment, missing id, provider down', async () => {
    const someClaim = { claim_secret: 'x'.repeat(32) };
    expect((await post('/api/courses/checkout', { enrollment_id: 'ENR-desconocido', ...someClaim })).statusCode).toBe(404);
    const missing = await post('/api/courses/checkout', someClaim);
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { fields: Record<string, string> }).fields.enrollment_id).toBe('Faltan datos requeridos: enrollment_id');
    provider.down = true;
    const id = await enrol();
    const down = await checkout(id);
    expect(down.statusCode).toBe(502);
    expect((down.json() as { message: string }).message).toBe('Error al procesar el pago');
  });

  it('refuses forged notifications and changes nothing', async () => {
    const id = await enrolAndCheckout();
    provider.pay('5001', id, 'approved');
    expect((await notify('5001', { signature: null })).statusCode).toBe(401);
    expect(
      (await notify('5001', { signature: signNotification('otro-secreto', '5001', 'x', Math.floor(Date.now() / 1000)) })).statusCode,
    ).toBe(401);
    expect((await row(id)).payment_status).toBe('processing...');
  });

  it('applies a signed approval once: ten duplicate notifications, one receipt, status approved', async () => {
    const id = await enrolAndCheckout({ email: 'dup@example.com' });
    provider.pay('5002', id, 'approved', { transaction_amount: 119900 });
    const first = await notify('5002', { requestId: 'req-dup' });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await notify('5002', { requestId: 'req-dup' })).json()).toMatchObject({ duplicate: true });
    for (let i = 0; i < 5; i++) expect((await notify('5002')).statusCode).toBe(200);
    const r = await row(id);
    expect(r).toMatchObject({ payment_status: 'approved', payment_id: '5002', status_detail: 'accredited', enrollment_status: 'ENROLLED' });
    expect(await receiptsTo('dup@example.com')).toHaveLength(1);
  });

  it('never moves an approved payment backwards on out-of-order deliveries', async () => {
    const id = await enrolAndCheckout();
    provider.pay('5003', id, 'approved');
    await notify('5003');
    provider.pay('5003', id, 'in_process');
    await notify('5003');
    expect((await row(id)).payment_status).toBe('approved');
    // The staff's history keeps both reports, once each, and says which one changed the record.
    const history = await api.db
      .selectFrom('courses.payment_events')
      .select(['payment_id', 'status', 'applied', 'source'])
      .where('reference', '=', id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { payment_id: '5003', status: 'approved', applied: true, source: 'notification' },
      { payment_id: '5003', status: 'in_process', applied: false, source: 'notification' },
    ]);
  });

  it('answers the result pages with the status read from the provider', async () => {
    const id = await enrolAndCheckout();
    provider.pay('5004', id, 'rejected', {
      status_detail: 'cc_rejected_insufficient_amount',
      date_created: '2026-03-02T09:15:00.000-05:00',
    });
    const before = Date.now();
    const res = await status('5004', id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { checked_at: string };
    expect(body).toEqual({
      payment_id: '5004',
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
      payment_type: 'credit_card',
      payment_method: 'visa',
      external_reference: id,
      amount: 119900,
      date_created: '2026-03-02T09:15:00.000-05:00',
      date_approved: null,
      checked_at: expect.any(String),
      concept: 'course',
      course_title: 'Desarrollo de Software',
      module_name: 'Fundamentos de Javascript y AWS S3',
      course_url: '/desarrollo-software',
      // The start date of the cohort the checkout held a seat in (#14).
      start_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    // When the server read the provider: this request's read, in ISO form.
    expect(Date.parse(body.checked_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.checked_at)).toBeLessThanOrEqual(Date.now());
    expect((await row(id)).payment_status).toBe('rejected');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect((await status('abc', id)).statusCode).toBe(400);
    expect((await status('999999', id)).statusCode).toBe(404);
  });

  describe('trust boundaries (#11)', () => {
    it("row 3: checkout of someone else's enrolment needs its claim secret, and a signed-in stranger cannot take it over", async () => {
      const victim = await enrol({ email: 'victima@example.com' });
      const stranger = idp.token({ sub: 'atacante', email: 'atacante@example.com' });
      const auth = { authorization: `Bearer ${stranger}` };
      const checkoutsBefore = provider.checkouts.length;
      for (const claim of [undefined, '', 'x'.repeat(32), claims.get(victim)?.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
        const res = await post(
          '/api/courses/checkout',
          { enrollment_id: victim, ...(claim === undefined ? {} : { claim_secret: claim }) },
          auth,
        );
        expect([400, 404]).toContain(res.statusCode);
      }
      expect(provider.checkouts.length).toBe(checkoutsBefore);
      // Even with the claim (the victim's own browser, signed in as someone else), the enrolment is never re-tied.
      expect((await post('/api/courses/checkout', { enrollment_id: victim, claim_secret: claims.get(victim) }, auth)).statusCode).toBe(200);
      expect(await row(victim)).toMatchObject({ user_sub: null, user_email: null });
    });

    it('row 1/4: the status check needs the reference and the claim; without it the provider is never asked', async () => {
      const id = await enrolAndCheckout();
      provider.pay('5101', id, 'approved');
      const reads = provider.reads;
      for (const claim of [undefined, 'x'.repeat(32), claims.get(await enrolAndCheckout())]) {
        const res = await post('/api/courses/payments/status', {
          payment_id: '5101',
          external_reference: id,
          ...(claim ? { claim_secret: claim } : {}),
        });
        expect([400, 403]).toContain(res.statusCode);
        // No receipt either: not the course, the module, the amount or when it was checked.
        expect(JSON.stringify(res.json())).not.toMatch(/approved|5101|Desarrollo de Software|Fundamentos|119900|checked_at|course_url/);
      }
      // The old open GET (walkable by payment id) is gone.
      expect((await api.app.inject(`/api/courses/payments/5101?external_reference=${id}`)).statusCode).toBe(404);
      expect(provider.reads).toBe(reads);
      expect((await row(id)).payment_status).toBe('processing...');
      expect((await status('5101', id)).json()).toMatchObject({ status: 'approved' });
    });

    it('row 4: repeated checks of one payment share one provider read for a few seconds', async () => {
      const id = await enrolAndCheckout();
      provider.pay('5102', id, 'pending');
      const reads = provider.reads;
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await status('5102', id);
        expect(res.statusCode).toBe(200);
        answers.push((res.json() as { checked_at: string }).checked_at);
      }
      expect(provider.reads - reads).toBe(1);
      // The answer says when that one read happened, not when each request came in.
      expect(new Set(answers).size).toBe(1);
    });

    it('the receipt comes from the enrolment record and the provider, never from what the browser sends', async () => {
      const id = await enrolAndCheckout({ module_name: 'Fundamentos de desarrollo Backend' });
      provider.pay('5106', id, 'approved', { payment_type_id: 'debit_card', payment_method_id: 'debvisa' });
      const res = await post('/api/courses/payments/status', {
        payment_id: '5106',
        external_reference: id,
        claim_secret: claims.get(id),
        // What a tampered request might add: ignored (the body schema knows only the three fields).
        course_title: 'Curso Gratis',
        module_name: 'Otro',
        amount: 1,
        status: 'approved',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'approved',
        amount: 119900,
        payment_type: 'debit_card',
        payment_method: 'debvisa',
        concept: 'course',
        course_title: 'Desarrollo de Software',
        module_name: 'Fundamentos de desarrollo Backend',
        course_url: '/desarrollo-software',
      });
      expect(JSON.stringify(res.json())).not.toMatch(/Curso Gratis|Otro/);
    });

    it('row 7: a payment that does not pay the priced amount in COP approves nothing, sends nothing, and is noted for the staff', async () => {
      const cheap = await enrolAndCheckout({ email: 'barato@example.com' });
      provider.pay('5103', cheap, 'approved', { transaction_amount: 1 });
      expect((await notify('5103')).statusCode).toBe(200);
      const dollars = await enrolAndCheckout({ email: 'dolares@example.com' });
      provider.pay('5104', dollars, 'approved', { currency_id: 'USD' });
      expect((await notify('5104')).statusCode).toBe(200);
      for (const id of [cheap, dollars]) expect(await row(id)).toMatchObject({ payment_status: 'processing...', receipt_sent_at: null });
      expect(await receiptsTo('barato@example.com')).toHaveLength(0);
      expect(await receiptsTo('dolares@example.com')).toHaveLength(0);
      const checked = await status('5103', cheap);
      expect(checked.statusCode).toBe(409);
      expect(JSON.stringify(checked.json())).not.toMatch(/approved/);
      const noted = await api.db
        .selectFrom('courses.payment_discrepancies')
        .select(['reference', 'payment_id', 'kind', 'expected_amount'])
        .where('payment_id', 'in', ['5103', '5104'])
        .orderBy('payment_id')
        .execute();
      expect(noted).toEqual([
        { reference: cheap, payment_id: '5103', kind: 'amount_mismatch', expected_amount: 119900 },
        { reference: dollars, payment_id: '5104', kind: 'currency_mismatch', expected_amount: 119900 },
      ]);
      // The right amount still goes through.
      provider.pay('5105', cheap, 'approved');
      await notify('5105');
      expect((await row(cheap)).payment_status).toBe('approved');
    });
  });
});
