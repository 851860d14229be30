import { afterEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { addBusinessDays } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import {
  DATA_CODE_ATTEMPTS,
  DATA_CODE_GUESSES,
  type DataInboxResponse,
  type DataRequestCase,
  type FileDataRequestResponse,
} from '../src/data-requests/schemas';
import { migrateApis, mountApi } from 'shared/server/api-mount';
import { readAudit } from 'shared/server/audit';
import type { SiteDb } from 'shared/server/database';
import type { Database } from 'shared/server/db';
import { createHttpServer, registerRateLimit } from 'shared/server/http';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createMailer, type MailboxEntry, type Mailer } from 'shared/server/mailer';
import { createPersonalDataEngine } from '../../site/personal-data';
import type { IdentityAccounts } from 'shared/server/personal-data/identity-accounts';
import { createApiContext, readCommonConfig } from 'shared/server/server-config';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { testDatabases } from 'shared/server/test-databases';
import { runDataRequestDigest } from '../src/data-requests/server/digest';
import { retryAccountDeletions } from '../src/data-requests/server/account-deletion';
import type { PersonalDataEngine, PersonalDataFactory } from '../src/data-requests/server/personal-data';
import {
  CODES_PER_ADDRESS_PER_HOUR,
  CODES_PER_CLIENT_PER_ADDRESS_PER_HOUR,
  CODES_PER_IP_PER_HOUR,
} from '../src/data-requests/server/visitor';
import { createAccountApi } from './index';

const ORIGIN = 'http://127.0.0.1:8080';
const OWNER_IP = '192.0.2.10';
const LOCKED =
  'Escribiste varios códigos incorrectos desde esta conexión. Abre el enlace del correo que te enviamos o vuelve a intentarlo en una hora.';
const LINK_UNUSABLE =
  'Este enlace ya no sirve: se usó, venció o es de otro correo. Escribe el correo al que te llegó el enlace, o pide un código nuevo.';
const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org' });
staff.seat({ username: 'baja@fundacion.org', enabled: false });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });
const visitor = identity.token({ email: 'visitante@correo.co' });

// Monday 16 March 2026, 10:00 in Bogotá. San José is observed on Monday 23 March; Holy Thursday and Friday are 2 and 3 April.
const START = new Date('2026-03-16T15:00:00Z');
const at = (isoDate: string) => new Date(`${isoDate}T15:00:00Z`);

/** The personal-data engine as the routes see it, recording what it was asked. */
function fakeEngine() {
  const calls: Array<['export' | 'erase', string]> = [];
  const engine: PersonalDataEngine = {
    async exportFor(email) {
      calls.push(['export', email]);
      return {
        json: JSON.stringify({ email, inscripciones: [{ curso: 'Ofimática' }] }),
        pdf: new Uint8Array([37, 80, 68, 70, 45]),
        records: 3,
      };
    },
    async eraseData(_trx, email) {
      calls.push(['erase', email]);
      return { inscripciones: 2, pagos_anonimizados: 1 };
    },
    async removeAccount() {
      return false;
    },
  };
  return { engine, calls };
}

/**
 * The site's engine on the test's database, with an identity provider in miniature that records deletions and can be
 * down. `eraseGate`: the next database erasure waits for it (a slow erasure), so a second request can arrive meanwhile.
 */
function siteEngine(emails: string[]) {
  const provider = { users: new Set(emails), removes: [] as string[], down: false, erasures: 0, eraseGate: null as Promise<void> | null };
  const accounts: IdentityAccounts = {
    async find(email) {
      return provider.users.has(email) ? { attributes: { email }, createdAt: null, enabled: true, status: 'CONFIRMED' } : null;
    },
    async remove(email) {
      provider.removes.push(email);
      if (provider.down) throw new Error('sin red');
      return provider.users.delete(email);
    },
  };
  const factory: PersonalDataFactory = (c) => {
    const engine = createPersonalDataEngine({ db: c.db, accounts });
    return {
      ...engine,
      async eraseData(trx, email) {
        provider.erasures += 1;
        const gate = provider.eraseGate;
        provider.eraseGate = null;
        if (gate) await gate;
        return engine.eraseData(trx, email);
      },
    };
  };
  return { provider, factory };
}

