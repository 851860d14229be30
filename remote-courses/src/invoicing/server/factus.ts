// The electronic-invoicing provider's client (#30): Factus's REST API v1 (docs/decisions.md says why Factus), which numbers
// each invoice within the DIAN resolution, computes its CUFE, signs it, sends it to DIAN and answers with the CUFE, the
// QR and the PDF. The shapes are Factus's documented ones (developers.factus.com.co, v1); the local stand-in
// (sandbox/src/invoicing) answers them the same way, and a test records this client's requests against it.

/** The buyer as Factus's `customer` names them (v1 ids, not DIAN's codes). */
export interface FactusCustomer {
  identification_document_id: number;
  identification: string;
  dv?: string;
  /** 1 persona jurídica, 2 persona natural. */
  legal_organization_id: number;
  /** 18 responsable de IVA, 21 no aplica. */
  tribute_id: number;
  company?: string;
  names?: string;
  email?: string;
  phone?: string;
  address?: string;
}

export interface FactusItem {
  code_reference: string;
  name: string;
  quantity: number;
  discount_rate: number;
  /** v1: the unit price with taxes included. */
  price: number;
  /** "19.00", "0.00". */
  tax_rate: string;
  /** 70: unidad. */
  unit_measure_id: number;
  /** 1: estándar de adopción del contribuyente. */
  standard_code_id: number;
  is_excluded: 0 | 1;
  /** 1: IVA. */
  tribute_id: number;
}

export interface FactusBillRequest {
  numbering_range_id: number;
  reference_code: string;
  observation?: string;
  /** "1" contado. */
  payment_form: string;
  payment_method_code: string;
  send_email?: boolean;
  customer: FactusCustomer;
  items: FactusItem[];
}

export interface FactusCreditNoteRequest {
  numbering_range_id: number;
  /** 2: anulación de factura electrónica. */
  correction_concept_code: number;
  /** 20: referencing an invoice. */
  customization_id: number;
  bill_id: number;
  reference_code: string;
  payment_method_code: string;
  observation?: string;
  send_email?: boolean;
  items: FactusItem[];
}

/** What the site keeps of an issued document (invoice or credit note). */
export interface IssuedDocument {
  providerId: number;
  number: string;
  referenceCode: string;
  /** CUFE for an invoice, CUDE for a credit note. */
  cufe: string;
  qrUrl: string;
  /** 1: validated by DIAN; 0: not yet (DIAN slow, or rejected: see `errors`). */
  status: number;
  errors: string[];
  validatedAt: Date | null;
  total: string;
}

