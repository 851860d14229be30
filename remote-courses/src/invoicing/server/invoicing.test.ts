import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { reconcilePayments } from 'shared/server/payments/reconcile';
import { signNotification } from 'shared/server/payments/signature';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { coursesApi } from '../../../server/index';
import { coursePayables } from '../../payments/server/payments';
import type { InvoiceListResponse, InvoiceRecord } from '../schemas';
import { readInvoicingConfig } from './config';
import {
  InvoicingConflict,
  InvoicingRejected,
  InvoicingUnavailable,
  type FactusBillRequest,
  type FactusCreditNoteRequest,
  type InvoicingClient,
  type IssuedDocument,
} from './factus';
import { invoicingRound, lastNumberUsed, registerInvoicing, runDue, sweep, type Invoicing } from './outbox';

/**
 * A provider in memory with the behaviours that matter to the outbox: reference codes kept unique, an outage, an answer
 * lost after the document was made, a DIAN rejection that leaves the document pending until it is deleted.
 */
class MemoryProvider implements InvoicingClient {
  readonly bills = new Map<string, { doc: IssuedDocument; request: FactusBillRequest }>();
  readonly notes = new Map<string, { doc: IssuedDocument; request: FactusCreditNoteRequest }>();
  readonly calls: string[] = [];
  down = false;
  /** The next create makes its document and then fails as a timeout would. */
  loseNextAnswer = false;
  /** DIAN's reasons for the next create, or a rule to reject every buyer with a given identification. */
  rejectIdentification: string | null = null;
  private seq = 0;

  private issue(reference: string, prefix: string, status = 1): IssuedDocument {
    this.seq += 1;
    return {
      providerId: this.seq,
      number: `${prefix}${990000000 + this.seq}`,
      referenceCode: reference,
      cufe: `${'c'.repeat(90)}${String(this.seq).padStart(6, '0')}`,
      qrUrl: `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${this.seq}`,
      status,
      errors: [],
      validatedAt: new Date(),
      total: '0.00',
    };
  }
  private guard(): void {
    if (this.down) throw new InvoicingUnavailable('El proveedor de facturación respondió 503.');
  }
  async createBill(request: FactusBillRequest) {
    this.calls.push(`createBill ${request.reference_code}`);
    this.guard();
    const existing = this.bills.get(request.reference_code);
    if (existing?.doc.status === 1)
      throw new InvoicingConflict(`Ya existe un documento validado con el código de referencia ${request.reference_code}`);
    if (this.rejectIdentification && request.customer.identification === this.rejectIdentification) {
      this.bills.set(request.reference_code, {
        doc: { ...this.issue(request.reference_code, 'SETP', 0), errors: ['Regla: FAK24, Rechazo: No está informado el DV del NIT'] },
        request,
      });
      throw new InvoicingRejected(['Regla: FAK24, Rechazo: No está informado el DV del NIT']);
    }
    const doc = this.issue(request.reference_code, 'SETP');
    this.bills.set(request.reference_code, { doc, request });
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new InvoicingUnavailable('El proveedor de facturación no respondió (TimeoutError).');
    }
    return doc;
  }
  async findBill(reference: string) {
    this.calls.push(`findBill ${reference}`);
    this.guard();
    return this.bills.get(reference)?.doc ?? null;
  }
  async deleteBill(reference: string) {
    this.calls.push(`deleteBill ${reference}`);
    if (this.bills.get(reference)?.doc.status === 0) this.bills.delete(reference);
  }
  async billPdf(number: string) {
    this.guard();
    return Buffer.from(`%PDF-1.7 factura ${number}`);
  }
  async createCreditNote(request: FactusCreditNoteRequest) {
    this.calls.push(`createCreditNote ${request.reference_code} bill ${request.bill_id}`);
    this.guard();
    const doc = this.issue(request.reference_code, 'NC');
    this.notes.set(request.reference_code, { doc, request });
    return doc;
  }
  async findCreditNote(reference: string) {
    this.guard();
    return this.notes.get(reference)?.doc ?? null;
  }
  async deleteCreditNote() {}
  async creditNotePdf(number: string) {
    this.guard();
    return Buffer.from(`%PDF-1.7 nota ${number}`);
  }
}

