import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HONEYPOT_FIELD } from 'shared/schemas/common';
import { createTestIdentity } from 'shared/server/identity-testing';
import { courseCatalogueService } from 'shared/server/services';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { fakeStaffAccounts, seatInDatabase, staffToken } from 'shared/server/staff-testing';
import type { Gateway } from './app';
import { testGateway } from './testing';
import { siteDomains } from '../../../site/server';

// Every route of the composed gateway, taken from its own OpenAPI document, gets bodies, query strings and path
// parameters with control characters and other junk in each field: none may answer 5xx (PostgreSQL and PGlite refuse
// U+0000 in text, which used to surface as 500s).

// Staff routes (`security` in the document) are fuzzed as a member of the team: without a token they stop at 401
// before reading anything, which would test nothing.
const identity = createTestIdentity();
// The team in the gateway's own database (so the invitation routes run for real), with a fake identity provider.
const accounts = fakeStaffAccounts();
// PostgreSQL's test database outlives a run (and this file does not empty it): a member of this run's own.
const fuzzer = `fuzz-${Date.now()}@fundacion.org`;
const staffAuthorization = { authorization: `Bearer ${staffToken(identity, { email: fuzzer, admin: true })}` };

const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const databases: Array<[string, { databaseUrl?: string }]> = [['PGlite', {}]];
if (databaseUrl) databases.push(['PostgreSQL', { databaseUrl }]);

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Array<{ in: string; name: string }>;
  body?: JsonSchema;
  staffOnly: boolean;
}

/** Values JSON Schema cannot tell (zod refinements, the catalogue), so the baseline bodies reach the database. */
const knownFields: Record<string, unknown> = {
  // A real module, from the courses domain's catalogue through the composition (the gateway imports no manifest).
  module_name: siteDomains.services.get(courseCatalogueService).moduleNames('desarrollo-software')[0],
  donation_amount: '50000',
  optional_donation_amount: '',
  age: '30',
  id: '1234567890123456',
  // The enrolment's company buyer (#30): a NIT with its check digit.
  buyer_nit: '901.234.567-7',
};

const stringCandidates = ['Texto de prueba', 'fuzz@example.com', '1020304050', 'ABCDEFGHIJKLMNOPQR_1', '2000-01-01'];

/** A value the schema accepts as far as JSON Schema tells (zod refinements may still refuse it: that is fine). */
function sample(schema: JsonSchema, name = ''): unknown {
  if (name in knownFields) return knownFields[name];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sample(option, name);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? { type: 'string' }, name));
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    default: {
      if (name === HONEYPOT_FIELD) return '';
      if (/phone|telefono|celular/i.test(name)) return '3001234567';
      const fits = (s: string) =>
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Infinity) &&
        (!schema.pattern || new RegExp(schema.pattern).test(s));
      return stringCandidates.find(fits) ?? 'a'.repeat(schema.minLength ?? 1);
    }
  }
}

/** Dotted paths (zod's field names) of every string in a sample body. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

/** Every leaf path of a sample body, whatever its type. */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [path];
}

function withValue(body: unknown, path: string[], make: (old: unknown) => unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  target[last] = make(target[last]);
  return copy;
}

const controlCharacters = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f', '\r'];

const junkValues: Array<[string, unknown]> = [
  ['NUL in text', 'Texto\u0000 con NUL'],
  ['an escape sequence', '\u001b[31mrojo'],
  ['a lone surrogate', '\ud800'],
  ['a reversed pair of surrogates', '\udc00\ud800'],
  ['non-characters', '\ufffe\uffff'],
  ['a right-to-left override', 'abc\u202edef'],
  ['emoji', '💥🇨🇴'],
  ['10 000 characters', 'x'.repeat(10_000)],
  ['SQL', "'; drop table mail.outbox; --"],
  ['a percent-encoded NUL as text', '%00'],
  ['a number', 123],
  ['a negative number', -1],
  ['a huge number', 1e308],
  ['a fraction', 0.5],
  ['null', null],
  ['true', true],
  ['an array', ['a', 'b']],
  ['an object', { $gt: '' }],
  ['a nested object with NUL', { a: '\u0000' }],
];