/** The provider could not be reached or could not answer now: try again later (outage, timeout, 429, 5xx). */
export class InvoicingUnavailable extends Error {
  override name = 'InvoicingUnavailable';
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** The provider (or DIAN through it) refused the document: it will not pass unchanged. `reasons` are in Spanish. */
export class InvoicingRejected extends Error {
  override name = 'InvoicingRejected';
  constructor(readonly reasons: string[]) {
    super(reasons.join(' · '));
  }
}

/** The provider holds a document it has not validated (Factus's one pending slot) or already has this reference. */
export class InvoicingConflict extends Error {
  override name = 'InvoicingConflict';
}

export interface FactusClientOptions {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string; username: string; password: string };
  timeoutMs: number;
  /** For tests: the fetch to use (defaults to the global one). */
  fetch?: typeof fetch;
  now?: () => number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Factus's "DD-MM-YYYY hh:mm:ss AM/PM" (Bogotá time) as an instant; null when it is not one. */
export function parseFactusDate(text: string): Date | null {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy, hh, mi, ss, half] = m;
  let hour = Number(hh) % 12;
  if (half === 'PM') hour += 12;
  const at = new Date(`${yyyy}-${mm}-${dd}T${String(hour).padStart(2, '0')}:${mi}:${ss}-05:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Every way Factus words what went wrong, as Spanish sentences: `data.errors` or `errors` keyed by field or DIAN rule
 * (a string or a list each), a list of strings or of `{message}`, or only a `message`.
 */
export function factusReasons(body: unknown): string[] {
  const reasons: string[] = [];
  const collect = (errors: unknown) => {
    if (Array.isArray(errors)) {
      for (const e of errors) {
        if (typeof e === 'string') reasons.push(e);
        else if (isObject(e) && typeof e.message === 'string') reasons.push(e.message);
      }
    } else if (isObject(errors)) {
      for (const value of Object.values(errors)) {
        if (typeof value === 'string') reasons.push(value);
        else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') reasons.push(v);
      }
    }
  };
  if (isObject(body)) {
    if (isObject(body.data)) collect(body.data.errors);
    collect(body.errors);
    if (!reasons.length && isObject(body.data) && typeof body.data.message === 'string') reasons.push(body.data.message);
    if (!reasons.length && typeof body.message === 'string') reasons.push(body.message);
  }
  return reasons
    .map((r) => r.trim())
    .filter(Boolean)
    .slice(0, 20);
}

/** A DIAN rejection among a document's `errors` ("Regla: FAK24, Rechazo: …"); notices ("Notificación") are not. */
export const isRejection = (error: string) => /rechazo/i.test(error);

function issuedOf(doc: Json, kind: 'bill' | 'credit_note'): IssuedDocument {
  const errors = Array.isArray(doc.errors) ? doc.errors.filter((e): e is string => typeof e === 'string') : [];
  return {
    providerId: Number(doc.id),
    number: str(doc.number),
    referenceCode: str(doc.reference_code),
    cufe: str(kind === 'bill' ? doc.cufe : doc.cude),
    qrUrl: str(doc.qr),
    status: Number(doc.status ?? 0),
    errors,
    validatedAt: typeof doc.validated === 'string' ? parseFactusDate(doc.validated) : null,
    total: str(doc.total),
  };
}

export interface InvoicingClient {
  /** Creates and validates an invoice; the same `reference_code` again never makes a second one. */
  createBill(request: FactusBillRequest): Promise<IssuedDocument>;
  /** The invoice the provider holds under this reference code (any status), or null. */
  findBill(referenceCode: string): Promise<IssuedDocument | null>;
  /** Removes an invoice DIAN did not validate, so the provider takes the next one. */
  deleteBill(referenceCode: string): Promise<void>;
  billPdf(number: string): Promise<Uint8Array>;
  createCreditNote(request: FactusCreditNoteRequest): Promise<IssuedDocument>;
  findCreditNote(referenceCode: string): Promise<IssuedDocument | null>;
  deleteCreditNote(referenceCode: string): Promise<void>;
  creditNotePdf(number: string): Promise<Uint8Array>;
}

/** The Factus client: OAuth2 password grant (refreshed before it lapses), JSON calls with a deadline each. */
export function createFactusClient(options: FactusClientOptions): InvoicingClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');
  let token: { access: string; refresh: string | null; until: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function call(method: string, path: string, init: { form?: Record<string, string>; json?: unknown; auth?: string }) {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.auth) headers.authorization = `Bearer ${init.auth}`;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (err) {
      throw new InvoicingUnavailable(`El proveedor de facturación no respondió (${(err as Error).name}).`);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, retryAfter: response.headers.get('retry-after') };
  }

  async function grant(form: Record<string, string>): Promise<string> {
    const answer = await call('POST', '/oauth/token', { form });
    if (answer.status >= 500 || answer.status === 429)
      throw new InvoicingUnavailable(`El proveedor de facturación respondió ${answer.status}.`);
    const b = isObject(answer.body) ? answer.body : {};
    if (answer.status !== 200 || typeof b.access_token !== 'string')
      // Wrong credentials are the operator's to fix; the sale waits for them like for an outage, and the log says why.
      throw new InvoicingUnavailable(`El proveedor de facturación no aceptó las credenciales (${answer.status}): revisa FACTUS_*.`);
    const ttl = Number(b.expires_in ?? 600);
    token = {
      access: b.access_token,
      refresh: typeof b.refresh_token === 'string' ? b.refresh_token : null,
      // Renewed a minute before it lapses (at least half its life).
      until: now() + Math.max(ttl * 500, ttl * 1000 - 60_000),
    };
    return b.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && now() < token.until) return token.access;
    // One grant at a time: concurrent calls wait for the same one.
    pendingToken ??= (async () => {
      const { clientId, clientSecret, username, password } = options.credentials;
      try {
        if (token?.refresh)
          return await grant({
            grant_type: 'refresh_token',
            client_id: clientId,
            client_secret: clientSecret,
            refresh_token: token.refresh,
          });
      } catch {
        token = null;
      }
      return grant({ grant_type: 'password', client_id: clientId, client_secret: clientSecret, username, password });
    })().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** A call with the bearer token; one new token and one more try when the provider says it lapsed. */
  async function api(method: string, path: string, json?: unknown) {
    let answer = await call(method, path, { json, auth: await accessToken() });
    if (answer.status === 401) {
      // Lapsed: renewed with its refresh token (a password grant if that fails too).
      if (token) token.until = 0;
      answer = await call(method, path, { json, auth: await accessToken() });
    }
    if (answer.status === 429 || answer.status >= 500 || answer.status === 401 || answer.status === 402 || answer.status === 403) {
      const seconds = Number(answer.retryAfter);
      throw new InvoicingUnavailable(
        `El proveedor de facturación respondió ${answer.status}${factusReasons(answer.body).length ? `: ${factusReasons(answer.body).join(' · ')}` : ''}.`,
        Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null,
      );
    }
    return answer;
  }

  async function create(path: string, request: unknown, kind: 'bill' | 'credit_note'): Promise<IssuedDocument> {
    const answer = await api('POST', path, request);
    const data = isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : null;
    const doc = data && isObject(data[kind]) ? data[kind] : null;
    if ((answer.status === 200 || answer.status === 201) && doc) return issuedOf(doc, kind);
    if (answer.status === 409)
      throw new InvoicingConflict(factusReasons(answer.body).join(' · ') || 'Conflicto en el proveedor de facturación.');
    if (answer.status === 422 || answer.status === 400 || answer.status === 404)
      throw new InvoicingRejected(factusReasons(answer.body).length ? factusReasons(answer.body) : ['El proveedor rechazó el documento.']);
    throw new InvoicingUnavailable(`Respuesta inesperada del proveedor de facturación (${answer.status}).`);
  }

  async function find(path: string, referenceCode: string, kind: 'bill' | 'credit_note'): Promise<IssuedDocument | null> {
    const answer = await api('GET', `${path}?filter[reference_code]=${encodeURIComponent(referenceCode)}&page=1`);
    if (answer.status !== 200)
      throw new InvoicingUnavailable(`El proveedor de facturación respondió ${answer.status} al buscar ${referenceCode}.`);
    const data = isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : null;
    const rows = data && Array.isArray(data.data) ? data.data : [];
    const row = rows.find((r): r is Json => isObject(r) && r.reference_code === referenceCode);
    if (!row) return null;
    // The list leaves out the CUFE and the QR: the document itself has them.
    const shown = await api(
      'GET',
      kind === 'bill' ? `/v1/bills/show/${encodeURIComponent(str(row.number))}` : `/v1/credit-notes/${encodeURIComponent(str(row.number))}`,
    );
    const shownData = isObject(shown.body) && isObject(shown.body.data) ? shown.body.data : null;
    const doc = shownData && isObject(shownData[kind]) ? shownData[kind] : null;
    if (shown.status !== 200 || !doc)
      throw new InvoicingUnavailable(`El proveedor de facturación no mostró ${str(row.number)} (${shown.status}).`);
    return issuedOf(doc, kind);
  }

  async function remove(path: string): Promise<void> {
    const answer = await api('DELETE', path);
    if (answer.status !== 200 && answer.status !== 204 && answer.status !== 404)
      throw new InvoicingUnavailable(`El proveedor de facturación no borró el documento pendiente (${answer.status}).`);
  }

  async function pdf(path: string): Promise<Uint8Array> {
    const answer = await api('GET', path);
    const data = isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : null;
    if (answer.status !== 200 || !data || typeof data.pdf_base_64_encoded !== 'string')
      throw new InvoicingUnavailable(`El proveedor de facturación no entregó el PDF (${answer.status}).`);
    return Buffer.from(data.pdf_base_64_encoded, 'base64');
  }

  return {
    createBill: (request) => create('/v1/bills/validate', request, 'bill'),
    findBill: (referenceCode) => find('/v1/bills', referenceCode, 'bill'),
    deleteBill: (referenceCode) => remove(`/v1/bills/destroy/reference/${encodeURIComponent(referenceCode)}`),
    billPdf: (number) => pdf(`/v1/bills/download-pdf/${encodeURIComponent(number)}`),
    createCreditNote: (request) => create('/v1/credit-notes/validate', request, 'credit_note'),
    findCreditNote: (referenceCode) => find('/v1/credit-notes', referenceCode, 'credit_note'),
    deleteCreditNote: (referenceCode) => remove(`/v1/credit-notes/reference/${encodeURIComponent(referenceCode)}`),
    creditNotePdf: (number) => pdf(`/v1/credit-notes/download-pdf/${encodeURIComponent(number)}`),
  };
}
