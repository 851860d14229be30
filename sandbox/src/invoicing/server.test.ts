// The Factus v1 stand-in driven as the courses domain's client drives it: tokens, bills and credit notes with their
// figures and CUFE/CUDE recomputed from the answers alone, the provider's 401/409/422 answers, lists, PDFs, the
// sandbox's faults, and a restart on the same data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { nitCheckDigit } from 'shared/schemas/nit';
import { readPdfText } from 'shared/server/pdf/testing';
import { uniqueCode } from './cufe';
import { buildInvoicingStandIn, startInvoicingStandIn, type InvoicingStandInApp, type InvoicingStandInOptions } from './server';

const credentials = {
  clientId: 'cliente-pruebas',
  clientSecret: 'secreto-pruebas',
  username: 'facturacion@fundacion.test',
  password: 'clave-pruebas',
};
const company = { nit: '901234567', dv: String(nitCheckDigit('901234567')), name: 'Fundación de Prueba' };
const TECHNICAL_KEY = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

const dirs: string[] = [];
const tmpDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoicing-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const options = (extra: Partial<InvoicingStandInOptions> = {}): InvoicingStandInOptions => ({ credentials, company, ...extra });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field in assertions

async function tokenOf(app: InvoicingStandInApp, fields: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: credentials.password,
      ...fields,
    }).toString(),
  });
  return { status: res.statusCode, body: res.json<Json>() };
}

/** A client bound to one app and one token. */
function clientOf(app: InvoicingStandInApp, token: string) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
    return { status: res.statusCode, body: res.json<Json>(), headers: res.headers };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

const courseItem = {
  code_reference: 'CURSO-DS-1',
  name: 'Desarrollo de Software – Módulo 1',
  quantity: 1,
  discount_rate: 0,
  price: 119900,
  tax_rate: '0.00',
  unit_measure_id: 70,
  standard_code_id: 1,
  is_excluded: 1,
  tribute_id: 1,
};
const bookItem = {
  ...courseItem,
  code_reference: 'KIT-1',
  name: 'Kit de materiales',
  quantity: 2,
  price: 59500,
  tax_rate: '19.00',
  is_excluded: 0,
};

const person = {
  identification_document_id: 3,
  identification: '1020304050',
  names: 'Ana Pérez',
  email: 'ana@example.com',
  legal_organization_id: 2,
  tribute_id: 21,
};

const billBody = (reference: string, extra: Json = {}) => ({
  numbering_range_id: 8,
  reference_code: reference,
  observation: 'Matrícula',
  payment_method_code: '48',
  customer: person,
  items: [courseItem, bookItem],
  ...extra,
});

/** 'DD-MM-YYYY hh:mm:ss AM/PM' (Bogotá) → the CUFE's FecFac and HorFac. */
function issueFields(factusDate: string) {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(factusDate);
  if (!m) throw new Error(`fecha inesperada: ${factusDate}`);
  const hour = (Number(m[4]) % 12) + (m[7] === 'PM' ? 12 : 0);
  return { date: `${m[3]}-${m[2]}-${m[1]}`, time: `${String(hour).padStart(2, '0')}:${m[5]}:${m[6]}-05:00` };
}

