import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { startInvoicingStandIn, type InvoicingStandIn } from 'sandbox/invoicing/server';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { coursesApi } from '../../../server/index';
import type { InvoiceRecord } from '../schemas';
import { readInvoicingConfig, STAND_IN_CREDENTIALS, STAND_IN_TECHNICAL_KEY } from './config';
import { createFactusClient } from './factus';
import { invoicingRound, registerInvoicing, type Invoicing } from './outbox';

interface StoredBill {
  kind: 'bill' | 'credit_note';
  data: {
    company: { nit: string };
    customer: { identification: string; names?: string; company?: string };
    bill?: {
      id: number;
      number: string;
      reference_code: string;
      cufe: string;
      validated: string;
      gross_value: string;
      tax_amount: string;
      total: string;
    };
    credit_note?: { number: string; reference_code: string; cude: string; bill_id: number; number_bill: string };
  };
}

/** FecFac and HorFac from Factus's "DD-MM-YYYY hh:mm:ss AM/PM" (Bogotá). */
function issueParts(validated: string): { date: string; time: string } {
  const [, dd, mm, yyyy, hh, mi, ss, half] = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(validated) ?? [];
  const hour = (Number(hh) % 12) + (half === 'PM' ? 12 : 0);
  return { date: `${yyyy}-${mm}-${dd}`, time: `${String(hour).padStart(2, '0')}:${mi}:${ss}-05:00` };
}

/**
 * The CUFE as DIAN's Anexo Técnico 1.9 defines it, written out here from the annex (not the stand-in's code):
 * SHA-384 of NumFac + FecFac + HorFac + ValFac + 01 + ValImp1 + 04 + ValImp2 + 03 + ValImp3 + ValTot + NitOFE + NumAdq +
 * ClTec + TipoAmbiente.
 */
function annexCufe(doc: StoredBill['data']): string {
  const bill = doc.bill!;
  const { date, time } = issueParts(bill.validated);
  const input = `${bill.number}${date}${time}${bill.gross_value}01${bill.tax_amount}040.00030.00${bill.total}${doc.company.nit}${doc.customer.identification}${STAND_IN_TECHNICAL_KEY}2`;
  return createHash('sha384').update(input).digest('hex');
}

/**
 * The outbox against the provider's stand-in (sandbox/src/invoicing), through the real Factus client: the requests it
 * sends are the documented ones (the stand-in validates them as Factus documents), and outages, lost answers and DIAN
 * rejections come from the stand-in's faults.
 */
