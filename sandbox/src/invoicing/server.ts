// A local stand-in for Factus API v1 (DIAN electronic invoicing, habilitación): OAuth2 tokens, bills and credit
// notes validated synchronously with a CUFE/CUDE, their lists, PDFs and deletion, numbering ranges, the 409 "pending
// document" rule and the DIAN's rejections — plus `/sandbox/invoicing/*` controls (faults, the documents list) that
// the real service has no equivalent of. Shapes follow /work/notes/factus.md (the provider's v1 documentation).
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { nitCheckDigit } from 'shared/schemas/nit';
import { defaultHttpTimeouts } from 'shared/server/http';
import { FINAL_CONSUMER_ID, NIT_DOCUMENT_ID, rangeDocuments } from './catalog';
import {
  allowanceChargesData,
  codesOf,
  companyData,
  customerData,
  dmy,
  establishmentData,
  factusDateTime,
  itemsData,
  labels,
  moneyFields,
  numberingRangeData,
  totalsOf,
  withholdingTotals,
  type Company,
} from './documents';
import { FactusError, answerErrorsAsFactus, notFound, payloadError, unauthenticated } from './errors';
import { faultsControl, type Faults } from './faults';
import { qrDataUri } from './png';
import { renderDocumentPdf } from './pdf';
import { InvoicingStore, type BillRecord, type CreditNoteRecord, type NumberingRange } from './store';
import { validateBill, validateCreditNote, type CustomerInput } from './validation';

export type { BillRecord, CreditNoteRecord, NumberingRange } from './store';
export type { Fault, FaultMode } from './faults';

export interface InvoicingStandInOptions {
  /** Default 127.0.0.1 (loopback: a test double, not a service for the network). */
  host?: string;
  /** 0 = any free port (the default). */
  port?: number;
  /** Where `invoicing-stand-in.json` (ranges, bills, credit notes) is kept; absent = memory only. */
  dataDir?: string;
  /** The only OAuth client and user accepted by `POST /oauth/token`. */
  credentials: { clientId: string; clientSecret: string; username: string; password: string };
  /** The issuer: NIT digits without DV, its DV and its name. */
  company: Company;
  /** Numbering ranges (default: SETP invoices, id 8, and NC credit notes, id 9, as in Factus's sandbox). */
  ranges?: NumberingRange[];
  /** The Software-PIN of the CUDE (default '12345'). */
  softwarePin?: string;
  /** Lifetime of an access token (default 600 s, Factus's `expires_in`). */
  tokenTtlSeconds?: number;
  /** false (default): silent; 'warn': Fastify's logger at warn. */
  log?: false | 'warn';
}

export interface InvoicingStandIn {
  /** e.g. http://127.0.0.1:41234: the client's base URL (token at `${url}/oauth/token`, API at `${url}/v1/...`). */
  url: string;
  close(): Promise<void>;
}

/** The control handle on the app (tests, dev tools): the same state the `/sandbox/invoicing` routes show. */
export interface InvoicingStandInControl {
  documents(): Array<BillRecord | CreditNoteRecord>;
  faults: Faults;
  store: InvoicingStore;
}

export type InvoicingStandInApp = FastifyInstance & { invoicing: InvoicingStandInControl };

/** Factus's list filters (`filter[…]`), the same for bills and credit notes. */
function matchesListFilters(
  q: Record<string, string | undefined>,
  doc: { reference_code: string | null; number: string; status: number },
  c: { identification: string; names?: string | null; company?: string | null },
): boolean {
  if (q['filter[reference_code]'] !== undefined && doc.reference_code !== q['filter[reference_code]']) return false;
  if (q['filter[number]'] !== undefined && doc.number !== q['filter[number]']) return false;
  if (q['filter[prefix]'] !== undefined && !doc.number.startsWith(q['filter[prefix]'])) return false;
  if (q['filter[status]'] !== undefined && String(doc.status) !== q['filter[status]']) return false;
  if (q['filter[identification]'] !== undefined && c.identification !== q['filter[identification]']) return false;
  const names = q['filter[names]']?.toLowerCase();
  if (names !== undefined && !`${c.names ?? ''} ${c.company ?? ''}`.toLowerCase().includes(names)) return false;
  return true;
}