describe('electronic invoices of course sales (#30)', () => {
  let api: TestApi;
  const payments = new FakePaymentProvider();
  const provider = new MemoryProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
  const as = (email: string) => ({ authorization: `Bearer ${staffToken(idp, { email })}` });
  /** The outbox's clock runs ahead of the real one by this much (the test moves it to make retries due). */
  let ahead = 0;
  const later = (ms: number) => {
    ahead = ms;
  };
  let invoicing: Invoicing;
  let seq = 0;
  const savedEvery = process.env.INVOICING_EVERY_MS;

  beforeAll(async () => {
    // The plugin's own rounds stay out of the way: the test runs the outbox itself, on its own clock.
    process.env.INVOICING_EVERY_MS = '3600000';
    api = await testApi(coursesApi, {
      payments,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    invoicing = {
      config: readInvoicingConfig({ INVOICE_VAT: 'desarrollo-software=19,*=excluido' }, false),
      client: provider,
      retryBaseMs: 30_000,
      receiptWaitMs: 2_000,
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
  });
  beforeEach(() => {
    provider.down = false;
    provider.rejectIdentification = null;
    ahead = 0;
  });

  const sell = async (email: string, over: Record<string, unknown> = {}) => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, email, ...over } });
    expect(lead.statusCode).toBe(201);
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    const checkout = await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } });
    expect(checkout.statusCode).toBe(200);
    return id;
  };
  const notify = (paymentId: string) => {
    const requestId = `inv-${++seq}`;
    return api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
  };
  const pay = async (reference: string, paymentId: string) => {
    payments.pay(paymentId, reference, 'approved', { payment_type_id: 'credit_card' });
    expect((await notify(paymentId)).statusCode).toBe(200);
  };
  const rows = (reference: string) =>
    api.db.selectFrom('courses.invoices').selectAll().where('enrolment_reference', '=', reference).orderBy('id').execute();
  const mailsTo = async (to: string) => (await api.mailer.list(1000)).filter((m) => m.to === to);
  const linkIn = (text: string) => /\/api\/courses\/facturas\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;

  it('issues one invoice per approved sale; the receipt carries its number, CUFE and a link to its PDF', async () => {
    const reference = await sell('factura@example.com');
    await pay(reference, '7001');
    const [invoice, ...more] = await rows(reference);
    expect(more).toHaveLength(0);
    const { price } = await api.db
      .selectFrom('courses.enrolments')
      .select('price')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ kind: 'invoice', state: 'issued', reference_code: `FV-${reference}`, total: price });
    // Taxed at 19 % by the configuration: the price includes it.
    const sent = provider.bills.get(`FV-${reference}`)?.request;
    expect(sent?.items).toEqual([expect.objectContaining({ price, tax_rate: '19.00', is_excluded: 0, quantity: 1 })]);
    expect(sent?.customer).toMatchObject({ identification_document_id: 3, identification: '1012345678', legal_organization_id: 2 });
    expect(sent?.payment_method_code).toBe('48');

    const [receipt, ...others] = await mailsTo('factura@example.com');
    expect(others).toHaveLength(0);
    expect(receipt?.text).toContain(invoice?.number ?? 'none');
    expect(receipt?.text).toContain(invoice?.cufe ?? 'none');
    const token = linkIn(receipt?.text ?? '');
    expect(token).not.toBeNull();
    const pdf = await api.app.inject({ method: 'GET', url: `/api/courses/facturas/${token}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toContain(invoice?.number ?? 'none');
    // A made-up token opens nothing.
    const guessed = await api.app.inject({ method: 'GET', url: `/api/courses/facturas/${'A'.repeat(43)}` });
    expect(guessed.statusCode).toBe(404);
  });

  it('names a company buyer by its NIT and business name', async () => {
    const reference = await sell('empresa@example.com');
    await api.db
      .updateTable('courses.enrolments')
      .set({ buyer_nit: '901.234.567-7', buyer_business_name: 'Aliados Digitales S.A.S.' })
      .where('reference', '=', reference)
      .execute();
    await pay(reference, '7002');
    expect(provider.bills.get(`FV-${reference}`)?.request.customer).toMatchObject({
      identification_document_id: 6,
      identification: '901234567',
      dv: '7',
      legal_organization_id: 1,
      company: 'Aliados Digitales S.A.S.',
    });
  });

  it('waits out a provider outage: the receipt says the invoice follows; it is issued once after recovery and mailed once', async () => {
    provider.down = true;
    const reference = await sell('caida@example.com');
    await pay(reference, '7003');
    const [waiting] = await rows(reference);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting?.last_error).toMatch(/503/);
    const [receipt] = await mailsTo('caida@example.com');
    expect(receipt?.text).toContain('te llegará en otro correo');

    // Before its time nothing is tried; still down at its time, it backs off further.
    expect(await runDue(api.ctx, invoicing)).toBe(0);
    later(31_000);
    await invoicingRound(api.ctx, invoicing);
    expect((await rows(reference))[0]).toMatchObject({ state: 'pending', attempts: 2 });

    provider.down = false;
    later(5 * 60_000);
    await invoicingRound(api.ctx, invoicing);
    await invoicingRound(api.ctx, invoicing);
    const [issued] = await rows(reference);
    expect(issued).toMatchObject({ state: 'issued' });
    expect(provider.calls.filter((c) => c === `createBill FV-${reference}`)).toHaveLength(2);
    const mails = await mailsTo('caida@example.com');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Tu factura electrónica/),
      expect.stringMatching(/^Tu inscripción/),
    ]);
    expect(mails.find((m) => /^Tu factura/.test(m.subject))?.text).toContain(issued?.cufe ?? 'none');
  });

  it('settles an answer lost after the provider made the invoice by asking for its reference: never two invoices', async () => {
    provider.loseNextAnswer = true;
    const reference = await sell('perdida@example.com');
    await pay(reference, '7004');
    expect((await rows(reference))[0]).toMatchObject({ state: 'pending' });
    later(60_000);
    await invoicingRound(api.ctx, invoicing);
    expect((await rows(reference))[0]).toMatchObject({ state: 'issued', number: provider.bills.get(`FV-${reference}`)?.doc.number });
    expect(provider.calls.filter((c) => c.endsWith(`FV-${reference}`))).toEqual([`createBill FV-${reference}`, `findBill FV-${reference}`]);
  });

  it('makes one invoice when the webhook, a repeated notification and reconciliation confirm the sale at once', async () => {
    const reference = await sell('concurrente@example.com');
    payments.pay('7005', reference, 'approved', { payment_type_id: 'credit_card' });
    const log = { warn: () => undefined };
    await Promise.all([
      notify('7005'),
      notify('7005'),
      reconcilePayments(api.ctx, coursePayables, log, new Date(Date.now() + 31 * 60_000)),
      invoicingRound(api.ctx, invoicing),
      sweep(api.db, invoicing.config),
    ]);
    await invoicingRound(api.ctx, invoicing);
    expect(await rows(reference)).toHaveLength(1);
    expect(provider.calls.filter((c) => c === `createBill FV-${reference}`)).toHaveLength(1);
    const mails = await mailsTo('concurrente@example.com');
    expect(mails.filter((m) => /factura/i.test(m.text) && linkIn(m.text))).toHaveLength(1);
  });

  it('holds a DIAN rejection for Finanzas, who corrects the buyer and sends it again; Cursos only reads it', async () => {
    provider.rejectIdentification = '55555555';
    const reference = await sell('rechazo@example.com', { id_number: '55555555' });
    await pay(reference, '7006');
    const [rejected] = await rows(reference);
    expect(rejected).toMatchObject({ state: 'rejected' });
    // The rejected document was removed at the provider, so it does not block the next sale.
    expect(provider.calls).toContain(`deleteBill FV-${reference}`);
    expect(provider.bills.has(`FV-${reference}`)).toBe(false);

    const list = await api.app.inject({
      method: 'GET',
      url: '/api/courses/staff/facturas?estado=rejected',
      headers: as('cursos@fundacion.org'),
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json<InvoiceListResponse>();
    expect(listed.attention.rejected).toBeGreaterThanOrEqual(1);
    const item = listed.items.find((i) => i.enrolmentReference === reference);
    expect(item?.rejection).toEqual(['Regla: FAK24, Rechazo: No está informado el DV del NIT']);

    const buyer = {
      documentType: 'Cédula de ciudadanía',
      documentNumber: '1098765432',
      name: 'Ana María Pérez Gómez',
      email: 'rechazo@example.com',
      phone: '',
    };
    const url = `/api/courses/staff/facturas/${rejected?.id}/reintentar`;
    const denied = await api.app.inject({ method: 'POST', url, payload: { buyer }, headers: as('cursos@fundacion.org') });
    expect(denied.statusCode).toBe(403);
    // A name that is a formula or a link is not a buyer's name.
    const formula = await api.app.inject({
      method: 'POST',
      url,
      payload: { buyer: { ...buyer, name: '=HYPERLINK("https://evil.example","Pague aquí")' } },
      headers: as('finanzas@fundacion.org'),
    });
    expect(formula.statusCode).toBe(400);
    const wrongNit = await api.app.inject({
      method: 'POST',
      url,
      payload: { buyer: { ...buyer, documentType: 'NIT', documentNumber: '901234567-8' } },
      headers: as('finanzas@fundacion.org'),
    });
    expect(wrongNit.statusCode).toBe(400);
    const retried = await api.app.inject({ method: 'POST', url, payload: { buyer }, headers: as('finanzas@fundacion.org') });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<InvoiceRecord>()).toMatchObject({
      state: 'issued',
      retriedBy: 'finanzas@fundacion.org',
      buyer: { documentNumber: '1098765432' },
    });
    expect(provider.bills.get(`FV-${reference}`)?.request.customer.identification).toBe('1098765432');
    const audit = await api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', 'courses.invoice.retry').execute();
    expect(audit.map((a) => a.actor_email)).toEqual(['finanzas@fundacion.org']);
    // The sale's receipt said the invoice would follow; it did, once.
    await invoicingRound(api.ctx, invoicing);
    const invoiceMails = (await mailsTo('rechazo@example.com')).filter((m) => /Tu factura electrónica/.test(m.subject));
    expect(invoiceMails).toHaveLength(1);
  });

  it('sends a queued invoice again only as it is: it may already be at the provider under its old buyer', async () => {
    provider.down = true;
    const reference = await sell('en-cola@example.com');
    await pay(reference, '7009');
    const [queued] = await rows(reference);
    expect(queued).toMatchObject({ state: 'pending' });
    const url = `/api/courses/staff/facturas/${queued?.id}/reintentar`;
    const buyer = {
      documentType: 'NIT',
      documentNumber: '800197268-4',
      name: 'Otra Empresa S.A.S.',
      email: 'en-cola@example.com',
      phone: '',
    };
    const refused = await api.app.inject({ method: 'POST', url, payload: { buyer }, headers: as('finanzas@fundacion.org') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe('buyer_only_rejected');
    provider.down = false;
    const plain = await api.app.inject({ method: 'POST', url, payload: {}, headers: as('finanzas@fundacion.org') });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<InvoiceRecord>()).toMatchObject({ state: 'issued', buyer: { documentNumber: '1012345678' } });
  });

  it('stops issuing when the resolution is used up, and says so to the staff, without losing the sale', async () => {
    const config = invoicing.config;
    // The last number used (by earlier sales; before any, the range ends before its first).
    const used = (await lastNumberUsed(api.db, config)) ?? config.resolution.from - 1;
    // The resolution's last number was the last one used: nothing more may be numbered under it.
    invoicing.config = { ...config, resolution: { ...config.resolution, to: used } };
    try {
      const reference = await sell('agotada@example.com');
      await pay(reference, '7010');
      await invoicingRound(api.ctx, invoicing);
      expect(await rows(reference)).toEqual([expect.objectContaining({ state: 'pending', attempts: 0 })]);
      expect(provider.calls).not.toContain(`createBill FV-${reference}`);
      const list = await api.app.inject({ method: 'GET', url: '/api/courses/staff/facturas', headers: as('finanzas@fundacion.org') });
      expect(list.json<InvoiceListResponse>().resolutionWarning).toMatch(/usó todos sus números/);
      const [receipt] = await mailsTo('agotada@example.com');
      expect(receipt?.text).toContain('te llegará en otro correo');
      // A new resolution configured: the waiting sale is invoiced.
      invoicing.config = config;
      await invoicingRound(api.ctx, invoicing);
      expect(await rows(reference)).toEqual([expect.objectContaining({ state: 'issued' })]);
    } finally {
      invoicing.config = config;
    }
  });

  it('issues a credit note that names the invoice when the payment is refunded, and mails it', async () => {
    const reference = await sell('reembolso@example.com');
    await pay(reference, '7007');
    const [invoice] = await rows(reference);
    payments.pay('7007', reference, 'refunded', { payment_type_id: 'credit_card' });
    expect((await notify('7007')).statusCode).toBe(200);
    await invoicingRound(api.ctx, invoicing);
    const [, note] = await rows(reference);
    expect(note).toMatchObject({ kind: 'credit_note', state: 'issued', invoice_id: invoice?.id, reference_code: `NC-${reference}` });
    const request = provider.notes.get(`NC-${reference}`)?.request;
    expect(request).toMatchObject({ bill_id: invoice?.provider_id, correction_concept_code: 2, customization_id: 20 });
    const mail = (await mailsTo('reembolso@example.com')).find((m) => /Nota crédito/.test(m.subject));
    expect(mail?.text).toContain(invoice?.number ?? 'none');
    // Refunded again (a repeated notification): nothing more.
    expect((await notify('7007')).statusCode).toBe(200);
    await invoicingRound(api.ctx, invoicing);
    expect(await rows(reference)).toHaveLength(2);
  });

  it('finds an approved sale the outbox never heard of, and exports the month for the accountant (Finanzas only)', async () => {
    const reference = await sell('barrido@example.com');
    await pay(reference, '7008');
    await api.db.deleteFrom('courses.invoices').where('enrolment_reference', '=', reference).execute();
    provider.bills.delete(`FV-${reference}`);
    await invoicingRound(api.ctx, invoicing);
    expect((await rows(reference))[0]).toMatchObject({ state: 'issued' });

    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit' }).format(new Date());
    const forCursos = await api.app.inject({
      method: 'GET',
      url: `/api/courses/staff/facturas/exportar?mes=${month}`,
      headers: as('cursos@fundacion.org'),
    });
    expect(forCursos.statusCode).toBe(403);
    const csv = await api.app.inject({
      method: 'GET',
      url: `/api/courses/staff/facturas/exportar?mes=${month}`,
      headers: as('finanzas@fundacion.org'),
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('CUFE / CUDE');
    const line = lines.find((l) => l.includes(reference));
    // 119.900 with 19 % VAT included: 100.756,30 of base and 19.143,70 of VAT.
    expect(line).toContain('100756.30');
    expect(line).toContain('19143.70');
    const bad = await api.app.inject({
      method: 'GET',
      url: '/api/courses/staff/facturas/exportar?mes=2026-13',
      headers: as('finanzas@fundacion.org'),
    });
    expect(bad.statusCode).toBe(400);
  });
});