describe('invoicing against the Factus stand-in', () => {
  let api: TestApi;
  let standIn: InvoicingStandIn;
  let invoicing: Invoicing;
  const payments = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  let ahead = 0;
  let seq = 0;
  const savedEvery = process.env.INVOICING_EVERY_MS;

  const faults = (body: Record<string, unknown> | null) =>
    fetch(`${standIn.url}/sandbox/invoicing/faults`, {
      method: body ? 'POST' : 'DELETE',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
  const stored = async () => (await (await fetch(`${standIn.url}/sandbox/invoicing/documents.json`)).json()) as StoredBill[];
  const billsFor = async (reference: string) => (await stored()).filter((d) => d.data.bill?.reference_code === `FV-${reference}`);

  beforeAll(async () => {
    process.env.INVOICING_EVERY_MS = '3600000';
    standIn = await startInvoicingStandIn({
      credentials: STAND_IN_CREDENTIALS,
      company: { nit: '901234567', dv: '7', name: 'Fundación de pruebas' },
    });
    api = await testApi(coursesApi, {
      payments,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const config = readInvoicingConfig({ FACTUS_BASE_URL: standIn.url, INVOICE_VAT: 'excluido' }, false);
    invoicing = {
      config,
      client: createFactusClient({ baseUrl: standIn.url, credentials: config.credentials, timeoutMs: 2500 }),
      retryBaseMs: 1000,
      receiptWaitMs: 3000,
      now: () => new Date(Date.now() + ahead),
    };
    registerInvoicing(api.ctx, invoicing);
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .insertInto('courses.cohorts')
      .values({ course_name: 'desarrollo-software', start_date: startDate, schedule: 'Lunes', capacity: 1000 })
      .execute();
  });
  afterAll(async () => {
    if (savedEvery === undefined) delete process.env.INVOICING_EVERY_MS;
    else process.env.INVOICING_EVERY_MS = savedEvery;
    await api.close();
    await standIn.close();
  });
  beforeEach(async () => {
    ahead = 0;
    await faults(null);
  });

  const sell = async (email: string, paymentId: string, over: Record<string, unknown> = {}) => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, email, ...over } });
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } });
    payments.pay(paymentId, id, 'approved', { payment_type_id: 'credit_card' });
    const requestId = `si-${++seq}`;
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(res.statusCode).toBe(200);
    return id;
  };
  /** Runs the outbox's rounds until `done` (a loaded machine may answer slower than the routes wait). */
  const until = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 80 && !(await done()); i++) {
      await invoicingRound(api.ctx, invoicing);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const invoiceRow = (reference: string) =>
    api.db
      .selectFrom('courses.invoices')
      .selectAll()
      .where('enrolment_reference', '=', reference)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();

  it('issues the invoice the provider validates, whose CUFE is the annex formula over its own fields', async () => {
    const reference = await sell('standin@example.com', '8101');
    await until(async () => (await invoiceRow(reference)).state === 'issued');
    const row = await invoiceRow(reference);
    expect(row).toMatchObject({ state: 'issued' });
    const [bill, ...more] = await billsFor(reference);
    expect(more).toHaveLength(0);
    expect(bill?.data.customer.identification).toBe('1012345678');
    expect(row.number).toBe(bill?.data.bill?.number);
    expect(row.cufe).toBe(annexCufe(bill!.data));
    // Its PDF is copied to the site's files apart from the issue (the receipt does not wait for it).
    await until(async () => (await invoiceRow(reference)).pdf_key !== null);
    const pdf = await api.ctx.objects.get((await invoiceRow(reference)).pdf_key ?? '');
    expect(pdf?.contentType).toBe('application/pdf');
  });

  it('waits out an outage and issues once after it', async () => {
    await faults({ mode: 'outage', count: 2 });
    const reference = await sell('standin-caida@example.com', '8102');
    expect(await invoiceRow(reference)).toMatchObject({ state: 'pending', attempts: 1 });
    ahead = 10_000;
    await invoicingRound(api.ctx, invoicing);
    ahead = 60_000;
    await until(async () => (await invoiceRow(reference)).state === 'issued');
    expect(await invoiceRow(reference)).toMatchObject({ state: 'issued' });
    expect(await billsFor(reference)).toHaveLength(1);
  });

  it('settles a timeout after the provider made the invoice by its reference: one invoice', async () => {
    await faults({ mode: 'timeout', delayMs: 5000 });
    const reference = await sell('standin-lento@example.com', '8103');
    expect(await invoiceRow(reference)).toMatchObject({ state: 'pending' });
    ahead = 60_000;
    await until(async () => (await invoiceRow(reference)).state === 'issued');
    const row = await invoiceRow(reference);
    const bills = await billsFor(reference);
    expect(bills).toHaveLength(1);
    expect(row).toMatchObject({ state: 'issued', number: bills[0]?.data.bill?.number });
  });

  it('holds a DIAN rejection (removed at the provider so the next sale passes); Finanzas sends it again', async () => {
    await faults({ mode: 'reject', rule: 'FAK21', message: 'Regla: FAK21, Rechazo: El nombre del adquirente no es válido' });
    const reference = await sell('standin-rechazo@example.com', '8104');
    const row = await invoiceRow(reference);
    expect(row.state).toBe('rejected');
    expect(JSON.stringify(row.rejection)).toContain('FAK21');
    // The provider takes the next sale (the rejected document no longer holds its one pending slot).
    const next = await sell('standin-siguiente@example.com', '8105');
    expect(await invoiceRow(next)).toMatchObject({ state: 'issued' });

    const retried = await api.app.inject({
      method: 'POST',
      url: `/api/courses/staff/facturas/${row.id}/reintentar`,
      payload: {},
      headers: { authorization: `Bearer ${staffToken(idp, { email: 'finanzas@fundacion.org' })}` },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<InvoiceRecord>()).toMatchObject({ rejection: null, retriedBy: 'finanzas@fundacion.org' });
    await until(async () => (await invoiceRow(reference)).state === 'issued');
    expect(await invoiceRow(reference)).toMatchObject({ state: 'issued' });
    expect((await billsFor(reference)).filter((b) => b.data.bill?.number)).toHaveLength(1);
  });

  it('annuls a refunded sale with a credit note naming its invoice', async () => {
    const reference = await sell('standin-reembolso@example.com', '8106');
    const invoice = await invoiceRow(reference);
    payments.pay('8106', reference, 'refunded', { payment_type_id: 'credit_card' });
    const requestId = `si-${++seq}`;
    await api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=8106&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', '8106', requestId) },
      payload: { type: 'payment', data: { id: '8106' } },
    });
    const noteRow = () =>
      api.db.selectFrom('courses.invoices').selectAll().where('reference_code', '=', `NC-${reference}`).executeTakeFirst();
    await until(async () => (await noteRow())?.state === 'issued');
    const note = (await stored()).find((d) => d.data.credit_note?.reference_code === `NC-${reference}`);
    expect(note?.data.credit_note).toMatchObject({ bill_id: invoice.provider_id, number_bill: invoice.number });
    const row = await api.db
      .selectFrom('courses.invoices')
      .selectAll()
      .where('reference_code', '=', `NC-${reference}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'issued', cufe: note?.data.credit_note?.cude });
  });
});
