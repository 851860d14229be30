import { describe, expect, it } from '@jest/globals';
import { createFactusClient, factusReasons, InvoicingConflict, InvoicingRejected, InvoicingUnavailable, parseFactusDate } from './factus';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch that answers from a script and records each request. */
function scripted(answers: Array<Answer | ((url: string, init: RequestInit) => Answer)>) {
  const requests: Array<{ url: string; method: string; headers: Record<string, string>; body: string | undefined }> = [];
  const fetchFn = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    });
    const next = answers.shift();
    if (!next) throw new TypeError('fetch failed');
    const answer = typeof next === 'function' ? next(url, init) : next;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  }) as typeof fetch;
  return { fetchFn, requests };
}

const token = (expires = 600): Answer => ({
  status: 200,
  body: { token_type: 'Bearer', expires_in: expires, access_token: 'tok-1', refresh_token: 'ref-1' },
});
const bill = {
  id: 7,
  number: 'SETP990000007',
  reference_code: 'FV-1',
  status: 1,
  cufe: 'ab'.repeat(48),
  qr: 'https://q',
  validated: '28-11-2026 02:05:09 PM',
  total: '119900.00',
  errors: [],
};
const credentials = { clientId: 'c', clientSecret: 's', username: 'u@x.co', password: 'p' };

/** The Factus client (#30): its token, its errors, and what it makes of each answer. */
describe('Factus client', () => {
  it('takes a token by password grant once, sends it as a bearer, and reads the validated invoice', async () => {
    const { fetchFn, requests } = scripted([
      token(),
      { status: 201, body: { status: 'Created', data: { bill } } },
      { status: 201, body: { data: { bill } } },
    ]);
    const client = createFactusClient({ baseUrl: 'https://api.factus.test/', credentials, timeoutMs: 1000, fetch: fetchFn });
    const doc = await client.createBill({} as never);
    await client.createBill({} as never);
    expect(doc).toMatchObject({ providerId: 7, number: 'SETP990000007', status: 1, cufe: 'ab'.repeat(48) });
    expect(doc.validatedAt?.toISOString()).toBe('2026-11-28T19:05:09.000Z');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST https://api.factus.test/oauth/token',
      'POST https://api.factus.test/v1/bills/validate',
      'POST https://api.factus.test/v1/bills/validate',
    ]);
    expect(new URLSearchParams(requests[0]?.body).get('grant_type')).toBe('password');
    expect(requests[1]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('renews a token the provider says lapsed and tries once more', async () => {
    const { fetchFn, requests } = scripted([
      token(),
      { status: 401, body: { message: 'Unauthenticated.' } },
      token(),
      { status: 201, body: { data: { bill } } },
    ]);
    const client = createFactusClient({ baseUrl: 'https://api.factus.test', credentials, timeoutMs: 1000, fetch: fetchFn });
    await expect(client.createBill({} as never)).resolves.toMatchObject({ number: 'SETP990000007' });
    expect(new URLSearchParams(requests[2]?.body).get('grant_type')).toBe('refresh_token');
  });

  it('tells an outage, a rejection and a conflict apart', async () => {
    const client = (answers: Answer[]) =>
      createFactusClient({
        baseUrl: 'https://api.factus.test',
        credentials,
        timeoutMs: 1000,
        fetch: scripted([token(), ...answers]).fetchFn,
      });
    await expect(client([{ status: 503, body: { message: 'Mantenimiento' } }]).createBill({} as never)).rejects.toBeInstanceOf(
      InvoicingUnavailable,
    );
    const limited = client([{ status: 429, headers: { 'retry-after': '60' } }]).createBill({} as never);
    await expect(limited).rejects.toMatchObject({ retryAfterMs: 60_000 });
    await expect(client([]).createBill({} as never)).rejects.toBeInstanceOf(InvoicingUnavailable);
    const dian = {
      status: 'Validation error',
      message: 'El documento contiene errores de validación',
      data: { errors: { FAK24: 'Regla: FAK24, Rechazo: No está informado el DV del NIT' } },
    };
    await expect(client([{ status: 422, body: dian }]).createBill({} as never)).rejects.toEqual(
      new InvoicingRejected(['Regla: FAK24, Rechazo: No está informado el DV del NIT']),
    );
    await expect(
      client([{ status: 409, body: { status: 'Conflict', message: 'Se encontró una factura pendiente por enviar a la DIAN' } }]).createBill(
        {} as never,
      ),
    ).rejects.toBeInstanceOf(InvoicingConflict);
  });

  it('finds a document by its reference code, and reads its PDF', async () => {
    const { fetchFn, requests } = scripted([
      token(),
      { status: 200, body: { data: { data: [{ number: 'SETP990000007', reference_code: 'FV-1' }], pagination: {} } } },
      { status: 200, body: { data: { bill } } },
      { status: 200, body: { data: { data: [], pagination: {} } } },
      { status: 200, body: { data: { file_name: 'fv', pdf_base_64_encoded: Buffer.from('%PDF-1.7').toString('base64') } } },
    ]);
    const client = createFactusClient({ baseUrl: 'https://api.factus.test', credentials, timeoutMs: 1000, fetch: fetchFn });
    await expect(client.findBill('FV-1')).resolves.toMatchObject({ number: 'SETP990000007', cufe: 'ab'.repeat(48) });
    await expect(client.findBill('FV-2')).resolves.toBeNull();
    expect(Buffer.from(await client.billPdf('SETP990000007')).toString()).toBe('%PDF-1.7');
    expect(requests[1]?.url).toBe('https://api.factus.test/v1/bills?filter[reference_code]=FV-1&page=1');
    expect(requests[2]?.url).toBe('https://api.factus.test/v1/bills/show/SETP990000007');
  });

  it('reads every way Factus words its errors, and its dates', () => {
    expect(factusReasons({ data: { errors: { 'customer.names': ['El campo es obligatorio.'] } } })).toEqual(['El campo es obligatorio.']);
    expect(factusReasons({ data: { errors: ['Regla: 90, Rechazo: Documento procesado anteriormente.'] } })).toEqual([
      'Regla: 90, Rechazo: Documento procesado anteriormente.',
    ]);
    expect(factusReasons({ errors: [{ code: 1, message: 'Sin permiso' }] })).toEqual(['Sin permiso']);
    expect(factusReasons({ message: 'Algo' })).toEqual(['Algo']);
    expect(parseFactusDate('01-02-2026 12:00:00 AM')?.toISOString()).toBe('2026-02-01T05:00:00.000Z');
    expect(parseFactusDate('2026-02-01')).toBeNull();
  });
});
