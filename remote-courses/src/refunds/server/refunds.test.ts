import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildPaymentSandbox, type PaymentSandboxApp } from 'sandbox/payments';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createMercadoPagoProvider } from 'shared/server/payments/mercadopago';
import { PaymentProviderError } from 'shared/server/payments/provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { readCourseEnrolments } from '../../../manifest/course-enrolments';
import { seatsOf } from '../../cohorts/server/seats';
import { coursesApi } from '../../../server/index';
import { readInvoicingConfig } from '../../invoicing/server/config';
import { InvoicingUnavailable, type InvoicingClient } from '../../invoicing/server/factus';
import { registerInvoicing } from '../../invoicing/server/outbox';
import type { RefundSummary } from '../schemas';
import { REFUND_SETTLE_AFTER_MS, settleUnansweredRefunds } from './refunds';

const silentLog = { warn() {}, error() {} };

const token = 'TEST-refunds-token';

/** An invoicing provider that never answers: each sale's invoice stays queued in the outbox (its row exists). */
const unreachable = async (): Promise<never> => {
  throw new InvoicingUnavailable('El proveedor de facturación respondió 503.');
};
const silentInvoicing: InvoicingClient = {
  createBill: unreachable,
  findBill: unreachable,
  deleteBill: unreachable,
  billPdf: unreachable,
  createCreditNote: unreachable,
  findCreditNote: unreachable,
  deleteCreditNote: unreachable,
  creditNotePdf: unreachable,
};

/**
 * Refunds from the panel (#31), with the site's real payment client against the payments stand-in (sandbox/), whose
 * signed notifications reach the API over HTTP: what Finanzas can refund, what the student and the books see after.
 */