describe('OAuth tokens', () => {
  let app: InvoicingStandInApp;
  beforeAll(() => {
    app = buildInvoicingStandIn(options());
  });
  afterAll(() => app.close());

  it('grants a bearer token for the password grant, and a new one for its refresh token', async () => {
    const first = await tokenOf(app);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      token_type: 'Bearer',
      expires_in: 600,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const refreshed = await tokenOf(app, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    // A refresh token is used once.
    const again = await tokenOf(app, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    const ranges = await clientOf(app, refreshed.body.access_token as string).get('/v1/numbering-ranges');
    expect(ranges.status).toBe(200);
  });

  it('refuses wrong user credentials (400 invalid_grant) and a wrong client (401 invalid_client)', async () => {
    const wrongUser = await tokenOf(app, { password: 'otra' });
    expect(wrongUser.status).toBe(400);
    expect(wrongUser.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String), message: expect.any(String) });
    const wrongClient = await tokenOf(app, { client_secret: 'otro' });
    expect(wrongClient.status).toBe(401);
    expect(wrongClient.body.error).toBe('invalid_client');
  });

  it('answers 401 Unauthenticated without a token, with an unknown one, and once it expired', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/bills' })).json()).toEqual({ message: 'Unauthenticated.' });
    const unknown = await clientOf(app, 'inventado').get('/v1/bills');
    expect(unknown.status).toBe(401);
    const shortLived = buildInvoicingStandIn(options({ tokenTtlSeconds: 0 }));
    const { body } = await tokenOf(shortLived);
    expect(body.expires_in).toBe(0);
    const expired = await clientOf(shortLived, body.access_token as string).get('/v1/bills');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Unauthenticated.' });
    await shortLived.close();
  });
});