export const defaultRanges: NumberingRange[] = [
  {
    id: 8,
    document: '21',
    prefix: 'SETP',
    from: 990000000,
    to: 995000000,
    current: 990000001,
    resolution_number: '18760000001',
    start_date: '2019-01-19',
    end_date: '2030-01-19',
    technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
    is_active: 1,
  },
  {
    id: 9,
    document: '22',
    prefix: 'NC',
    from: 1,
    to: 16000000,
    current: 1,
    resolution_number: null,
    start_date: null,
    end_date: null,
    technical_key: null,
    is_active: 1,
  },
];

const PENDING = 'Se encontró una factura pendiente por enviar a la DIAN';
const ok = (data: unknown) => ({ status: 'OK', message: 'Solicitud exitosa', data });

/** The DIAN's answer to a NIT whose DV is wrong: the document is kept, unvalidated (status 0), and blocks the next sends. */
const wrongDvRejection = (nit: string, dv: string) => ({
  message: `El dígito de verificación ${dv} no corresponde al NIT ${nit} del adquirente.`,
  rule: 'FAK24',
  text: 'Regla: FAK24, Rechazo: El DV del NIT del adquirente no es correcto',
});

/** Laravel-style paginator as Factus answers lists: `{ data: [...], pagination: {...} }`. */
function paginate<T>(request: FastifyRequest, all: T[], query: Record<string, string | undefined>) {
  const perPage = Math.min(Math.max(Number(query.per_page) || 10, 1), 100);
  const page = Math.max(Number(query.page) || 1, 1);
  const total = all.length;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const slice = all.slice((page - 1) * perPage, page * perPage);
  const base = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
  const urlOf = (p: number) => {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
    params.set('page', String(p));
    return `${base}?${params.toString()}`;
  };
  const links = [
    { url: page > 1 ? urlOf(page - 1) : null, label: '&laquo; Anterior', active: false },
    ...Array.from({ length: lastPage }, (_, i) => ({ url: urlOf(i + 1), label: String(i + 1), active: i + 1 === page, page: i + 1 })),
    { url: page < lastPage ? urlOf(page + 1) : null, label: 'Siguiente &raquo;', active: false },
  ];
  return {
    data: slice,
    pagination: {
      total,
      per_page: perPage,
      current_page: page,
      last_page: lastPage,
      from: slice.length ? (page - 1) * perPage + 1 : null,
      to: slice.length ? (page - 1) * perPage + slice.length : null,
      links,
    },
  };
}