describe.each(testDatabases)('data subject requests (Ley 1581) on %s', (_name, open) => {
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let mailer: Mailer | undefined;
  let clock = START;
  // The staff schema (audit) outlives the PostgreSQL reset of each test, and radicados restart: each test reads its own rows.
  let since = new Date();
  afterEach(async () => {
    await app?.close();
    mailer?.close();
    await database?.close();
    database = app = mailer = undefined;
    clock = START;
  });

  async function start(options: { personalData?: PersonalDataFactory } = {}) {
    since = new Date(Date.now() - 5);
    database = await open();
    const fake = fakeEngine();
    const api = createAccountApi({ dataRequests: { now: () => clock, personalData: options.personalData ?? (() => fake.engine) } });
    await migrateApis(database.db, [api]);
    app = createHttpServer({ logLevel: 'silent' });
    mailer = createMailer({ db: database.db, log: app.log });
    const base = createApiContext(readCommonConfig({}, ORIGIN), database.db, mailer, { identity: identity.verifier, staff });
    const ctx = { ...base, settings: { ...base.settings, writeLimit: { max: 1000, timeWindow: 60_000 } } };
    await registerRateLimit(app, { max: 1000, timeWindowMs: 60_000 });
    await mountApi(app, api, ctx);
    await app.ready();
    return { app, db: database.db, mailer, ctx, calls: fake.calls };
  }

  let ipSeq = 0;
  const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const askCode = (a: FastifyInstance, email: string, ip = freshIp()) =>
    a.inject({ method: 'POST', url: '/api/account/data-requests/codigo', payload: { email }, remoteAddress: ip });
  const mailsTo = async (m: Mailer, to: string): Promise<MailboxEntry[]> => (await m.list(1000)).filter((x) => x.to === to);
  const codeIn = (mail: MailboxEntry | undefined) => /Código: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
  const request = {
    kind: 'acceso',
    details: 'Quiero saber qué datos míos tienen, incluida mi cédula 1.020.304.050.',
    name: 'Martina Ñáñez',
  };
  const fileFrom = (a: FastifyInstance, body: Record<string, unknown>, ip: string) =>
    a.inject({ method: 'POST', url: '/api/account/data-requests', payload: body, remoteAddress: ip });
  const fileWith = (a: FastifyInstance, body: Record<string, unknown>) => fileFrom(a, body, freshIp());
  const linkIn = (mail: MailboxEntry | undefined) => /\/datos-personales\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
  /** Asks for a code as a visitor does, reads it from the mailbox, and files the request with it. */
  async function file(a: FastifyInstance, m: Mailer, email: string, over: Record<string, unknown> = {}): Promise<FileDataRequestResponse> {
    expect((await askCode(a, email)).statusCode).toBe(200);
    const code = codeIn((await mailsTo(m, email)).find((x) => x.subject.startsWith('Tu código')));
    const res = await fileWith(a, { ...request, email, code, ...over });
    expect(res.statusCode).toBe(201);
    return res.json<FileDataRequestResponse>();
  }
  const staffCall = (a: FastifyInstance, method: 'GET' | 'POST', url: string, token: string | null = ana, payload?: object) =>
    a.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  const caseOf = async (a: FastifyInstance, radicado: string) => {
    const res = await staffCall(a, 'GET', `/api/account/staff/data-requests/${radicado}`);
    expect(res.statusCode).toBe(200);
    return res.json<DataRequestCase>();
  };
  /** What the team did to a request since the test started (its reads, audited too, left out). */
  const auditOf = async (db: SiteDb, radicado: string) =>
    (await readAudit(db, { limit: 50, entity: 'data_request', entityId: radicado })).filter(
      (r) => r.at >= since && r.action !== 'account.data.read',
    );

  it('files nothing without a verified code, and e-mails the code only to the typed address, without the visitor’s text', async () => {
    const { app: a, db, mailer: m } = await start();
    const email = 'martina@example.com';
    const none = await fileWith(a, { ...request, email, code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: 'code_invalid',
      fields: { code: 'El código no es válido o ya venció. Abre el enlace del correo que te enviamos o pide un código nuevo.' },
    });
    const missing = await fileWith(a, { ...request, email });
    expect(missing.statusCode).toBe(400);

    const asked = await askCode(a, email);
    expect(asked.statusCode).toBe(200);
    const all = await m.list(1000);
    expect(all).toHaveLength(1);
    const [mail] = all;
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toBe(`Tu código para una solicitud sobre tus datos personales - ${site.name}`);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail?.text).not.toContain('Martina');
    // Neither the code nor the address is stored.
    const stored = await db.selectFrom('account.data_request_codes').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(codeIn(mail));
    expect(JSON.stringify(stored)).not.toContain('martina');
    expect(await db.selectFrom('account.data_requests').selectAll().execute()).toEqual([]);

    // A bot filling the hidden field gets no code.
    const bot = await a.inject({ method: 'POST', url: '/api/account/data-requests/codigo', payload: { email, website: 'x' } });
    expect(bot.statusCode).toBe(400);
    expect(await m.list(1000)).toHaveLength(1);

    // A code proves only its own address.
    const other = await fileWith(a, { ...request, email: 'otra@example.com', code: codeIn(mail) });
    expect(other.statusCode).toBe(400);

    const res = await fileWith(a, { ...request, email: ' Martina@Example.com ', code: codeIn(mail) });
    expect(res.statusCode).toBe(201);
    const filed = res.json<FileDataRequestResponse>();
    expect(filed).toMatchObject({ success: true, radicado: 'DP-2026-000001', kind: 'acceso', termDays: 10, dueDate: '2026-03-31' });

    const ack = (await mailsTo(m, email)).find((x) => x.subject.startsWith('Recibimos'));
    expect(ack?.subject).toBe(`Recibimos tu solicitud sobre tus datos personales DP-2026-000001 - ${site.name}`);
    expect(ack?.text).toContain(`Fecha límite de respuesta: ${formatLongDate('2026-03-31')}`);
    expect(ack?.text).not.toContain('cédula');
    expect(ack?.text).not.toContain('Martina');

    // The code works once.
    const again = await fileWith(a, { ...request, email, code: codeIn(mail) });
    expect(again.statusCode).toBe(400);
  });

  it('limits wrong codes to 5 tries per client, lets a code expire after 15 minutes, and rate-limits code e-mails per address and per client', async () => {
    const { app: a, mailer: m } = await start();
    const email = 'intentos@example.com';
    await askCode(a, email);
    const code = codeIn((await mailsTo(m, email))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 6; i++) tries.push(await fileFrom(a, { ...request, email, code: wrong }, '10.7.7.7'));
    expect(tries.map((r) => [r.statusCode, r.json<{ message: string }>().message])).toEqual([
      [400, 'El código no es correcto. Te quedan 4 intentos.'],
      [400, 'El código no es correcto. Te quedan 3 intentos.'],
      [400, 'El código no es correcto. Te quedan 2 intentos.'],
      [400, 'El código no es correcto. Te queda 1 intento.'],
      [429, LOCKED],
      [429, LOCKED],
    ]);
    // That client's guessing is locked, even with the right code.
    expect((await fileFrom(a, { ...request, email, code }, '10.7.7.7')).statusCode).toBe(429);

    const late = 'tarde@example.com';
    await askCode(a, late);
    const lateCode = codeIn((await mailsTo(m, late))[0]);
    clock = new Date(START.getTime() + 15 * 60_000 + 1000);
    const expired = await fileWith(a, { ...request, email: late, code: lateCode });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      message: 'El código no es válido o ya venció. Abre el enlace del correo que te enviamos o pide un código nuevo.',
    });

    // Past the address's budget the answer is the same and nothing is sent; an hour later it is sent again.
    const busy = 'muchos@example.com';
    const answers = [];
    for (let i = 0; i < CODES_PER_ADDRESS_PER_HOUR + 2; i++) answers.push(await askCode(a, busy));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(CODES_PER_ADDRESS_PER_HOUR + 2).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await mailsTo(m, busy)).toHaveLength(CODES_PER_ADDRESS_PER_HOUR);
    clock = new Date(clock.getTime() + 3600_000 + 1000);
    expect((await askCode(a, busy)).statusCode).toBe(200);
    expect(await mailsTo(m, busy)).toHaveLength(CODES_PER_ADDRESS_PER_HOUR + 1);

    // One client asking for many addresses: its own limit, a 429 that says nothing about any address.
    for (let i = 0; i < CODES_PER_IP_PER_HOUR; i++) expect((await askCode(a, `ip${i}@example.com`, '10.9.9.9')).statusCode).toBe(200);
    const tooMany = await askCode(a, 'ip-extra@example.com', '10.9.9.9');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ message: 'Pediste varios códigos seguidos. Espera unos minutos antes de pedir otro.' });
  });

  // ── A stranger who knows a person's address cannot stop them from exercising a right (Ley 1581 art. 8) ──────────────

  it('a stranger spending the code e-mails of an address locks nobody out: same answer, and the owner gets in by any e-mail’s link or a verified session', async () => {
    const { app: a, db, mailer: m } = await start();
    const victim = 'titular@example.com';
    // The attack: four code requests for the victim's address, from a few networks.
    const stranger = [];
    for (let i = 0; i < 4; i++) stranger.push(await askCode(a, victim, `198.51.100.${i + 1}`));
    expect(stranger.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(stranger.map((r) => r.body)).size).toBe(1);
    expect(await mailsTo(m, victim)).toHaveLength(CODES_PER_ADDRESS_PER_HOUR);

    // The owner asks: the very same answer (it tells nobody that someone asked), nothing more in the mailbox…
    const own = await askCode(a, victim, OWNER_IP);
    expect([own.statusCode, own.body]).toEqual([200, stranger[0]?.body]);
    const mails = await mailsTo(m, victim);
    expect(mails).toHaveLength(CODES_PER_ADDRESS_PER_HOUR);
    // …but every e-mail the stranger caused carries a link that proves the mailbox, for a day.
    const link = linkIn(mails.at(-1));
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mails.at(-1)?.text).toContain(`${ORIGIN}/datos-personales?token=${link}`);
    clock = new Date(START.getTime() + 50 * 60_000); // its code has expired; the link has not
    const byLink = await fileFrom(a, { ...request, email: victim, link }, OWNER_IP);
    expect(byLink.statusCode).toBe(201);
    expect((await mailsTo(m, victim)).some((x) => x.subject.startsWith('Recibimos'))).toBe(true);
    // Once: the same link files nothing more, nor does it prove another address.
    expect((await fileFrom(a, { ...request, email: victim, link }, OWNER_IP)).json()).toMatchObject({
      error: 'link_invalid',
      message: LINK_UNUSABLE,
    });
    const other = linkIn(mails.at(0));
    expect((await fileFrom(a, { ...request, email: 'otra@example.com', link: other }, OWNER_IP)).statusCode).toBe(400);
    // A link stores nothing readable: its hash only.
    expect(JSON.stringify(await db.selectFrom('account.data_request_codes').selectAll().execute())).not.toContain(link);

    // Signed in with the verified address, no code or link at all.
    const session = await a.inject({
      method: 'POST',
      url: '/api/account/data-requests',
      payload: { ...request, kind: 'supresion', email: victim },
      headers: { authorization: `Bearer ${identity.token({ email: victim })}` },
      remoteAddress: OWNER_IP,
    });
    expect(session.statusCode).toBe(201);

    // One stranger alone cannot even spend the budget: a network triggers at most two of an address's e-mails.
    const second = 'segunda@example.com';
    for (let i = 0; i < 4; i++) expect((await askCode(a, second, '203.0.113.50')).statusCode).toBe(200);
    expect(await mailsTo(m, second)).toHaveLength(CODES_PER_CLIENT_PER_ADDRESS_PER_HOUR);
    await askCode(a, second, OWNER_IP);
    expect(await mailsTo(m, second)).toHaveLength(CODES_PER_CLIENT_PER_ADDRESS_PER_HOUR + 1);
  });

  it('a stranger’s wrong codes lock the stranger, not the owner: the owner’s code still files from the owner’s own connection', async () => {
    const { app: a, mailer: m } = await start();
    const victim = 'adivinada@example.com';
    await askCode(a, victim, OWNER_IP);
    const code = codeIn((await mailsTo(m, victim))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < DATA_CODE_ATTEMPTS + 2; i++) await fileFrom(a, { ...request, email: victim, code: wrong }, '198.51.100.66');
    const res = await fileFrom(a, { ...request, email: victim, code }, OWNER_IP);
    expect(res.statusCode).toBe(201);
  });

  it('wrong codes from many clients stop the code from being typed, never the link of the same e-mail', async () => {
    const { app: a, mailer: m } = await start();
    const victim = 'muchas-redes@example.com';
    await askCode(a, victim, OWNER_IP);
    const [mail] = await mailsTo(m, victim);
    const code = codeIn(mail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < DATA_CODE_GUESSES; i++) await fileFrom(a, { ...request, email: victim, code: wrong }, `198.51.100.${100 + i}`);
    // Ten wrong guesses reached the code: typing it no longer works, even from the owner (guessing is what is locked)…
    const typed = await fileFrom(a, { ...request, email: victim, code }, OWNER_IP);
    expect([typed.statusCode, typed.json<{ error: string }>().error]).toEqual([400, 'code_invalid']);
    // …and its link, in the same e-mail, still proves the mailbox; the message said where to look.
    const byLink = await fileFrom(a, { ...request, email: victim, link: linkIn(mail) }, OWNER_IP);
    expect(byLink.statusCode).toBe(201);
    expect(typed.json<{ message: string }>().message).toBe(
      'El código no es válido o ya venció. Abre el enlace del correo que te enviamos o pide un código nuevo.',
    );
  });

  it('a code a stranger caused after the owner’s does not void the owner’s: any live code of the address files', async () => {
    const { app: a, mailer: m } = await start();
    const victim = 'primera@example.com';
    await askCode(a, victim, OWNER_IP);
    const owners = codeIn((await mailsTo(m, victim))[0]);
    await askCode(a, victim, '198.51.100.77');
    expect(await mailsTo(m, victim)).toHaveLength(2);
    const res = await fileFrom(a, { ...request, email: victim, code: owners }, OWNER_IP);
    expect(res.statusCode).toBe(201);
  });

  it('files without a code for a signed-in visitor whose verified token names the same address, and only then', async () => {
    const { app: a, mailer: m } = await start();
    const post = (token: string | null, email: string) =>
      a.inject({
        method: 'POST',
        url: '/api/account/data-requests',
        payload: { ...request, email },
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const verified = identity.token({ email: 'Cuenta@Example.com' });
    const ok = await post(verified, 'cuenta@example.com');
    expect(ok.statusCode).toBe(201);
    expect((await mailsTo(m, 'cuenta@example.com')).map((x) => x.subject.split(' DP-')[0])).toEqual([
      'Recibimos tu solicitud sobre tus datos personales',
    ]);
    // Another address, an unverified one, or no token at all: the code is still required.
    expect((await post(verified, 'otra@example.com')).statusCode).toBe(400);
    expect((await post(identity.token({ email: 'nueva@example.com' }, { email_verified: false }), 'nueva@example.com')).statusCode).toBe(
      400,
    );
    const anonymous = await post(null, 'cuenta@example.com');
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toMatchObject({ error: 'code_invalid', fields: { code: 'Escribe el código de 6 dígitos que te enviamos.' } });
  });

  it('answers the same whatever the site holds for the address', async () => {
    const { app: a, db, mailer: m } = await start();
    await file(a, m, 'conocida@example.com');
    await db
      .insertInto('account.payment_accounts')
      .values({ enrolment_reference: 'REF-1', payment_id: '1', email: 'conocida@example.com', outcome: 'created' })
      .execute();
    const known = await askCode(a, 'conocida@example.com');
    const unknown = await askCode(a, 'nadie@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    const k = await fileWith(a, { ...request, email: 'conocida@example.com', code: '999999' });
    const u = await fileWith(a, { ...request, email: 'nadie@example.com', code: '999999' });
    // A wrong code costs a try on both; neither answer depends on the data held.
    expect([k.statusCode, u.statusCode]).toEqual([400, 400]);
    expect(k.json()).toEqual(u.json());
    const filedKnown = await file(a, m, 'conocida@example.com', { kind: 'supresion' });
    const filedUnknown = await file(a, m, 'nadie@example.com', { kind: 'supresion' });
    expect(Object.keys(filedKnown)).toEqual(Object.keys(filedUnknown));
    expect(filedKnown.dueDate).toBe(filedUnknown.dueDate);
  });

  it('numbers radicados per year and sets the legal due date per kind on business days (holidays skipped)', async () => {
    const { app: a, mailer: m } = await start();
    const acceso = await file(a, m, 'a@example.com');
    const correccion = await file(a, m, 'b@example.com', { kind: 'correccion', correction: 'Mi apellido es Ñáñez, no Nanez.' });
    const supresion = await file(a, m, 'c@example.com', { kind: 'supresion' });
    const revocatoria = await file(a, m, 'd@example.com', { kind: 'revocatoria' });
    expect([acceso, correccion, supresion, revocatoria].map((f) => [f.radicado, f.termDays, f.dueDate])).toEqual([
      ['DP-2026-000001', 10, '2026-03-31'],
      ['DP-2026-000002', 15, '2026-04-09'],
      ['DP-2026-000003', 15, '2026-04-09'],
      ['DP-2026-000004', 15, '2026-04-09'],
    ]);
    expect(acceso.dueDate).toBe(addBusinessDays('2026-03-16', 10));
    const noCorrection = await fileWith(a, { ...request, kind: 'correccion', email: 'e@example.com', code: '123456' });
    expect(noCorrection.statusCode).toBe(400);
    expect(noCorrection.json()).toMatchObject({
      fields: { correction: 'Escribe qué datos debemos corregir o actualizar, y cómo deben quedar.' },
    });

    clock = at('2027-01-12');
    expect((await file(a, m, 'f@example.com')).radicado).toBe('DP-2027-000001');
  });

  it('keeps every staff route for the team: 401 without a token, 403 for a visitor or a removed member', async () => {
    const { app: a } = await start();
    const r = 'DP-2026-000001';
    const routes: Array<['GET' | 'POST', string, object | undefined]> = [
      ['POST', '/api/account/staff/data-requests/bandeja', {}],
      ['GET', `/api/account/staff/data-requests/${r}`, undefined],
      ['POST', `/api/account/staff/data-requests/${r}/en-tramite`, {}],
      ['POST', `/api/account/staff/data-requests/${r}/ampliacion`, { reason: 'x' }],
      ['POST', `/api/account/staff/data-requests/${r}/respuesta`, { response: 'x' }],
      ['POST', `/api/account/staff/data-requests/${r}/exportacion`, { response: 'x' }],
      ['POST', `/api/account/staff/data-requests/${r}/supresion`, { confirm: true, response: 'x' }],
      ['POST', `/api/account/staff/data-requests/${r}/completar`, { message: 'x' }],
      ['POST', `/api/account/staff/data-requests/${r}/reanudar`, {}],
      ['POST', `/api/account/staff/data-requests/${r}/desistida`, {}],
    ];
    for (const [method, url, body] of routes) {
      expect([url, (await staffCall(a, method, url, null, body)).statusCode]).toEqual([url, 401]);
      expect([url, (await staffCall(a, method, url, visitor, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await staffCall(a, method, url, staffToken(identity, { email: 'baja@fundacion.org' }), body)).statusCode]).toEqual([
        url,
        403,
      ]);
    }
    const missing = await staffCall(a, 'GET', `/api/account/staff/data-requests/${r}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'No encontramos una solicitud con ese radicado.' });
  });

  it('extends a term once, before it ends, by 5 business days for a consulta and 8 for a reclamo, telling the person', async () => {
    const { app: a, db, mailer: m } = await start();
    const consulta = await file(a, m, 'consulta@example.com');
    const reclamo = await file(a, m, 'reclamo@example.com', { kind: 'correccion', correction: 'Teléfono nuevo.' });
    const c = await caseOf(a, consulta.radicado);
    expect(c.actions.extend).toEqual({ allowed: true, reason: null, newDueDate: addBusinessDays('2026-03-31', 5), extensionDays: 5 });
    expect((await caseOf(a, reclamo.radicado)).actions.extend.newDueDate).toBe(addBusinessDays('2026-04-09', 8));

    const url = `/api/account/staff/data-requests/${consulta.radicado}/ampliacion`;
    expect((await staffCall(a, 'POST', url, ana, { reason: '  ' })).statusCode).toBe(400);
    clock = at('2026-03-31'); // the due date itself is still within the term
    const res = await staffCall(a, 'POST', url, ana, { reason: 'Debemos revisar el archivo físico.' });
    expect(res.statusCode).toBe(200);
    // 31 March + 5 business days: 1 April, (2 and 3 April: Holy Thursday and Friday), 6, 7, 8 and 9 April.
    expect(res.json<DataRequestCase>()).toMatchObject({
      dueDate: '2026-04-09',
      originalDueDate: '2026-03-31',
      extension: { reason: 'Debemos revisar el archivo físico.' },
    });
    const told = (await mailsTo(m, 'consulta@example.com')).find((x) => x.subject.startsWith('Ampliamos'));
    expect(told?.text).toContain(`Nueva fecha límite de respuesta: ${formatLongDate('2026-04-09')}`);
    expect(told?.text).toContain('Debemos revisar el archivo físico.');
    const second = await staffCall(a, 'POST', url, ana, { reason: 'Otra vez' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'El plazo de esta solicitud ya se amplió una vez: la ley no permite una segunda ampliación.',
    });

    clock = at('2026-04-10'); // the reclamo's term ended on 9 April
    const late = await staffCall(a, 'POST', `/api/account/staff/data-requests/${reclamo.radicado}/ampliacion`, ana, { reason: 'Tarde' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'term_over' });
    expect((await caseOf(a, reclamo.radicado)).urgency).toBe('vencida');

    expect((await auditOf(db, consulta.radicado)).map((r) => [r.action, r.actorEmail, r.detail])).toEqual([
      ['account.data.extend', 'ana@fundacion.org', { dueDate: '2026-04-09', previousDueDate: '2026-03-31' }],
    ]);
    expect(await auditOf(db, reclamo.radicado)).toEqual([]);
  });

  it('sends an incomplete reclamo back once within 5 business days (its term stops), resumes it, or closes it as withdrawn after two months', async () => {
    const { app: a, db, mailer: m } = await start();
    const acceso = await file(a, m, 'consulta-incompleta@example.com');
    const first = await file(a, m, 'incompleto@example.com', { kind: 'supresion' });
    const second = await file(a, m, 'otro-incompleto@example.com', { kind: 'correccion', correction: 'Mi teléfono.' });
    const tarde = await file(a, m, 'tarde-incompleto@example.com', { kind: 'revocatoria' });
    const url = (r: string, action: string) => `/api/account/staff/data-requests/${r}/${action}`;
    const ask = { message: 'Indícanos en qué formulario nos diste tus datos.' };

    expect((await caseOf(a, first.radicado)).actions.requestCompletion).toMatchObject({ allowed: true, deadline: '2026-03-24' });
    const consulta = await staffCall(a, 'POST', url(acceso.radicado, 'completar'), ana, ask);
    expect(consulta.statusCode).toBe(409);
    expect(consulta.json()).toMatchObject({
      message: 'Solo un reclamo (corrección, supresión o revocatoria) se devuelve para completarlo; una consulta se responde.',
    });

    clock = at('2026-03-25'); // 5 business days from 16 March end on the 24th (San José on the 23rd)
    const late = await staffCall(a, 'POST', url(tarde.radicado, 'completar'), ana, ask);
    expect(late.statusCode).toBe(409);
    expect((late.json() as { message: string }).message).toContain('el plazo terminó el 24 de marzo de 2026');

    clock = at('2026-03-18');
    const res = await staffCall(a, 'POST', url(first.radicado, 'completar'), ana, ask);
    expect(res.statusCode).toBe(200);
    expect(res.json<DataRequestCase>()).toMatchObject({
      status: 'Incompleta',
      urgency: null,
      businessDaysLeft: null,
      completion: { message: ask.message, withdrawFrom: '2026-05-19' },
      actions: { resume: { allowed: true }, requestCompletion: { allowed: false }, extend: { allowed: false } },
    });
    const mail = (await mailsTo(m, 'incompleto@example.com')).find((x) => x.subject.startsWith('Necesitamos más información'));
    expect(mail?.text).toContain(ask.message);
    expect(mail?.text).toContain('desde el 19 de mayo de 2026 entenderemos que desististe del reclamo');
    expect((await staffCall(a, 'POST', url(first.radicado, 'completar'), ana, ask)).statusCode).toBe(409);
    const inbox = (await staffCall(a, 'POST', '/api/account/staff/data-requests/bandeja', ana, {})).json<DataInboxResponse>();
    expect(inbox.counts).toMatchObject({ open: 3, incomplete: 1 });
    expect(inbox.items.map((i) => i.radicado)).not.toContain(first.radicado);

    // The other one comes back complete on 20 March: its 15 business days start again from the 23rd (a holiday) on.
    await staffCall(a, 'POST', url(second.radicado, 'completar'), ana, ask);
    clock = at('2026-03-20');
    const resumed = await staffCall(a, 'POST', url(second.radicado, 'reanudar'), ana, { note: 'Llegó por correo.' });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<DataRequestCase>()).toMatchObject({ status: 'En trámite', dueDate: addBusinessDays('2026-03-20', 15) });
    expect(resumed.json<DataRequestCase>().dueDate).toBe('2026-04-15');

    clock = at('2026-05-18');
    const early = await staffCall(a, 'POST', url(first.radicado, 'desistida'), ana, {});
    expect(early.statusCode).toBe(409);
    expect((early.json() as { message: string }).message).toContain('desde el 19 de mayo de 2026');
    clock = at('2026-05-19');
    const closed = await staffCall(a, 'POST', url(first.radicado, 'desistida'), ana, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json<DataRequestCase>()).toMatchObject({ status: 'Desistida', request: null });
    expect((await mailsTo(m, 'incompleto@example.com')).some((x) => x.subject.startsWith('Cerramos tu solicitud'))).toBe(true);
    const row = await db.selectFrom('account.data_requests').selectAll().where('radicado', '=', first.radicado).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, name: null, details: null, outcome: 'desistida' });
    expect((await auditOf(db, first.radicado)).map((r) => r.action).sort()).toEqual(['account.data.incomplete', 'account.data.withdraw']);
    expect((await auditOf(db, second.radicado)).map((r) => r.action).sort()).toEqual(['account.data.incomplete', 'account.data.resume']);
  });

  it('answers an acceso with the copy: a personal link e-mailed to the person, that expires and cannot be altered; the team sees only a count', async () => {
    const { app: a, db, mailer: m, calls } = await start();
    const email = 'acceso@example.com';
    const filed = await file(a, m, email);
    const other = await file(a, m, 'otra-persona@example.com');
    const start2 = await staffCall(a, 'POST', `/api/account/staff/data-requests/${filed.radicado}/en-tramite`, ana, {});
    expect(start2.json<DataRequestCase>().status).toBe('En trámite');
    expect(
      (await staffCall(a, 'POST', `/api/account/staff/data-requests/${filed.radicado}/supresion`, ana, { confirm: true, response: 'x' }))
        .statusCode,
    ).toBe(409);

    clock = at('2026-03-20');
    const res = await staffCall(a, 'POST', `/api/account/staff/data-requests/${filed.radicado}/exportacion`, ana, {
      response: 'Hola. Adjuntamos la copia de tus datos.',
    });
    expect(res.statusCode).toBe(200);
    const answered = res.json<DataRequestCase>();
    expect(answered).toMatchObject({ status: 'Respondida', request: null, export: { records: 3 }, urgency: null });
    expect(JSON.stringify(answered)).not.toContain('inscripciones');
    expect(calls).toEqual([['export', email]]);

    const mail = (await mailsTo(m, email)).find((x) => x.subject.startsWith('Respuesta'));
    expect(mail?.subject).toBe(`Respuesta a tu solicitud sobre tus datos personales ${filed.radicado} - ${site.name}`);
    const links = [
      ...(mail?.text ?? '').matchAll(
        /(http:\/\/127\.0\.0\.1:8080\/api\/account\/data-requests\/copia\/[A-Za-z0-9_-]{43}\/datos\.(?:pdf|json))/g,
      ),
    ].map((x) => x[1] ?? '');
    expect(links).toHaveLength(2);
    const path = (u: string) => u.replace(ORIGIN, '');
    const pdf = await a.inject({ method: 'GET', url: path(links.find((l) => l.endsWith('.pdf')) ?? '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const json = await a.inject({ method: 'GET', url: path(links.find((l) => l.endsWith('.json')) ?? '') });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('Ofimática');

    // Any change to the token is another (unknown) link; the other person's request has no copy to reach.
    const token = /copia\/([^/]+)\//.exec(links[0] ?? '')?.[1] ?? '';
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const tampered = await a.inject({ method: 'GET', url: `/api/account/data-requests/copia/${altered}/datos.json` });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toMatchObject({ error: 'link_gone' });
    expect((await a.inject({ method: 'GET', url: `/api/account/data-requests/copia/${token}/otro.json` })).statusCode).toBe(400);
    expect((await caseOf(a, other.radicado)).export).toBeNull();

    // The request keeps radicado, kind, dates and outcome; its contact data is gone.
    const row = await db.selectFrom('account.data_requests').selectAll().where('radicado', '=', filed.radicado).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: null, email: null, details: null, correction: null, outcome: 'exportada', kind: 'acceso' });
    expect(row.contact_erased_at).not.toBeNull();

    expect((await auditOf(db, filed.radicado)).map((r) => r.action).sort()).toEqual([
      'account.data.export',
      'account.data.respond',
      'account.data.start',
    ]);
    expect(JSON.stringify(await auditOf(db, filed.radicado))).not.toContain(email);

    clock = at('2026-03-28'); // 8 days later: the link expired
    expect((await a.inject({ method: 'GET', url: path(links[0] ?? '') })).statusCode).toBe(404);
    const again = await staffCall(a, 'POST', `/api/account/staff/data-requests/${filed.radicado}/exportacion`, ana, { response: 'x' });
    expect(again.statusCode).toBe(409);
  });

  it('erases a person’s data through the engine after the confirmation, answers them, and keeps no contact data in the request', async () => {
    const { app: a, db, mailer: m, calls } = await start();
    const email = 'borrar@example.com';
    const earlier = await file(a, m, email);
    await staffCall(a, 'POST', `/api/account/staff/data-requests/${earlier.radicado}/exportacion`, ana, { response: 'Tu copia.' });
    const filed = await file(a, m, email, { kind: 'supresion', details: 'Borren todo, mi teléfono es 3151112233.' });
    const url = `/api/account/staff/data-requests/${filed.radicado}/supresion`;
    const unconfirmed = await staffCall(a, 'POST', url, ana, { response: 'Listo.' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(calls.filter(([k]) => k === 'erase')).toEqual([]);
    expect(
      (await staffCall(a, 'POST', `/api/account/staff/data-requests/${filed.radicado}/exportacion`, ana, { response: 'x' })).statusCode,
    ).toBe(409);

    const res = await staffCall(a, 'POST', url, ana, { confirm: true, response: 'Suprimimos tus datos.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<DataRequestCase>()).toMatchObject({
      status: 'Respondida',
      request: null,
      erasure: { summary: { inscripciones: 2, pagos_anonimizados: 1 } },
      actions: { erase: { allowed: false } },
    });
    expect(calls.filter(([k]) => k === 'erase')).toEqual([['erase', email]]);
    const told = (await mailsTo(m, email)).filter((x) => x.subject.includes(filed.radicado) && x.subject.startsWith('Respuesta'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Suprimimos tus datos.');

    // No request row and no copy of data in the account schema holds the address or the phone any more.
    const rows = await sql<{ t: string }>`select row_to_json(r)::text as t from account.data_requests r`.execute(db);
    expect(rows.rows.map((r) => r.t).join('\n')).not.toMatch(/borrar@example\.com|3151112233/);
    expect(await db.selectFrom('account.data_request_exports').selectAll().execute()).toEqual([]);
    expect((await auditOf(db, filed.radicado)).map((r) => [r.action, r.detail])).toEqual(
      expect.arrayContaining([['account.data.erase', { summary: { inscripciones: 2, pagos_anonimizados: 1 } }]]),
    );
    expect((await staffCall(a, 'POST', url, ana, { confirm: true, response: 'Otra vez' })).statusCode).toBe(409);
  });

  /** A person with an account opened after a payment and a filed deletion request: what an erasure must take away. */
  async function personToErase(a: FastifyInstance, db: SiteDb, m: Mailer, email: string) {
    await db
      .insertInto('account.payment_accounts')
      .values({ enrolment_reference: `REF-${email}`, payment_id: '77', email, outcome: 'created' })
      .execute();
    const filed = await file(a, m, email, { kind: 'supresion' });
    return { filed, url: `/api/account/staff/data-requests/${filed.radicado}/supresion` };
  }
  const paymentAccountEmail = async (db: SiteDb, email: string) =>
    (await db.selectFrom('account.payment_accounts').select('email').where('enrolment_reference', '=', `REF-${email}`).executeTakeFirst())
      ?.email;
  const answersTo = async (m: Mailer, email: string, radicado: string) =>
    (await mailsTo(m, email)).filter((x) => x.subject.startsWith('Respuesta') && x.subject.includes(radicado));
  const erasure = { confirm: true, response: 'Suprimimos tus datos.' };

  it('erases once when a second click arrives during the erasure: one erases and answers, the other gets a clean 409 before erasing anything', async () => {
    const idp = siteEngine(['doble@example.com']);
    const { app: a, db, mailer: m } = await start({ personalData: idp.factory });
    const email = 'doble@example.com';
    const { filed, url } = await personToErase(a, db, m, email);

    let release = () => {};
    idp.provider.eraseGate = new Promise<void>((resolve) => (release = resolve));
    const first = staffCall(a, 'POST', url, ana, erasure);
    for (let i = 0; i < 1000 && idp.provider.erasures === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(idp.provider.erasures).toBe(1);
    // The same click again (another tab) while the first is erasing.
    const second = staffCall(a, 'POST', url, ana, erasure);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 409]);
    expect(answers[1]?.json()).toEqual({ error: 'not_allowed', message: 'La solicitud ya fue respondida: no admite esta acción.' });

    // One erasure: the database erased once, the identity provider asked once, one audit row of each kind, one answer.
    expect(idp.provider.erasures).toBe(1);
    expect(idp.provider.removes).toEqual([email]);
    expect(await paymentAccountEmail(db, email)).toBe('');
    expect((await auditOf(db, filed.radicado)).map((r) => r.action).sort()).toEqual(['account.data.erase', 'account.data.respond']);
    expect(await answersTo(m, email, filed.radicado)).toHaveLength(1);
    expect(await caseOf(a, filed.radicado)).toMatchObject({
      status: 'Respondida',
      erasure: { accountPending: false, summary: { 'Cuenta en el sitio — borrada': 1 } },
    });
    // A click later still: the same clean 409, nothing erased or asked.
    expect((await staffCall(a, 'POST', url, ana, erasure)).statusCode).toBe(409);
    expect([idp.provider.erasures, idp.provider.removes.length]).toEqual([1, 1]);
  });

  it('erases nothing when the erasure cannot be recorded: a failure after the erase and before its audit row rolls it all back', async () => {
    const idp = siteEngine(['registro@example.com']);
    const { app: a, db, mailer: m } = await start({ personalData: idp.factory });
    const email = 'registro@example.com';
    const { filed, url } = await personToErase(a, db, m, email);
    // The audit log refuses the erasure's row (a fault between the erase and its record). The staff schema outlives a
    // PostgreSQL test, so the trigger goes in `finally`.
    await sql`create or replace function staff.test_refuse_erase_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'account.data.erase' then raise exception 'auditoría no disponible'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger test_refuse_erase_audit before insert on staff.audit_log
      for each row execute function staff.test_refuse_erase_audit()`.execute(db);
    let failed;
    try {
      failed = await staffCall(a, 'POST', url, ana, erasure);
    } finally {
      await sql`drop trigger if exists test_refuse_erase_audit on staff.audit_log`.execute(db);
      await sql`drop function if exists staff.test_refuse_erase_audit()`.execute(db);
    }
    expect(failed.statusCode).toBe(500);
    // Nothing erased, and the request is not marked done: the person's record, their request, their account.
    expect(await paymentAccountEmail(db, email)).toBe(email);
    expect(idp.provider.removes).toEqual([]);
    const open = await caseOf(a, filed.radicado);
    expect(open).toMatchObject({ status: 'Recibida', erasure: null, response: null, request: { email } });
    expect(open.actions.erase.allowed).toBe(true);
    expect(await auditOf(db, filed.radicado)).toEqual([]);
    expect(await answersTo(m, email, filed.radicado)).toEqual([]);

    // The fault gone, the same click erases, once.
    expect((await staffCall(a, 'POST', url, ana, erasure)).statusCode).toBe(200);
    expect(await paymentAccountEmail(db, email)).toBe('');
    expect(idp.provider.removes).toEqual([email]);
    expect((await auditOf(db, filed.radicado)).filter((r) => r.action === 'account.data.erase')).toHaveLength(1);
  });

  it('commits the erasure with the account deletion pending when the identity provider is down; the job finishes it, then answers', async () => {
    const idp = siteEngine(['caida@example.com']);
    const { app: a, db, mailer: m, ctx } = await start({ personalData: idp.factory });
    const email = 'caida@example.com';
    const { filed, url } = await personToErase(a, db, m, email);
    idp.provider.down = true;
    const res = await staffCall(a, 'POST', url, ana, erasure);
    expect(res.statusCode).toBe(200);
    const pending = res.json<DataRequestCase>();
    expect(pending).toMatchObject({ status: 'Respondida', erasure: { accountPending: true } });
    expect(pending.erasure?.summary).not.toHaveProperty(['Cuenta en el sitio — borrada']);
    expect(await paymentAccountEmail(db, email)).toBe('');
    expect((await auditOf(db, filed.radicado)).filter((r) => r.action === 'account.data.erase')).toHaveLength(1);
    // The answer says the account is gone: it waits.
    expect(await answersTo(m, email, filed.radicado)).toEqual([]);
    // Another click does not erase again; it is the job's to finish.
    expect((await staffCall(a, 'POST', url, ana, erasure)).statusCode).toBe(409);

    const jobCtx = { db, mailer: m, personalData: idp.factory(ctx) };
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await retryAccountDeletions(jobCtx, clock)).toEqual({ done: 0, failed: 1, busy: 0 });
    expect((await caseOf(a, filed.radicado)).erasure?.accountPending).toBe(true);
    idp.provider.down = false;
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await retryAccountDeletions(jobCtx, clock)).toEqual({ done: 1, failed: 0, busy: 0 });
    expect(idp.provider.users.has(email)).toBe(false);
    expect((await caseOf(a, filed.radicado)).erasure).toMatchObject({
      accountPending: false,
      summary: { 'Cuenta en el sitio — borrada': 1 },
    });
    const told = await answersTo(m, email, filed.radicado);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Suprimimos tus datos.');
    // Nothing left to retry, and the address is nowhere in the account schema any more.
    expect(await retryAccountDeletions(jobCtx, clock)).toEqual({ done: 0, failed: 0, busy: 0 });
    expect(await db.selectFrom('account.data_request_account_deletions').selectAll().execute()).toEqual([]);
    expect(await auditOf(db, filed.radicado)).toHaveLength(2);
  });

  it('lists requests by due date with counts and filters, and e-mails the team a daily digest of overdue and due-soon ones', async () => {
    const { app: a, db, mailer: m, ctx } = await start();
    const first = await file(a, m, 'uno@example.com', { name: 'Óscar Peña' });
    const second = await file(a, m, 'dos@example.com', { kind: 'revocatoria' });
    clock = at('2026-03-26'); // acceso due 31 March: within 3 business days
    const res = await staffCall(a, 'POST', '/api/account/staff/data-requests/bandeja', ana, {});
    expect(res.statusCode).toBe(200);
    const inbox = res.json<DataInboxResponse>();
    expect(inbox.items.map((i) => [i.radicado, i.urgency, i.businessDaysLeft])).toEqual([
      [first.radicado, 'pronto', 3],
      [second.radicado, null, 8],
    ]);
    expect(inbox.counts).toEqual({ open: 2, overdue: 0, dueSoon: 1, answered: 0, incomplete: 0 });
    const search = await staffCall(a, 'POST', '/api/account/staff/data-requests/bandeja', ana, { q: 'oscar pena' });
    expect(search.json<DataInboxResponse>().items.map((i) => i.radicado)).toEqual([first.radicado]);
    const byKind = await staffCall(a, 'POST', '/api/account/staff/data-requests/bandeja', ana, { kind: 'revocatoria' });
    expect(byKind.json<DataInboxResponse>().items.map((i) => i.radicado)).toEqual([second.radicado]);
    expect((await staffCall(a, 'POST', '/api/account/staff/data-requests/bandeja', ana, { after: '2026-19-99.1' })).statusCode).toBe(400);

    const before = (await m.list(1000)).length;
    // `force`: the staff schema's job runs outlive the PostgreSQL reset, so an earlier run of this suite claimed the day.
    const ran = await runDataRequestDigest(ctx, { now: () => at('2026-04-01'), force: true });
    expect(ran).toMatchObject({ ran: true, result: { sent: true, recipients: 1, overdue: 1, dueSoon: 0 } });
    const sent = (await m.list(1000)).slice(0, (await m.list(1000)).length - before);
    expect(sent.map((x) => x.to)).toEqual(['ana@fundacion.org']);
    expect(sent[0]?.text).toContain(
      `• ${first.radicado} · Acceso a mis datos (consulta) · Recibida · venció el 31 de marzo de 2026 (hace 1 día hábil)`,
    );
    expect(sent[0]?.text).not.toContain('Peña');
    expect(sent[0]?.text).not.toContain('uno@example.com');
    expect(await runDataRequestDigest(ctx, { now: () => at('2026-04-01') })).toEqual({ ran: false });
    // The day's run also deletes codes a day past their expiry.
    expect(await db.selectFrom('account.data_request_codes').selectAll().execute()).toEqual([]);
  });
});
