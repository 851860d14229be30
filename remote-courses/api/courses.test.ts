import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { signNotification } from 'shared/server/payments/signature';
import type { Gateway } from '../../shell/server/src/app';
import { testGateway } from '../../shell/server/src/testing';

const student = sampleEnrolment;

const secret = 'sandbox-webhook-secret';

describe('courses API', () => {
  let gw: Gateway;
  const provider = new FakePaymentProvider();
  let requestSeq = 0;

  beforeAll(async () => {
    gw = await testGateway({}, {}, { payments: provider });
  });
  afterAll(async () => gw.app.close());
  beforeEach(() => {
    provider.down = false;
  });

  const post = (url: string, payload: unknown) => gw.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  const enrol = async (over: Record<string, unknown> = {}) => {
    const res = await post('/api/courses/leads', { ...student, ...over });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const notify = (paymentId: string, opts: { requestId?: string; signature?: string | null } = {}) => {
    const requestId = opts.requestId ?? `req-${++requestSeq}`;
    const headers: Record<string, string> = { 'x-request-id': requestId };
    if (opts.signature !== null) headers['x-signature'] = opts.signature ?? signNotification(secret, paymentId, requestId);
    return gw.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers,
      payload: { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
    });
  };
  const row = (reference: string) =>
    gw.database.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const receiptsTo = async (email: string) =>
    ((await gw.app.inject('/dev/mailbox.json')).json() as Array<{ to: string; subject: string }>).filter(
      (m) => m.to === email && /inscripción/.test(m.subject),
    );

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
    const before = await gw.database.db
      .selectFrom('courses.enrolments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('/api/courses/leads', { ...student, website: 'http://spam.example' });
    expect(res.statusCode).toBe(400);
    const after = await gw.database.db
      .selectFrom('courses.enrolments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('charges the catalogue price whatever the browser sends', async () => {
    const id = await enrol();
    const res = await post('/api/courses/checkout', { enrollment_id: id, price: 1, title: 'Gratis', unit_price: 1 });
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
    expect((await post('/api/courses/checkout', { enrollment_id: 'ENR-desconocido' })).statusCode).toBe(404);
    const missing = await post('/api/courses/checkout', {});
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { fields: Record<string, string> }).fields.enrollment_id).toBe('Faltan datos requeridos: enrollment_id');
    provider.down = true;
    const id = await enrol();
    const down = await post('/api/courses/checkout', { enrollment_id: id });
    expect(down.statusCode).toBe(502);
    expect((down.json() as { message: string }).message).toBe('Error al procesar el pago');
  });

  it('refuses forged notifications and changes nothing', async () => {
    const id = await enrol();
    provider.pay('5001', id, 'approved');
    expect((await notify('5001', { signature: null })).statusCode).toBe(401);
    expect(
      (await notify('5001', { signature: signNotification('otro-secreto', '5001', 'x', Math.floor(Date.now() / 1000)) })).statusCode,
    ).toBe(401);
    expect((await row(id)).payment_status).toBe('processing...');
  });

  it('applies a signed approval once: ten duplicate notifications, one receipt, status approved', async () => {
    const id = await enrol({ email: 'dup@example.com' });
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
    const id = await enrol();
    provider.pay('5003', id, 'approved');
    await notify('5003');
    provider.pay('5003', id, 'in_process');
    await notify('5003');
    expect((await row(id)).payment_status).toBe('approved');
  });

  it('answers the result pages with the status read from the provider', async () => {
    const id = await enrol();
    provider.pay('5004', id, 'rejected', { status_detail: 'cc_rejected_insufficient_amount' });
    const res = await gw.app.inject(`/api/courses/payments/5004?external_reference=${id}`);
    expect(res.json()).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount', payment_type: 'credit_card' });
    expect((await row(id)).payment_status).toBe('rejected');
    expect((await gw.app.inject(`/api/courses/payments/5004?external_reference=ENR-otro`)).statusCode).toBe(404);
    expect((await gw.app.inject('/api/courses/payments/abc')).statusCode).toBe(400);
    expect((await gw.app.inject('/api/courses/payments/999999')).statusCode).toBe(404);
  });
});