/** Multipart "form-data" text fields (the token call as Factus's docs show it); files are not expected. */
function parseMultipart(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${mark}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name !== undefined) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/** Builds the stand-in (not listening; `app.inject()` works). */
export function buildInvoicingStandIn(options: InvoicingStandInOptions): InvoicingStandInApp {
  const company = options.company;
  const softwarePin = options.softwarePin ?? '12345';
  const ttl = options.tokenTtlSeconds ?? 600;
  const store = new InvoicingStore(options.dataDir, options.ranges ?? defaultRanges);
  const state = store.state;
  const app = Fastify({
    logger: options.log === 'warn' ? { level: 'warn' } : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    requestTimeout: defaultHttpTimeouts.requestMs,
    connectionTimeout: defaultHttpTimeouts.idleMs,
    keepAliveTimeout: defaultHttpTimeouts.keepAliveMs,
    // Fastify types the instance by its logger option; the app is the same either way.
  }) as unknown as FastifyInstance;
  answerErrorsAsFactus(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (req, body, done) => {
    done(null, parseMultipart(body as string, req.headers['content-type'] ?? ''));
  });

  // ---- Delays of the timeout fault end when the stand-in closes (the answer goes out at once).
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  app.addHook('preClose', async () => {
    for (const wake of [...sleepers]) wake();
  });
  const faults = faultsControl();

  // ---- OAuth2 (Laravel Passport): password and refresh_token grants; tokens live in memory.
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const issueTokens = () => {
    const access = randomBytes(48).toString('base64url');
    const refresh = randomBytes(48).toString('base64url');
    accessTokens.set(access, Date.now() + ttl * 1000);
    refreshTokens.add(refresh);
    return { token_type: 'Bearer', expires_in: ttl, access_token: access, refresh_token: refresh };
  };
  const oauthError = (status: number, error: string, description: string) =>
    new FactusError(status, { error, error_description: description, message: description });

  app.post('/oauth/token', async (request) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
    const grant = field('grant_type');
    if (!grant)
      throw oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
    if (grant !== 'password' && grant !== 'refresh_token')
      throw oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
    if (!field('client_id'))
      throw oauthError(
        400,
        'invalid_request',
        'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the `client_id` parameter',
      );
    if (field('client_id') !== options.credentials.clientId || field('client_secret') !== options.credentials.clientSecret)
      throw oauthError(401, 'invalid_client', 'Client authentication failed');
    if (grant === 'password') {
      for (const name of ['username', 'password'])
        if (!field(name))
          throw oauthError(
            400,
            'invalid_request',
            `The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the \`${name}\` parameter`,
          );
      if (field('username') !== options.credentials.username || field('password') !== options.credentials.password)
        throw oauthError(400, 'invalid_grant', 'The user credentials were incorrect.');
      return issueTokens();
    }
    const refresh = field('refresh_token');
    if (!refresh)
      throw oauthError(
        400,
        'invalid_request',
        'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the `refresh_token` parameter',
      );
    if (!refreshTokens.delete(refresh)) throw oauthError(400, 'invalid_grant', 'The refresh token is invalid.');
    return issueTokens();
  });

  const requireToken = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const expires = token ? accessTokens.get(token) : undefined;
    if (!token || expires === undefined) throw unauthenticated();
    if (expires <= Date.now()) {
      accessTokens.delete(token);
      throw unauthenticated();
    }
  };

  // ---- Documents.
  const allDocuments = () => [...state.bills, ...state.creditNotes].sort((a, b) => a.meta.issuedAt.localeCompare(b.meta.issuedAt));
  const pendingDocument = () => allDocuments().find((d) => (d.kind === 'bill' ? d.data.bill.status : d.data.credit_note.status) === 0);
  const billById = (id: number) => state.bills.find((b) => b.data.bill.id === id);
  const creditNotesOf = (billId: number) => state.creditNotes.filter((n) => n.data.credit_note.bill_id === billId);
  const billAnswer = (b: BillRecord) => ({
    ...b.data,
    credit_notes: creditNotesOf(b.data.bill.id).map((n) => ({ id: n.data.credit_note.id, number: n.data.credit_note.number })),
    debit_notes: [],
  });

  /** The range a document takes its number from: the one named, or the only active one of its kind. */
  const rangeFor = (document: '21' | '22', id: number | null): NumberingRange => {
    const candidates = state.ranges.filter((r) => r.document === document && (r.is_active ?? 1) === 1);
    const range = id === null ? (candidates.length === 1 ? candidates[0] : undefined) : candidates.find((r) => r.id === id);
    if (!range)
      throw payloadError({
        numbering_range_id: [
          id === null ? 'El campo numbering_range_id es obligatorio.' : 'El campo numbering_range_id seleccionado no es válido.',
        ],
      });
    if (range.current > range.to)
      throw payloadError({ numbering_range_id: [`El rango de numeración ${range.prefix} (${range.from} a ${range.to}) está agotado.`] });
    return range;
  };

  /** A NIT's DV: sent and right, or computed when absent; a wrong one is a DIAN rejection (FAK24). */
  const resolveDv = (customer: CustomerInput) => {
    if (customer.identification_document_id !== NIT_DOCUMENT_ID) return { customer, rejection: null };
    const right = String(nitCheckDigit(customer.identification));
    if (customer.dv === null) return { customer: { ...customer, dv: right }, rejection: null };
    return { customer, rejection: customer.dv === right ? null : wrongDvRejection(customer.identification, customer.dv) };
  };

  /** Before anything else of a `validate`: an outage or a rate limit set by the controls. */
  const gate = () => {
    const fault = faults.take(['outage', 'rate_limit']);
    if (fault?.mode === 'outage')
      throw new FactusError(503, {
        status: 'Service Unavailable',
        message: fault.message ?? 'El servicio no está disponible en este momento. Intente de nuevo más tarde.',
      });
    if (fault?.mode === 'rate_limit') {
      const seconds = fault.retryAfter ?? 60;
      throw new FactusError(
        429,
        { status: 'Too Many Requests', message: fault.message ?? 'Has superado el límite de solicitudes. Intenta de nuevo más tarde.' },
        {
          'retry-after': String(seconds),
          'x-ratelimit-limit': '80',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + seconds),
        },
      );
    }
  };

  /** A resend of a reference_code already known: validated → 409 (see below); DIAN slow → validated now; rejected → pending 409. */
  const resendOf = (record: BillRecord | CreditNoteRecord | undefined, reference: string) => {
    if (!record) return null;
    const doc = record.kind === 'bill' ? record.data.bill : record.data.credit_note;
    // Factus's exact answer to a reference_code that is already validated is unverified (factus.md §8): the stand-in
    // answers 409 Conflict, so a client must look the document up (filter[reference_code]) rather than issue it again.
    if (doc.status === 1)
      throw new FactusError(409, {
        status: 'Conflict',
        message: `Ya existe un documento validado con el código de referencia ${reference}`,
      });
    if (record.meta.pending !== 'slow') throw new FactusError(409, { status: 'Conflict', message: PENDING });
    // DIAN was slow: the resend asks it again and updates the same document, without a duplicate.
    if (faults.take(['slow'])) return record;
    doc.status = 1;
    doc.validated = factusDateTime(new Date());
    delete record.meta.pending;
    store.save();
    return record;
  };

  /** What a `validate` answers once its document exists: 201, a rejection 422, or 201 after a delay (timeout fault). */
  const answerCreated = async (reply: FastifyReply, record: BillRecord | CreditNoteRecord, delayMs: number | null) => {
    const doc = record.kind === 'bill' ? record.data.bill : record.data.credit_note;
    if (record.meta.pending === 'rejected') {
      const errors = Object.fromEntries(doc.errors.map((e) => [/^Regla: ([^,]+),/.exec(e)?.[1] ?? 'DIAN', e]));
      return reply.status(422).send({
        status: 'Validation error',
        message: 'El documento contiene errores de validación',
        data: { message: record.meta.rejectionMessage ?? doc.errors[0] ?? '', errors },
      });
    }
    if (delayMs !== null) await sleep(delayMs);
    const message =
      doc.status === 1
        ? `Documento con el código de referencia ${doc.reference_code} registrado y validado con éxito`
        : `Documento con el código de referencia ${doc.reference_code} registrado; la DIAN aún no lo ha validado`;
    return reply.status(201).send({ status: 'Created', message, data: record.kind === 'bill' ? billAnswer(record) : record.data });
  };

  /** The DIAN's verdict on a new document: a wrong NIT DV or a `reject` fault refuse it, `slow` leaves it pending. */
  const verdict = (rejection: ReturnType<typeof wrongDvRejection> | null) => {
    if (rejection) return { pending: 'rejected' as const, errors: [rejection.text], rejectionMessage: rejection.message, delayMs: null };
    const fault = faults.take(['timeout', 'reject', 'slow']);
    if (fault?.mode === 'reject') {
      const rule = fault.rule ?? 'FAD06';
      const text = `Regla: ${rule}, Rechazo: ${fault.message ?? 'Valor del CUFE no está calculado correctamente'}`;
      return { pending: 'rejected' as const, errors: [text], rejectionMessage: fault.message ?? text, delayMs: null };
    }
    if (fault?.mode === 'slow') return { pending: 'slow' as const, errors: [], rejectionMessage: undefined, delayMs: null };
    return {
      pending: undefined,
      errors: [],
      rejectionMessage: undefined,
      delayMs: fault?.mode === 'timeout' ? (fault.delayMs ?? 30_000) : null,
    };
  };

  const takeNumber = (range: NumberingRange) => {
    const number = `${range.prefix}${range.current}`;
    range.current += 1;
    return number;
  };

  /** A deleted document gives its number back when it was the last one taken (no gap in the range). */
  const giveBack = (rangeId: number, number: string) => {
    const range = state.ranges.find((r) => r.id === rangeId);
    if (range && number === `${range.prefix}${range.current - 1}`) range.current -= 1;
  };

  void app.register(
    async (v1) => {
      v1.addHook('onRequest', requireToken);

      v1.post('/bills/validate', async (request, reply) => {
        gate();
        const input = validateBill(request.body);
        const again = resendOf(
          state.bills.find((b) => b.data.bill.reference_code === input.reference_code),
          input.reference_code,
        );
        if (again) return answerCreated(reply, again, null);
        if (pendingDocument()) throw new FactusError(409, { status: 'Conflict', message: PENDING });
        const range = rangeFor('21', input.numbering_range_id);
        const { customer, rejection } = resolveDv(input.customer);
        const result = verdict(rejection);
        const now = new Date();
        const totals = totalsOf(input.items, input.allowance_charges);
        const number = takeNumber(range);
        const codes = codesOf({
          number,
          issuedAt: now,
          totals,
          company,
          buyerId: customer.identification,
          key: range.technical_key ?? '',
          kind: 'CUFE',
        });
        const id = state.nextBillId++;
        const record: BillRecord = {
          kind: 'bill',
          meta: {
            rangeId: range.id,
            issuedAt: now.toISOString(),
            qrText: codes.qrText,
            customer,
            pending: result.pending,
            rejectionMessage: result.rejectionMessage,
          },
          data: {
            company: companyData(company),
            establishment: establishmentData(company, input.establishment),
            customer: customerData(customer, customer.dv),
            numbering_range: numberingRangeData(range),
            billing_period: input.billing_period ?? [],
            bill: {
              id,
              document: { code: input.document, name: labels.billDocuments[input.document] ?? '' },
              operation_type: { code: input.operation_type, name: labels.operationTypes[input.operation_type] ?? '' },
              order_reference: input.order_reference,
              number,
              reference_code: input.reference_code,
              status: result.pending ? 0 : 1,
              send_email: input.send_email ? 1 : 0,
              qr: codes.qr,
              cufe: codes.code,
              validated: result.pending ? null : factusDateTime(now),
              ...moneyFields(totals),
              observation: input.observation,
              errors: result.errors,
              created_at: factusDateTime(now),
              payment_due_date: input.payment_due_date,
              qr_image: qrDataUri(codes.qrText),
              has_claim: 0,
              is_negotiable_instrument: 0,
              payment_form: { code: input.payment_form, name: labels.paymentForms[input.payment_form] ?? '' },
              payment_method: { code: input.payment_method_code, name: labels.paymentMethods[input.payment_method_code] ?? '' },
            },
            related_documents: input.related_documents,
            items: itemsData(totals.lines),
            allowance_charges: allowanceChargesData(input.allowance_charges),
            withholding_taxes: withholdingTotals(totals.lines),
            mandate: null,
          },
        };
        state.bills.push(record);
        store.save();
        return answerCreated(reply, record, result.delayMs);
      });

      v1.get<{ Querystring: Record<string, string | undefined> }>('/bills', async (request) => {
        const q = request.query;
        const rows = [...state.bills]
          .filter((b) => matchesListFilters(q, b.data.bill, b.data.customer))
          .sort((a, b) => b.data.bill.id - a.data.bill.id)
          .map((b) => {
            const bill = b.data.bill;
            const c = b.data.customer;
            return {
              id: bill.id,
              document: bill.document,
              number: bill.number,
              api_client_name: company.name,
              reference_code: bill.reference_code,
              identification: c.identification,
              graphic_representation_name: c.graphic_representation_name,
              company: c.company,
              trade_name: c.trade_name,
              names: c.names,
              email: c.email,
              total: bill.total,
              status: bill.status,
              errors: bill.errors,
              send_email: bill.send_email,
              has_claim: bill.has_claim,
              is_negotiable_instrument: bill.is_negotiable_instrument,
              payment_form: bill.payment_form,
              created_at: bill.created_at,
              credit_notes: creditNotesOf(bill.id).map((n) => ({ id: n.data.credit_note.id, number: n.data.credit_note.number })),
              debit_notes: [],
            };
          });
        return ok(paginate(request, rows, q));
      });

      const billByNumber = (number: string) => {
        const bill = state.bills.find((b) => b.data.bill.number === number);
        if (!bill) throw notFound(`No se encontró la factura con número ${number}`);
        return bill;
      };

      v1.get<{ Params: { number: string } }>('/bills/show/:number', async (request) => ok(billAnswer(billByNumber(request.params.number))));

      v1.get<{ Params: { number: string } }>('/bills/download-pdf/:number', async (request) => {
        const bill = billByNumber(request.params.number);
        const pdf = await renderDocumentPdf(bill, { company, range: state.ranges.find((r) => r.id === bill.meta.rangeId) ?? null });
        return ok({
          file_name: fileName('fv', company.nit, bill.data.bill.id, bill.meta.issuedAt),
          pdf_base_64_encoded: Buffer.from(pdf).toString('base64'),
        });
      });

      v1.delete<{ Params: { reference: string } }>('/bills/destroy/reference/:reference', async (request) => {
        const reference = request.params.reference;
        const index = state.bills.findIndex((b) => b.data.bill.reference_code === reference);
        const bill = state.bills[index];
        if (!bill) throw notFound(`No se encontró una factura con el código de referencia ${reference}`);
        if (bill.data.bill.status === 1)
          throw new FactusError(409, {
            status: 'Conflict',
            message: `La factura con código de referencia ${reference} ya fue validada por la DIAN y no se puede eliminar`,
          });
        state.bills.splice(index, 1);
        giveBack(bill.meta.rangeId, bill.data.bill.number);
        store.save();
        return { status: 'OK', message: `Documento con código de referencia ${reference} eliminado con éxito` };
      });

      v1.post('/credit-notes/validate', async (request, reply) => {
        gate();
        const input = validateCreditNote(request.body);
        const again = resendOf(
          state.creditNotes.find((n) => n.data.credit_note.reference_code === input.reference_code),
          input.reference_code,
        );
        if (again) return answerCreated(reply, again, null);
        if (pendingDocument()) throw new FactusError(409, { status: 'Conflict', message: PENDING });
        const bill = input.bill_id === null ? undefined : billById(input.bill_id);
        if (input.bill_id !== null && !bill) throw payloadError({ bill_id: ['El campo bill_id seleccionado no es válido.'] });
        if (bill && bill.data.bill.status !== 1)
          throw payloadError({
            bill_id: [`La factura ${bill.data.bill.number} no ha sido validada por la DIAN: no admite notas crédito.`],
          });
        const totals = totalsOf(input.items, input.allowance_charges);
        if (bill) {
          const billCents = Math.round(Number(bill.data.bill.total) * 100);
          const credited = creditNotesOf(bill.data.bill.id).reduce((s, n) => s + Math.round(Number(n.data.credit_note.total) * 100), 0);
          if (totals.totalCents > billCents - credited)
            throw payloadError({
              items: [
                `El total de la nota crédito (${(totals.totalCents / 100).toFixed(2)}) supera el saldo de la factura ${bill.data.bill.number} (${((billCents - credited) / 100).toFixed(2)}).`,
              ],
            });
        }
        const range = rangeFor('22', input.numbering_range_id);
        const sent = input.customer ?? bill?.meta.customer;
        if (!sent) throw payloadError({ customer: ['El campo customer es obligatorio cuando no se envía bill_id.'] });
        const { customer, rejection } = resolveDv(sent);
        const result = verdict(rejection);
        const now = new Date();
        const number = takeNumber(range);
        const codes = codesOf({ number, issuedAt: now, totals, company, buyerId: customer.identification, key: softwarePin, kind: 'CUDE' });
        const id = state.nextCreditNoteId++;
        const concept = String(input.correction_concept_code);
        const record: CreditNoteRecord = {
          kind: 'credit_note',
          meta: {
            rangeId: range.id,
            issuedAt: now.toISOString(),
            qrText: codes.qrText,
            customer,
            pending: result.pending,
            rejectionMessage: result.rejectionMessage,
          },
          data: {
            company: companyData(company),
            establishment: establishmentData(company, input.establishment),
            customer: customerData(customer, customer.dv),
            credit_note: {
              id,
              number,
              reference_code: input.reference_code,
              status: result.pending ? 0 : 1,
              send_email: input.send_email ? 1 : 0,
              qr: codes.qr,
              cude: codes.code,
              validated: result.pending ? null : factusDateTime(now),
              ...moneyFields(totals),
              observation: input.observation,
              errors: result.errors,
              created_at: factusDateTime(now),
              qr_image: qrDataUri(codes.qrText),
              bill_id: bill?.data.bill.id ?? null,
              cufe: bill?.data.bill.cufe ?? null,
              number_bill: bill?.data.bill.number ?? null,
              payment_method: { name: labels.paymentMethods[input.payment_method_code] ?? '', code: input.payment_method_code },
              customization_id: {
                code: String(input.customization_id),
                name: labels.creditNoteCustomizations[String(input.customization_id)] ?? '',
              },
              correction_concept: { code: concept, name: labels.correctionConcepts[concept] ?? '' },
            },
            items: itemsData(totals.lines),
            allowance_charges: allowanceChargesData(input.allowance_charges),
            withholding_taxes: withholdingTotals(totals.lines),
          },
        };
        state.creditNotes.push(record);
        store.save();
        return answerCreated(reply, record, result.delayMs);
      });

      v1.get<{ Querystring: Record<string, string | undefined> }>('/credit-notes', async (request) => {
        const q = request.query;
        const rows = [...state.creditNotes]
          .filter((n) => matchesListFilters(q, n.data.credit_note, n.data.customer))
          .sort((a, b) => b.data.credit_note.id - a.data.credit_note.id)
          .map((n) => {
            const note = n.data.credit_note;
            const c = n.data.customer;
            return {
              id: note.id,
              number: note.number,
              api_client_name: company.name,
              reference_code: note.reference_code,
              identification: c.identification,
              graphic_representation_name: c.graphic_representation_name,
              company: c.company,
              trade_name: c.trade_name,
              names: c.names,
              email: c.email,
              total: note.total,
              status: note.status,
              errors: note.errors,
              send_email: note.send_email,
              created_at: note.created_at,
              bill_id: note.bill_id,
              number_bill: note.number_bill,
            };
          });
        return ok(paginate(request, rows, q));
      });

      const noteByNumber = (number: string) => {
        const note = state.creditNotes.find((n) => n.data.credit_note.number === number);
        if (!note) throw notFound(`No se encontró la nota crédito con número ${number}`);
        return note;
      };

      v1.get<{ Params: { number: string } }>('/credit-notes/:number', async (request) => ok(noteByNumber(request.params.number).data));

      v1.get<{ Params: { number: string } }>('/credit-notes/download-pdf/:number', async (request) => {
        const note = noteByNumber(request.params.number);
        const bill = note.data.credit_note.bill_id === null ? undefined : billById(note.data.credit_note.bill_id);
        const pdf = await renderDocumentPdf(note, { company, range: state.ranges.find((r) => r.id === note.meta.rangeId) ?? null, bill });
        return ok({
          file_name: fileName('nc', company.nit, note.data.credit_note.id, note.meta.issuedAt),
          pdf_base_64_encoded: Buffer.from(pdf).toString('base64'),
        });
      });

      v1.delete<{ Params: { reference: string } }>('/credit-notes/reference/:reference', async (request) => {
        const reference = request.params.reference;
        const index = state.creditNotes.findIndex((n) => n.data.credit_note.reference_code === reference);
        const note = state.creditNotes[index];
        if (!note) throw notFound(`No se encontró una nota crédito con el código de referencia ${reference}`);
        if (note.data.credit_note.status === 1)
          throw new FactusError(409, {
            status: 'Conflict',
            message: `La nota crédito con código de referencia ${reference} ya fue validada por la DIAN y no se puede eliminar`,
          });
        state.creditNotes.splice(index, 1);
        giveBack(note.meta.rangeId, note.data.credit_note.number);
        store.save();
        return { status: 'OK', message: `Documento con código de referencia ${reference} eliminado con éxito` };
      });

      const rangeListItem = (r: NumberingRange) => ({
        id: r.id,
        document: rangeDocuments[r.document] ?? r.document,
        prefix: r.prefix,
        from: r.from,
        to: r.to,
        current: r.current,
        resolution_number: r.resolution_number,
        start_date: r.start_date,
        end_date: r.end_date,
        technical_key: r.technical_key,
        is_expired: r.end_date !== null && r.end_date < new Date().toISOString().slice(0, 10),
        is_active: r.is_active ?? 1,
        deleted_at: null,
        created_at: '2024-01-01T00:00:00.000000Z',
        updated_at: '2024-01-01T00:00:00.000000Z',
      });

      v1.get<{ Querystring: Record<string, string | undefined> }>('/numbering-ranges', async (request) => {
        const q = request.query;
        const rows = state.ranges
          .map(rangeListItem)
          .filter(
            (r, i) =>
              (q['filter[id]'] === undefined || String(r.id) === q['filter[id]']) &&
              (q['filter[document]'] === undefined || state.ranges[i]?.document === q['filter[document]']) &&
              (q['filter[resolution_number]'] === undefined || r.resolution_number === q['filter[resolution_number]']) &&
              (q['filter[technical_key]'] === undefined || r.technical_key === q['filter[technical_key]']) &&
              (q['filter[is_active]'] === undefined || String(r.is_active) === q['filter[is_active]']),
          );
        return ok(paginate(request, rows, q));
      });

      v1.get<{ Params: { id: string } }>('/numbering-ranges/:id', async (request) => {
        const range = state.ranges.find((r) => String(r.id) === request.params.id);
        if (!range) throw notFound(`No se encontró el rango de numeración ${request.params.id}`);
        const { document: _name, ...item } = rangeListItem(range);
        return ok({
          ...item,
          document: range.document,
          document_name: rangeDocuments[range.document] ?? '',
          start_date: dmy(range.start_date),
          end_date: dmy(range.end_date),
        });
      });
    },
    { prefix: '/v1' },
  );

  // ---- The stand-in's own controls (no token): faults, every document, a page for the developer.
  app.post('/sandbox/invoicing/faults', async (request, reply) => reply.status(201).send({ faults: faults.add(request.body) }));
  app.get('/sandbox/invoicing/faults', async () => ({ faults: faults.list() }));
  app.delete('/sandbox/invoicing/faults', async () => {
    faults.clear();
    return { faults: [] };
  });
  app.get('/sandbox/invoicing/documents.json', async () => allDocuments());
  app.get('/sandbox', async (_request, reply) => reply.type('text/html; charset=utf-8').send(documentsPage(allDocuments(), faults.list())));

  const control: InvoicingStandInControl = { documents: allDocuments, faults, store };
  app.decorate('invoicing', control);
  return app as InvoicingStandInApp;
}