describe('bills and credit notes', () => {
  let app: InvoicingStandInApp;
  let api: ReturnType<typeof clientOf>;
  let firstBill: Json;

  beforeAll(async () => {
    app = buildInvoicingStandIn(options({ dataDir: tmpDataDir() }));
    api = clientOf(app, (await tokenOf(app)).body.access_token as string);
  });
  afterAll(() => app.close());

  it('validates a bill: number from the range, v1 tax-inclusive totals, CUFE of the annex formula', async () => {
    const res = await api.post('/v1/bills/validate', billBody('MAT-1'));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('Created');
    expect(res.body.message).toBe('Documento con el código de referencia MAT-1 registrado y validado con éxito');
    const bill = res.body.data.bill;
    firstBill = bill;
    expect(bill).toMatchObject({
      id: expect.any(Number),
      number: 'SETP990000001',
      reference_code: 'MAT-1',
      status: 1,
      errors: [],
      // The course (excluded of IVA) 119900 + two kits at 59500 with 19 % IVA included (100000 + 19000).
      gross_value: '219900.00',
      taxable_amount: '100000.00',
      tax_amount: '19000.00',
      discount_amount: '0.00',
      surcharge_amount: '0.00',
      total: '238900.00',
      payment_form: { code: '1', name: 'Pago de contado' },
      payment_method: { code: '48', name: 'Tarjeta Crédito' },
    });
    expect(bill.validated).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(bill.qr).toBe(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${bill.cufe}`);
    expect(bill.qr_image).toMatch(/^data:image\/png;base64, iVBORw0KGgo/);
    const [course, kit] = res.body.data.items as Json[];
    expect(course).toMatchObject({ gross_value: '119900.00', taxable_amount: '0.00', tax_amount: '0.00', total: 119900, is_excluded: 1 });
    expect(kit).toMatchObject({
      gross_value: '100000.00',
      taxable_amount: '100000.00',
      tax_amount: '19000.00',
      price: '59500.00',
      total: 119000,
    });
    expect(res.body.data.customer).toMatchObject({ identification: '1020304050', dv: null, graphic_representation_name: 'Ana Pérez' });
    expect(res.body.data.numbering_range).toMatchObject({ prefix: 'SETP', start_date: '19-01-2019', end_date: '19-01-2030', months: 132 });
    expect(bill.cufe).toBe(
      uniqueCode({
        number: 'SETP990000001',
        ...issueFields(bill.created_at as string),
        lineExtension: '219900.00',
        iva: '19000.00',
        inc: '0.00',
        ica: '0.00',
        payable: '238900.00',
        issuerNit: company.nit,
        buyerId: '1020304050',
        key: TECHNICAL_KEY,
        environment: '2',
      }),
    );
  });

  it('applies a line discount as v1 does (taxable = total / (1 + rate))', async () => {
    const res = await api.post(
      '/v1/bills/validate',
      billBody('MAT-2', { items: [{ ...bookItem, quantity: 1, price: 50000, discount_rate: 20 }] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.bill.number).toBe('SETP990000002');
    expect(res.body.data.items[0]).toMatchObject({ discount: '8403.36', gross_value: '33613.45', tax_amount: '6386.55', total: 40000 });
    expect(res.body.data.bill.total).toBe('40000.00');
    const range = await api.get('/v1/numbering-ranges/8');
    expect(range.body.data).toMatchObject({
      id: 8,
      document: '21',
      document_name: 'Factura de Venta',
      prefix: 'SETP',
      current: 990000003,
      start_date: '19-01-2019',
    });
    const list = await api.get('/v1/numbering-ranges');
    expect(list.body.data.data.map((r: Json) => [r.id, r.document, r.current])).toEqual([
      [8, 'Factura de Venta', 990000003],
      [9, 'Nota Crédito', 1],
    ]);
  });

  it('refuses a malformed payload with 422 and Laravel-style field errors, creating nothing', async () => {
    const res = await api.post(
      '/v1/bills/validate',
      billBody('MAL-1', {
        payment_form: '2',
        payment_method_code: '99',
        observation: 'x'.repeat(251),
        customer: { ...person, identification: undefined, legal_organization_id: 1, tribute_id: 5 },
        items: [
          { ...courseItem, tax_rate: '19.00' },
          { ...bookItem, quantity: 1.5, price: 0, tax_rate: '19', discount_rate: 120 },
        ],
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('Validation error');
    expect(res.body.message).toMatch(/^El campo /);
    expect(Object.keys(res.body.data.errors as Json).sort()).toEqual(
      [
        'customer.company',
        'customer.identification',
        'customer.tribute_id',
        'items.0.tax_rate',
        'items.1.discount_rate',
        'items.1.price',
        'items.1.quantity',
        'items.1.tax_rate',
        'observation',
        'payment_due_date',
        'payment_method_code',
      ].sort(),
    );
    expect(res.body.data.errors['customer.identification']).toEqual(['El campo customer.identification es obligatorio.']);
    const empty = await api.post('/v1/bills/validate', billBody('MAL-2', { items: [] }));
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.items).toBeDefined();
    expect((await api.get('/v1/bills?filter[reference_code]=MAL-1')).body.data.data).toEqual([]);
  });

  it('accepts the consumidor final with a cédula and names, and computes a NIT’s missing DV', async () => {
    const final = await api.post(
      '/v1/bills/validate',
      billBody('MAT-CF', {
        customer: {
          identification_document_id: 3,
          identification: '222222222222',
          names: 'Consumidor final',
          legal_organization_id: 2,
          tribute_id: 21,
        },
      }),
    );
    expect(final.status).toBe(201);
    expect(final.body.data.customer.identification).toBe('222222222222');
    const nit = await api.post(
      '/v1/bills/validate',
      billBody('MAT-NIT', {
        customer: {
          identification_document_id: 6,
          identification: '900825759',
          company: 'Empresa S.A.S.',
          legal_organization_id: 1,
          tribute_id: 18,
        },
      }),
    );
    expect(nit.status).toBe(201);
    expect(nit.body.data.customer).toMatchObject({ dv: '7', company: 'Empresa S.A.S.', graphic_representation_name: 'Empresa S.A.S.' });
  });

  it('keeps a bill with a wrong NIT DV unvalidated (FAK24), answers 409 to every send until it is deleted', async () => {
    const nitCustomer = {
      identification_document_id: 6,
      identification: '900825759',
      dv: '3',
      company: 'Empresa S.A.S.',
      legal_organization_id: 1,
      tribute_id: 18,
    };
    const rejected = await api.post('/v1/bills/validate', billBody('MAT-DV', { customer: nitCustomer }));
    expect(rejected.status).toBe(422);
    expect(rejected.body).toEqual({
      status: 'Validation error',
      message: 'El documento contiene errores de validación',
      data: { message: expect.any(String), errors: { FAK24: expect.stringMatching(/^Regla: FAK24, Rechazo: /) } },
    });
    const pending = await api.get('/v1/bills?filter[status]=0');
    expect(pending.body.data.data).toHaveLength(1);
    expect(pending.body.data.data[0]).toMatchObject({ reference_code: 'MAT-DV', status: 0, number: 'SETP990000005' });
    const blocked = await api.post('/v1/bills/validate', billBody('MAT-OTRA'));
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({ status: 'Conflict', message: 'Se encontró una factura pendiente por enviar a la DIAN' });
    expect((await api.post('/v1/bills/validate', billBody('MAT-DV', { customer: nitCustomer }))).status).toBe(409);
    const deleted = await api.delete('/v1/bills/destroy/reference/MAT-DV');
    expect(deleted).toMatchObject({
      status: 200,
      body: { status: 'OK', message: 'Documento con código de referencia MAT-DV eliminado con éxito' },
    });
    const fixed = await api.post('/v1/bills/validate', billBody('MAT-DV', { customer: { ...nitCustomer, dv: '7' } }));
    expect(fixed.status).toBe(201);
    // The deleted bill's number was the last one taken: it is given back, no gap in the range.
    expect(fixed.body.data.bill.number).toBe('SETP990000005');
  });

  it('answers 409 to a reference_code already validated, and finds a bill by filter[reference_code] then by number', async () => {
    const duplicate = await api.post('/v1/bills/validate', billBody('MAT-1'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ status: 'Conflict', message: 'Ya existe un documento validado con el código de referencia MAT-1' });
    const found = await api.get('/v1/bills?filter[reference_code]=MAT-1');
    expect(found.status).toBe(200);
    expect(found.body.data.pagination).toMatchObject({ total: 1, per_page: 10, current_page: 1, last_page: 1, from: 1, to: 1 });
    expect(found.body.data.data[0]).toMatchObject({
      id: firstBill.id,
      number: 'SETP990000001',
      total: '238900.00',
      status: 1,
      reference_code: 'MAT-1',
    });
    const shown = await api.get('/v1/bills/show/SETP990000001');
    expect(shown.body).toMatchObject({ status: 'OK', message: 'Solicitud exitosa', data: { bill: { cufe: firstBill.cufe } } });
    expect((await api.get('/v1/bills/show/SETP1')).status).toBe(404);
    const all = await api.get('/v1/bills?per_page=2&page=2');
    expect(all.body.data.pagination).toMatchObject({ total: 5, per_page: 2, current_page: 2, last_page: 3, from: 3, to: 4 });
    expect((await api.get('/v1/bills?page=9')).body.data.data).toEqual([]);
    const validatedDelete = await api.delete('/v1/bills/destroy/reference/MAT-1');
    expect(validatedDelete.status).toBe(409);
  });

  it('downloads the representación gráfica: a PDF with the number and the CUFE', async () => {
    const res = await api.get('/v1/bills/download-pdf/SETP990000001');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'OK',
      message: 'Solicitud exitosa',
      data: { file_name: expect.stringMatching(/^fv0901234567000\d{2}[0-9a-f]{8}$/) },
    });
    const bytes = Buffer.from(res.body.data.pdf_base_64_encoded as string, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [page] = await readPdfText(bytes);
    expect(page?.text).toContain(`CUFE: ${firstBill.cufe}`);
    expect(page?.text).toContain('Factura electrónica de venta SETP990000001');
    expect(page?.text).toContain('Ana Pérez');
  });

  it('validates a credit note against the bill with a CUDE, and refuses to credit more than what is left', async () => {
    const body = {
      numbering_range_id: 9,
      correction_concept_code: 2,
      customization_id: 20,
      bill_id: firstBill.id,
      reference_code: 'NC-MAT-1',
      payment_method_code: '48',
      items: [bookItem],
    };
    const res = await api.post('/v1/credit-notes/validate', body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Documento con el código de referencia NC-MAT-1 registrado y validado con éxito');
    const note = res.body.data.credit_note;
    expect(note).toMatchObject({
      number: 'NC1',
      status: 1,
      total: '119000.00',
      tax_amount: '19000.00',
      bill_id: firstBill.id,
      cufe: firstBill.cufe,
      number_bill: 'SETP990000001',
      correction_concept: { code: '2', name: 'Anulación de factura electrónica' },
      customization_id: { code: '20' },
    });
    // The customer comes from the bill when the note sends none.
    expect(res.body.data.customer.identification).toBe('1020304050');
    expect(note.cude).toBe(
      uniqueCode({
        number: 'NC1',
        ...issueFields(note.created_at as string),
        lineExtension: '100000.00',
        iva: '19000.00',
        inc: '0.00',
        ica: '0.00',
        payable: '119000.00',
        issuerNit: company.nit,
        buyerId: '1020304050',
        key: '12345',
        environment: '2',
      }),
    );
    // 238900 − 119000 = 119900 left: the course (119900) fits, two kits more do not.
    const over = await api.post('/v1/credit-notes/validate', {
      ...body,
      reference_code: 'NC-MAT-2',
      items: [{ ...bookItem, quantity: 3 }],
    });
    expect(over.status).toBe(422);
    expect(over.body.data.errors.items[0]).toMatch(/supera el saldo/);
    const unknownBill = await api.post('/v1/credit-notes/validate', { ...body, reference_code: 'NC-X', bill_id: 99999 });
    expect(unknownBill.status).toBe(422);
    expect(unknownBill.body.data.errors.bill_id).toBeDefined();
    const shown = await api.get('/v1/credit-notes/NC1');
    expect(shown.body.data.credit_note.cude).toBe(note.cude);
    const listed = await api.get('/v1/credit-notes?filter[reference_code]=NC-MAT-1');
    expect(listed.body.data.data[0]).toMatchObject({ number: 'NC1', bill_id: firstBill.id, total: '119000.00' });
    expect((await api.get('/v1/bills/show/SETP990000001')).body.data.credit_notes).toEqual([{ id: note.id, number: 'NC1' }]);
    const pdf = await api.get('/v1/credit-notes/download-pdf/NC1');
    expect(pdf.body.data.file_name).toMatch(/^nc0901234567/);
    const [page] = await readPdfText(Buffer.from(pdf.body.data.pdf_base_64_encoded as string, 'base64'));
    expect(page?.text).toContain(`CUDE: ${note.cude}`);
    expect(page?.text).toContain('SETP990000001');
    expect((await api.delete('/v1/credit-notes/reference/NC-MAT-1')).status).toBe(409);
    expect((await api.get('/v1/numbering-ranges/9')).body.data.current).toBe(2);
  });

  it('lists every document on the sandbox’s own route, without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/sandbox/invoicing/documents.json' });
    const documents = res.json<Json[]>();
    expect(documents.map((d) => d.kind)).toEqual(['bill', 'bill', 'bill', 'bill', 'bill', 'credit_note']);
    expect(documents[0]?.data.bill.number).toBe('SETP990000001');
    const page = await app.inject({ method: 'GET', url: '/sandbox' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('NC-MAT-1');
  });
});

describe('faults', () => {
  let app: InvoicingStandInApp;
  let api: ReturnType<typeof clientOf>;
  const fault = (body: Json) => app.inject({ method: 'POST', url: '/sandbox/invoicing/faults', payload: body });

  beforeAll(async () => {
    app = buildInvoicingStandIn(options());
    api = clientOf(app, (await tokenOf(app)).body.access_token as string);
  });
  afterAll(() => app.close());

  it('outage: 503 for the next `count` sends, then normal', async () => {
    expect((await fault({ mode: 'outage', count: 2 })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      const res = await api.post('/v1/bills/validate', billBody('F-OUT'));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'Service Unavailable', message: expect.any(String) });
    }
    expect((await api.post('/v1/bills/validate', billBody('F-OUT'))).status).toBe(201);
  });

  it('rate_limit: 429 with Retry-After', async () => {
    await fault({ mode: 'rate_limit', retryAfter: 7 });
    const res = await api.post('/v1/bills/validate', billBody('F-RATE'));
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect((await api.post('/v1/bills/validate', billBody('F-RATE'))).status).toBe(201);
  });

  it('reject: a DIAN rejection with the rule given, persisted with status 0 and blocking until deleted', async () => {
    await fault({ mode: 'reject', rule: 'FAJ44', message: 'Nombre del adquirente no coincide' });
    const res = await api.post('/v1/bills/validate', billBody('F-REJ'));
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ FAJ44: 'Regla: FAJ44, Rechazo: Nombre del adquirente no coincide' });
    const stored = (await api.get('/v1/bills?filter[reference_code]=F-REJ')).body.data.data[0];
    expect(stored).toMatchObject({ status: 0, errors: ['Regla: FAJ44, Rechazo: Nombre del adquirente no coincide'] });
    expect((await api.post('/v1/bills/validate', billBody('F-OTRA'))).status).toBe(409);
    expect((await api.delete('/v1/bills/destroy/reference/F-REJ')).status).toBe(200);
  });

  it('slow: 201 with status 0 and no errors; other sends 409; resending the same one validates it without a duplicate', async () => {
    await fault({ mode: 'slow' });
    const slow = await api.post('/v1/bills/validate', billBody('F-SLOW'));
    expect(slow.status).toBe(201);
    expect(slow.body.data.bill).toMatchObject({ status: 0, errors: [], validated: null });
    expect((await api.post('/v1/bills/validate', billBody('F-OTRA'))).status).toBe(409);
    const resent = await api.post('/v1/bills/validate', billBody('F-SLOW'));
    expect(resent.status).toBe(201);
    expect(resent.body.data.bill).toMatchObject({ status: 1, number: slow.body.data.bill.number, cufe: slow.body.data.bill.cufe });
    expect((await api.get('/v1/bills?filter[reference_code]=F-SLOW')).body.data.pagination.total).toBe(1);
  });

  it('lists and clears the faults', async () => {
    await fault({ mode: 'outage', count: 3 });
    expect((await app.inject({ method: 'GET', url: '/sandbox/invoicing/faults' })).json()).toEqual({
      faults: [{ mode: 'outage', count: 3 }],
    });
    expect((await fault({ mode: 'nada' })).statusCode).toBe(400);
    await app.inject({ method: 'DELETE', url: '/sandbox/invoicing/faults' });
    expect((await api.post('/v1/bills/validate', billBody('F-CLEAR'))).status).toBe(201);
  });
});

describe('over HTTP', () => {
  it('timeout: the bill is validated first, the answer comes late; numbering continues after a restart on the same data', async () => {
    const dataDir = tmpDataDir();
    let standIn = await startInvoicingStandIn(options({ dataDir, port: 0 }));
    const token = async (url: string) => {
      const res = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          username: credentials.username,
          password: credentials.password,
        }),
      });
      return ((await res.json()) as Json).access_token as string;
    };
    const send = (url: string, access: string, reference: string, signal?: AbortSignal) =>
      fetch(`${url}/v1/bills/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(billBody(reference)),
        ...(signal ? { signal } : {}),
      });
    let access = await token(standIn.url);
    await fetch(`${standIn.url}/sandbox/invoicing/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'timeout', delayMs: 5000 }),
    });
    await expect(send(standIn.url, access, 'T-1', AbortSignal.timeout(300))).rejects.toThrow();
    const documents = (await (await fetch(`${standIn.url}/sandbox/invoicing/documents.json`)).json()) as Json[];
    expect(documents.map((d) => [d.data.bill.reference_code, d.data.bill.status, d.data.bill.number])).toEqual([
      ['T-1', 1, 'SETP990000001'],
    ]);
    await standIn.close();

    standIn = await startInvoicingStandIn(options({ dataDir, port: 0 }));
    try {
      access = await token(standIn.url);
      const next = await send(standIn.url, access, 'T-2');
      expect(next.status).toBe(201);
      expect(((await next.json()) as Json).data.bill.number).toBe('SETP990000002');
      const old = await fetch(`${standIn.url}/v1/bills/show/SETP990000001`, { headers: { authorization: `Bearer ${access}` } });
      expect(((await old.json()) as Json).data.bill.reference_code).toBe('T-1');
    } finally {
      await standIn.close();
    }
  });
});