describe('refunds of enrolments from the panel', () => {
  let api: TestApi;
  let sandbox: PaymentSandboxApp;
  let sandboxUrl: string;
  let dataDir: string;
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
  const as = (email: string) => ({ authorization: `Bearer ${staffToken(idp, { email })}` });
  const savedEvery = process.env.INVOICING_EVERY_MS;
  let seq = 0;

  beforeAll(async () => {
    process.env.INVOICING_EVERY_MS = '3600000';
    api = await testApi(coursesApi, {
      payments: undefined,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    // The checkout's notification URL is on the site's origin: here, this API as the stand-in reaches it.
    Object.assign(api.ctx.settings, { publicOrigin: `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}` });
    dataDir = mkdtempSync(path.join(tmpdir(), 'course-refunds-'));
    sandbox = buildPaymentSandbox({ dataDir, accessToken: token, webhookSecret: api.ctx.settings.paymentWebhookSecret, duplicates: 1 });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    api.ctx.payments = createMercadoPagoProvider({ accessToken: token, baseUrl: sandboxUrl });
    registerInvoicing(api.ctx, {
      config: readInvoicingConfig({ INVOICE_VAT: '*=excluido' }, false),
      client: silentInvoicing,
      retryBaseMs: 3_600_000,
      receiptWaitMs: 50,
    });
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .insertInto('courses.cohorts')
      .values({ course_name: 'desarrollo-software', start_date: startDate, schedule: 'Lunes', capacity: 100 })
      .execute();
  });
  afterAll(async () => {
    if (savedEvery === undefined) delete process.env.INVOICING_EVERY_MS;
    else process.env.INVOICING_EVERY_MS = savedEvery;
    await sandbox.close();
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const settle = async () => {
    await sandbox.sandbox.idle();
    await api.mailer.flush();
  };
  /** Enrols `email` and pays on the stand-in's hosted checkout with an approved card: the reference and its payment. */
  const paidEnrolment = async (email: string) => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, email } });
    expect(lead.statusCode).toBe(201);
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    const checkout = await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } });
    expect(checkout.statusCode).toBe(200);
    const prefId = new URL(checkout.json<{ init_point: string }>().init_point).searchParams.get('pref_id') as string;
    const paid = await fetch(`${sandboxUrl}/checkout/v1/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pref_id: prefId, payment_method: 'card', cardholder_name: 'APRO' }).toString(),
      redirect: 'manual',
    });
    const paymentId = new URL(paid.headers.get('location') as string).searchParams.get('payment_id') as string;
    await settle();
    const e = await enrolment(id);
    expect(e).toMatchObject({ payment_status: 'approved', enrollment_status: 'ENROLLED', payment_id: paymentId });
    return { reference: id, paymentId, price: e.price };
  };
  const enrolment = (reference: string) =>
    api.db.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const refund = (reference: string, body: Record<string, unknown>, email = 'finanzas@fundacion.org') =>
    api.app.inject({
      method: 'POST',
      url: `/api/courses/staff/enrolments/${reference}/reembolso`,
      headers: as(email),
      payload: { motivo: 'El estudiante pidió la devolución antes de iniciar clases.', clave: `clave-de-prueba-${++seq}-0000`, ...body },
    });
  const providerPayment = (id: string) => sandbox.sandbox.payments().find((p) => String(p.id) === id);
  const audits = (reference: string) =>
    api.db
      .selectFrom('staff.audit_log')
      .selectAll()
      .where('action', '=', 'courses.enrolment.refund')
      .where('entity_id', '=', reference)
      .execute();
  const mailsTo = async (to: string) => (await api.mailer.list(500)).filter((m) => m.to === to);

  it('refunds a whole payment: the provider refunds it, the course is withdrawn as refunded, audited, the student told, the credit note queued', async () => {
    const { reference, paymentId, price } = await paidEnrolment('total@example.com');
    const res = await refund(reference, { monto: price });
    expect(res.statusCode).toBe(200);
    expect(res.json<RefundSummary>()).toMatchObject({ paid: price, refunded: price, refundable: 0, refunds: [{ amount: price }] });
    expect(providerPayment(paymentId)).toMatchObject({ status: 'refunded', transaction_amount_refunded: price });
    await settle();
    // Withdrawn the way the provider's refund notification withdraws it (the notification that follows changes nothing).
    const withdrawn = await enrolment(reference);
    expect(withdrawn).toMatchObject({ payment_status: 'refunded', enrollment_status: 'WITHDRAWN' });
    // Its seat is free at once: neither taken nor still held by the checkout it was paid through.
    const seats = await seatsOf(api.db, [withdrawn.cohort_id!], new Date());
    expect(seats.get(withdrawn.cohort_id!)).toEqual({ taken: 0, held: 0 });
    const [audit, ...more] = await audits(reference);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ actor_email: 'finanzas@fundacion.org' });
    expect(audit?.detail).toMatchObject({
      monto: price,
      total: true,
      motivo: 'El estudiante pidió la devolución antes de iniciar clases.',
    });
    const mail = (await mailsTo('total@example.com')).find((m) => m.subject.startsWith('Te devolvimos el dinero de tu curso'));
    expect(mail?.text).toContain('Desarrollo');
    expect(mail?.text).toMatch(/\$\s?[\d.]+/);
    expect(mail?.text).toContain('algunos días hábiles');
    // The sale's invoice has its credit note queued in the outbox.
    const invoices = await api.db.selectFrom('courses.invoices').selectAll().where('enrolment_reference', '=', reference).execute();
    expect(invoices.map((i) => i.kind).sort()).toEqual(['credit_note', 'invoice']);
    // Mis Cursos still finds the course, refunded.
    const [mine] = await readCourseEnrolments(api.db, { reference });
    expect(mine).toMatchObject({ payment_status: 'refunded' });
    // Nothing left: a second refund is refused in Spanish, nothing more asked of the provider.
    const again = await refund(reference, { monto: 1000 });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('Solo se puede reembolsar una inscripción con el pago aprobado.');
  });

  it('refunds part of a payment (the course stays), refuses more than is left in Spanish, then refunds the rest', async () => {
    const { reference, paymentId, price } = await paidEnrolment('parcial@example.com');
    const part = await refund(reference, { monto: 20_000 });
    expect(part.statusCode).toBe(200);
    expect(part.json<RefundSummary>()).toMatchObject({ refunded: 20_000, refundable: price - 20_000 });
    expect(providerPayment(paymentId)).toMatchObject({ status: 'approved', transaction_amount_refunded: 20_000 });
    await settle();
    expect(await enrolment(reference)).toMatchObject({ payment_status: 'approved', enrollment_status: 'ENROLLED' });
    const partMail = (await mailsTo('parcial@example.com')).find((m) => m.subject.startsWith('Te devolvimos el dinero de tu curso'));
    expect(partMail?.text).toContain('Tu inscripción sigue activa');

    const tooMuch = await refund(reference, { monto: price });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ fields: Record<string, string> }>().fields.monto).toMatch(/^El valor supera lo que queda por reembolsar/);
    for (const [body, field] of [
      [{ monto: 0 }, 'monto'],
      [{ monto: 1500.5 }, 'monto'],
      [{ monto: 1000, motivo: 'corto' }, 'motivo'],
    ] as const) {
      const bad = await refund(reference, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: Record<string, string> }>().fields[field]).toMatch(/^Escribe/);
    }
    expect(providerPayment(paymentId)?.transaction_amount_refunded).toBe(20_000);

    const rest = await refund(reference, { monto: price - 20_000 });
    expect(rest.statusCode).toBe(200);
    expect(providerPayment(paymentId)).toMatchObject({ status: 'refunded', transaction_amount_refunded: price });
    await settle();
    expect(await enrolment(reference)).toMatchObject({ payment_status: 'refunded', enrollment_status: 'WITHDRAWN' });
    expect(await audits(reference)).toHaveLength(2);
  });

  it('answers only Finanzas: Cursos gets 403 and nothing is refunded', async () => {
    const { reference, paymentId, price } = await paidEnrolment('roles@example.com');
    const cursos = await refund(reference, { monto: price }, 'cursos@fundacion.org');
    expect(cursos.statusCode).toBe(403);
    const read = await api.app.inject({
      method: 'GET',
      url: `/api/courses/staff/enrolments/${reference}/reembolsos`,
      headers: as('cursos@fundacion.org'),
    });
    expect(read.statusCode).toBe(403);
    const anonymous = await api.app.inject({ method: 'POST', url: `/api/courses/staff/enrolments/${reference}/reembolso`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(providerPayment(paymentId)).toMatchObject({ status: 'approved', transaction_amount_refunded: 0 });
    expect(await audits(reference)).toHaveLength(0);
  });

  it('refunds once when the same request arrives twice (a double click, a retry)', async () => {
    const { reference, paymentId, price } = await paidEnrolment('doble@example.com');
    const body = { monto: 30_000, clave: 'doble-clic-0000-1111-2222' };
    const [first, second] = await Promise.all([refund(reference, body), refund(reference, body)]);
    // One of them made the refund; the other found it made (or still being made), never a second refund.
    expect([first.statusCode, second.statusCode].sort()).toEqual(expect.arrayContaining([200]));
    const retried = await refund(reference, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<RefundSummary>()).toMatchObject({ refunded: 30_000, refundable: price - 30_000, refunds: [{ amount: 30_000 }] });
    expect(providerPayment(paymentId)?.refunds).toHaveLength(1);
    expect(providerPayment(paymentId)?.transaction_amount_refunded).toBe(30_000);
    expect(await audits(reference)).toHaveLength(1);
    await settle();
    expect((await mailsTo('doble@example.com')).filter((m) => m.subject.startsWith('Te devolvimos el dinero de tu curso'))).toHaveLength(1);
  });

  it('keeps the claim when the provider refunded but its answer was lost: the retry gets that refund, never a second one', async () => {
    const { reference, paymentId, price } = await paidEnrolment('timeout@example.com');
    const provider = api.ctx.payments!;
    // The provider makes the refund, then the answer never arrives (a timeout).
    const lostAnswer = {
      ...provider,
      refund: async (...args: Parameters<typeof provider.refund>) => {
        await provider.refund(...args);
        throw new Error('socket hang up');
      },
    };
    api.ctx.payments = lostAnswer;
    const body = { monto: 50_000, clave: 'respuesta-perdida-0000-1111' };
    let lost;
    try {
      lost = await refund(reference, body);
    } finally {
      api.ctx.payments = provider;
    }
    expect(lost.statusCode).toBe(502);
    expect(lost.json<{ message: string }>().message).toMatch(/nunca se devolverá dos veces/);
    expect(providerPayment(paymentId)?.transaction_amount_refunded).toBe(50_000);
    // The uncertain claim stays counted: another refund of everything "left" cannot take the same money twice.
    const all = await refund(reference, { monto: price });
    expect(all.statusCode).toBe(400);

    // The dialog's retry (same key): the provider answers the refund it made; recorded, audited and told once.
    const retried = await refund(reference, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<RefundSummary>()).toMatchObject({ refunded: 50_000, refundable: price - 50_000, refunds: [{ amount: 50_000 }] });
    expect(providerPayment(paymentId)?.refunds).toHaveLength(1);
    expect(await audits(reference)).toHaveLength(1);
    await settle();
    expect((await mailsTo('timeout@example.com')).filter((m) => m.subject.startsWith('Te devolvimos el dinero de tu curso'))).toHaveLength(
      1,
    );
  });

  it('settles a claim nobody retried: the job asks the provider with the claim’s key, records it once in the name of who asked', async () => {
    const { reference, paymentId } = await paidEnrolment('olvidado@example.com');
    const provider = api.ctx.payments!;
    // The provider is down when the member confirms: nothing refunded yet, the claim kept.
    api.ctx.payments = {
      ...provider,
      refund: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    let down;
    try {
      down = await refund(reference, { monto: 30_000, clave: 'proveedor-caido-0000-2222' });
    } finally {
      api.ctx.payments = provider;
    }
    expect(down.statusCode).toBe(502);
    expect(providerPayment(paymentId)?.refunds ?? []).toHaveLength(0);

    // Too recent: the member's own retry may still come; the job leaves it.
    expect(await settleUnansweredRefunds(api.ctx, silentLog, new Date())).toMatchObject({ done: 0 });
    // Later, the provider answers the job: one refund, recorded, audited with the member who asked, the student told.
    const later = new Date(Date.now() + REFUND_SETTLE_AFTER_MS + 60_000);
    expect(await settleUnansweredRefunds(api.ctx, silentLog, later)).toMatchObject({ done: 1 });
    expect(await settleUnansweredRefunds(api.ctx, silentLog, later)).toMatchObject({ done: 0 });
    expect(providerPayment(paymentId)?.refunds).toHaveLength(1);
    expect(providerPayment(paymentId)?.transaction_amount_refunded).toBe(30_000);
    const [entry] = await audits(reference);
    expect(entry).toMatchObject({ actor_email: 'finanzas@fundacion.org', detail: expect.objectContaining({ monto: 30_000 }) });
    expect(await audits(reference)).toHaveLength(1);
    await settle();
    expect((await mailsTo('olvidado@example.com')).filter((m) => m.subject.startsWith('Te devolvimos el dinero de tu curso'))).toHaveLength(
      1,
    );
    // The member's late retry with the same key finds it done: nothing more.
    const retried = await refund(reference, { monto: 30_000, clave: 'proveedor-caido-0000-2222' });
    expect(retried.statusCode).toBe(200);
    expect(providerPayment(paymentId)?.refunds).toHaveLength(1);
  });

  it('leaves a row in the history when the provider refuses: the claim goes, nothing is refunded, who asked is named', async () => {
    const { reference, paymentId, price } = await paidEnrolment('rechazado@example.com');
    const provider = api.ctx.payments!;
    api.ctx.payments = {
      ...provider,
      refund: async () => {
        throw new PaymentProviderError('Error al reembolsar el pago', 400);
      },
    };
    let refused;
    try {
      refused = await refund(reference, { monto: 25_000, clave: 'rechazado-0000-1111-2222' });
    } finally {
      api.ctx.payments = provider;
    }
    expect(refused.statusCode).toBe(409);
    const refusals = await api.db
      .selectFrom('staff.audit_log')
      .selectAll()
      .where('action', '=', 'courses.enrolment.refund.refused')
      .where('entity_id', '=', reference)
      .execute();
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      actor_email: 'finanzas@fundacion.org',
      detail: expect.objectContaining({ monto: 25_000, estado_proveedor: 400 }),
    });
    expect(await audits(reference)).toHaveLength(0);
    // The money is refundable again: the refused claim no longer holds it.
    const summary = await api.app.inject({
      method: 'GET',
      url: `/api/courses/staff/enrolments/${reference}/reembolsos`,
      headers: as('finanzas@fundacion.org'),
    });
    expect(summary.json<RefundSummary>()).toMatchObject({ refunded: 0, refundable: price });
    expect(providerPayment(paymentId)?.refunds ?? []).toHaveLength(0);
  });
});
