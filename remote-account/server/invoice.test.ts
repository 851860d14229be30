import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestIdentity } from 'shared/server/identity-testing';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { Gateway } from '../../shell/server/src/app';
import { testGateway } from '../../shell/server/src/testing';
import type { AccountDirectory } from '../src/mis-cursos/server/directory';
import type { Enrollment } from '../src/mis-cursos/schemas';
import { createAccountApi } from './index';

// Mis Cursos's electronic invoices (#30): the account API reads them through the courses domain's service, and hands an
// issued document's PDF only to the enrolment's owner, exactly as the constancia (certificate.test.ts).
describe('GET /api/account/enrollments/:id/factura', () => {
  let gw: Gateway;
  const objects = memoryObjectStore();
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  let seq = 9100;
  const webhookSecret = 'sandbox-webhook-secret';
  const directory: AccountDirectory = { createUser: () => Promise.reject(new Error('no se esperaba crear cuentas')) };

  beforeAll(async () => {
    gw = await testGateway(
      {},
      {},
      { payments: provider, identity: idp.verifier, objects, apiOverrides: { account: createAccountApi({ directory }) } },
    );
  });
  afterAll(async () => gw.app.close());

  const bearer = (email: string) => ({ authorization: `Bearer ${idp.token({ email, sub: `sub-${email}`, name: 'Ana' })}` });

  /** An enrolment paid through the provider's signed notification, as production pays it. */
  async function paidEnrolment() {
    const n = ++seq;
    const email = `factura-${n}@example.com`;
    const enrolled = await gw.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, email } });
    expect(enrolled.statusCode).toBe(201);
    const reference = (enrolled.json() as { id: string }).id;
    const paymentId = String(n);
    provider.pay(paymentId, reference, 'approved', { transaction_amount: 119900 });
    const notified = await gw.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': `factura-${n}`, 'x-signature': signNotification(webhookSecret, paymentId, `factura-${n}`) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(notified.json()).toMatchObject({ applied: true });
    return { reference, email };
  }

  /** The outbox's row as it stands once DIAN validated the document (or still waiting, `state: 'pending'`). */
  async function invoiceRow(
    reference: string,
    kind: 'invoice' | 'credit_note',
    over: { state?: 'pending' | 'issued'; number?: string; pdf?: Uint8Array | null } = {},
  ) {
    const state = over.state ?? 'issued';
    const number = state === 'issued' ? (over.number ?? `SETP99${++seq}`) : null;
    const pdfKey = number && over.pdf !== null ? `facturas/${kind === 'invoice' ? 'fv' : 'nc'}-${number}.pdf` : null;
    if (pdfKey) await objects.put(pdfKey, over.pdf ?? new TextEncoder().encode(`%PDF-1.4 ${number}`), 'application/pdf');
    const values = {
      state,
      number,
      cufe: number ? `cufe-${number}` : null,
      issued_at: number ? new Date('2026-11-20T15:00:00Z') : null,
      pdf_key: pdfKey,
    };
    // Whether the test site's outbox already queued the sale's invoice on approval or not, the row ends as given here.
    await gw.database.db
      .insertInto('courses.invoices')
      .values({
        kind,
        enrolment_reference: reference,
        reference_code: `${kind}-${reference}`,
        buyer: '{}',
        lines: '[]',
        total: 119900,
        payment_method: 'credit_card',
        ...values,
      })
      .onConflict((oc) => oc.columns(['kind', 'enrolment_reference']).doUpdateSet(values))
      .execute();
    return number;
  }

  const download = (reference: string, email: string, tipo?: string) =>
    gw.app.inject({ url: `/api/account/enrollments/${reference}/factura${tipo ? `?tipo=${tipo}` : ''}`, headers: bearer(email) });

  it("answers the owner's issued invoice as an attachment named by its number, never cached", async () => {
    const { reference, email } = await paidEnrolment();
    const pdf = new TextEncoder().encode('%PDF-1.4 factura de prueba');
    const number = await invoiceRow(reference, 'invoice', { number: 'SETP990000042', pdf });
    const res = await download(reference, email, 'factura');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="factura-${number}.pdf"`);
    expect(new Uint8Array(res.rawPayload)).toEqual(pdf);
    // Without `tipo`, the invoice.
    expect((await download(reference, email)).statusCode).toBe(200);
  });

  it("answers 404 for another person's enrolment, as the constancia does, and 401 without a token", async () => {
    const { reference } = await paidEnrolment();
    await invoiceRow(reference, 'invoice');
    const other = await paidEnrolment();
    const res = await download(reference, other.email, 'factura');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', message: 'No encontramos esa inscripción entre tus cursos.' });
    expect(res.body).not.toContain('%PDF');
    expect((await gw.app.inject({ url: `/api/account/enrollments/${reference}/factura` })).statusCode).toBe(401);
  });

  it('answers 409 in Spanish while DIAN has not validated it, and 503 when its PDF is not kept yet', async () => {
    const { reference, email } = await paidEnrolment();
    await invoiceRow(reference, 'invoice', { state: 'pending' });
    const pending = await download(reference, email, 'factura');
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ error: 'not_issued', message: expect.stringMatching(/en trámite ante la DIAN/) });
    // No credit note at all: the same answer.
    expect((await download(reference, email, 'nota')).statusCode).toBe(409);
    await invoiceRow(reference, 'invoice', { pdf: null });
    const noPdf = await download(reference, email, 'factura');
    expect(noPdf.statusCode).toBe(503);
    expect(noPdf.json()).toMatchObject({ error: 'invoice_pdf_unavailable' });
  });

  it('answers a credit note as nota-credito-<number>.pdf, and refuses another tipo', async () => {
    const { reference, email } = await paidEnrolment();
    await invoiceRow(reference, 'invoice');
    const number = await invoiceRow(reference, 'credit_note', { number: 'NC990000007' });
    const res = await download(reference, email, 'nota');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nota-credito-${number}.pdf"`);
    expect((await download(reference, email, 'recibo')).statusCode).toBe(400);
  });

  it('lists each enrolment with its issued invoice and credit note (null until DIAN validates them)', async () => {
    const { reference, email } = await paidEnrolment();
    const list = async () => {
      const res = await gw.app.inject({ url: '/api/account/enrollments', headers: bearer(email) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { enrollments: Enrollment[] }).enrollments.find((e) => e.id === reference)!;
    };
    expect(await list()).toMatchObject({ invoice: null, credit_note: null });
    await invoiceRow(reference, 'invoice', { state: 'pending' });
    expect(await list()).toMatchObject({ invoice: null, credit_note: null });
    const number = await invoiceRow(reference, 'invoice', { number: 'SETP990000099' });
    expect(await list()).toMatchObject({
      invoice: { number, cufe: `cufe-${number}`, issued_at: '2026-11-20T15:00:00.000Z' },
      credit_note: null,
    });
  });
});