/** DIAN's file naming: fv/nc + the issuer's NIT in 10 digits + 000 + the year's last two digits + a consecutive in 8 hex. */
function fileName(kind: 'fv' | 'nc', nit: string, id: number, issuedAt: string): string {
  return `${kind}${nit.padStart(10, '0')}000${issuedAt.slice(2, 4)}${id.toString(16).padStart(8, '0')}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function documentsPage(documents: Array<BillRecord | CreditNoteRecord>, pendingFaults: unknown[]): string {
  const rows = documents
    .map((d) => {
      const doc = d.kind === 'bill' ? d.data.bill : d.data.credit_note;
      const status = doc.status === 1 ? 'Validado' : d.meta.pending === 'rejected' ? 'Rechazado (pendiente)' : 'Pendiente (DIAN lenta)';
      return `<tr><td>${d.kind === 'bill' ? 'Factura' : 'Nota crédito'}</td><td>${escapeHtml(doc.number)}</td><td>${escapeHtml(doc.reference_code)}</td><td>${escapeHtml(d.data.customer.graphic_representation_name as string)}</td><td>${escapeHtml(doc.total)}</td><td>${status}</td><td>${escapeHtml(doc.created_at)}</td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Facturación electrónica (stand-in de Factus)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style></head>
<body><h1>Facturación electrónica — stand-in de Factus v1</h1>
<p>Documentos emitidos (${documents.length}). Fallas programadas: ${pendingFaults.length}. JSON: <a href="/sandbox/invoicing/documents.json">/sandbox/invoicing/documents.json</a></p>
<table><thead><tr><th>Tipo</th><th>Número</th><th>Código de referencia</th><th>Adquirente</th><th>Total</th><th>Estado</th><th>Creado</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

/** Builds the stand-in and listens (loopback and a free port by default). */
export async function startInvoicingStandIn(options: InvoicingStandInOptions): Promise<InvoicingStandIn & { app: InvoicingStandInApp }> {
  const app = buildInvoicingStandIn(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, app, close: () => app.close() };
}

export { FINAL_CONSUMER_ID };