describe.each(databases)('every API route under fuzzing, on %s', (_name, db) => {
  let gw: Gateway;
  const routes: Route[] = [];
  const results: Array<{ label: string; status: number }> = [];
  /** Every word a 4xx answer of the fuzzing said (its message and each field's). */
  const said: Array<{ label: string; text: string }> = [];
  beforeAll(async () => {
    gw = await testGateway(
      { writeLimit: { max: 1_000_000, timeWindow: 60_000 }, ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}) },
      {},
      // Keeps checkouts and payment reads off the network.
      { payments: new FakePaymentProvider(), identity: identity.verifier, staff: (db) => databaseStaffDirectory(db, accounts) },
    );
    await seatInDatabase(gw.database.db, accounts, {
      email: fuzzer,
      roles: ['atencion', 'comunidad', 'cursos', 'finanzas', 'contenido', 'datos', 'admin'],
    });
    const doc = (await gw.app.inject('/api/openapi.json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody?.content?.['application/json']?.schema;
        routes.push({
          method: method.toUpperCase() as Route['method'],
          path,
          parameters: op.parameters ?? [],
          staffOnly: Boolean(op.security?.length),
          ...(body ? { body } : {}),
        });
      }
  });
  afterAll(async () => gw.app.close());

  const urlOf = (route: Route, paramValue = 'abc123') => route.path.replace(/\{([^}]+)\}/g, () => encodeURIComponent(paramValue));

  const send = async (label: string, route: Route, options: { url?: string; payload?: unknown; raw?: string }) => {
    const url = options.url ?? urlOf(route);
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const auth = route.staffOnly ? staffAuthorization : {};
    const res = await gw.app.inject({
      method: route.method,
      url,
      ...(hasBody
        ? { payload: options.raw ?? JSON.stringify(options.payload ?? {}), headers: { 'content-type': 'application/json', ...auth } }
        : { headers: auth }),
    });
    results.push({ label: `${route.method} ${url} ${label}`, status: res.statusCode });
    if (res.statusCode >= 400 && res.statusCode < 500 && /json/.test(String(res.headers['content-type']))) {
      const body = res.json<{ message?: unknown; fields?: Record<string, unknown> }>();
      for (const text of [body.message, ...Object.values(body.fields ?? {})])
        if (typeof text === 'string') said.push({ label: `${route.method} ${url} ${label}`, text });
    }
    return res;
  };

  it('finds the routes of every API in the merged document', () => {
    const apis = new Set(routes.map((r) => r.path.split('/')[2]));
    expect([...apis].sort()).toEqual(['account', 'community', 'courses', 'giving', 'site']);
  });

  it('refuses a control character in each string field with a Spanish 400 naming that field', async () => {
    let checked = 0;
    for (const route of routes.filter((r) => r.body)) {
      const base = sample(route.body!);
      for (const path of stringPaths(base))
        for (const char of controlCharacters) {
          const res = await send(`${path.join('.')} + U+${char.charCodeAt(0).toString(16)}`, route, {
            payload: withValue(base, path, (old) => `${String(old)}${char}${char === '\r' ? 'x' : ''}`),
          });
          const field = path.join('.');
          expect([route.path, field, res.statusCode]).toEqual([route.path, field, 400]);
          expect(res.json()).toEqual({
            error: 'validation_error',
            message: 'Revisa los datos enviados: hay campos con errores.',
            fields: { [field]: 'Este campo contiene caracteres no permitidos.' },
          });
          checked++;
        }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses control characters in path parameters and query strings of every route', async () => {
    for (const route of routes) {
      for (const char of ['\u0000', '\u001b']) {
        const inQuery = await send('query', route, { url: `${urlOf(route)}?data.id=${encodeURIComponent(`1${char}`)}&type=payment` });
        expect([route.path, inQuery.statusCode, inQuery.json<{ fields?: object }>().fields]).toEqual([
          route.path,
          400,
          { 'data.id': 'Este campo contiene caracteres no permitidos.' },
        ]);
        if (route.path.includes('{')) {
          const inParam = await send('param', route, { url: urlOf(route, `a${char}b`) });
          expect([route.path, inParam.statusCode]).toEqual([route.path, 400]);
        }
      }
    }
  });

  it('never answers 5xx to junk in any field, nor to a body without one', async () => {
    for (const route of routes) {
      const base = route.body ? sample(route.body) : { type: 'payment', data: { id: '1' } };
      await send('baseline', route, { payload: base });
      for (const path of leafPaths(base))
        for (const [label, junk] of junkValues)
          await send(`${path.join('.')} = ${label}`, route, { payload: withValue(base, path, () => junk) });
      for (const raw of ['', '{', 'null', '[]', '"\\u0000"', '{"a":"\\u0000"}', '['.repeat(5000) + ']'.repeat(5000)])
        await send(`raw ${raw.slice(0, 12)}`, route, { raw });
      await send('unknown fields', route, { payload: { ...(base as object), extra: 'x'.repeat(100) } });
    }
    const failures = results.filter((r) => r.status >= 500);
    expect(failures).toEqual([]);
    expect(results.length).toBeGreaterThan(500);
  });

  it('explains each refusal of the fuzzing above in Spanish, never with a regular expression', () => {
    expect(said.length).toBeGreaterThan(500);
    expect(said.filter(({ text }) => /patr[oó]n|\/\^|\bregex\b|\bInvalid\b|\bExpected\b/i.test(text))).toEqual([]);
  });

  it('marks every API answer of the fuzzing above not to be stored by any cache, but the public listings', async () => {
    // Answers the same for everyone and hold no personal data: course dates and seats, the campaign's progress.
    const publicListings = new Set(['GET /api/courses/cohorts', 'GET /api/giving/campaign']);
    for (const route of routes) {
      const res = await send('cache', route, { payload: route.body ? sample(route.body) : {} });
      const key = `${route.method} ${route.path}`;
      const expected = publicListings.has(key) && res.statusCode === 200 ? expect.stringMatching(/^public, max-age=\d+$/) : 'no-store';
      expect([key, res.headers['cache-control']]).toEqual([key, expected]);
    }
  });
});
