import { afterEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { newsletterLinkTexts, newsletterTexts } from 'shared/schemas/newsletter';
import { migrateApis, mountApi } from 'shared/server/api-mount';
import type { SiteDb } from 'shared/server/database';
import type { Database } from 'shared/server/db';
import { createHttpServer, registerRateLimit } from 'shared/server/http';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createMailer, type MailboxEntry, type Mailer } from 'shared/server/mailer';
import { createApiContext, readCommonConfig } from 'shared/server/server-config';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { testDatabases } from 'shared/server/test-databases';
import { communityApi } from '../../../server/index';
import { MAX_PER_ADDRESS_PER_DAY, MAX_PER_CLIENT_PER_ADDRESS_PER_DAY, MAX_PER_IP_PER_HOUR } from './newsletter';

const ORIGIN = 'http://127.0.0.1:8080';
const OWNER_IP = '192.0.2.20';
const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org' });
const member = staffToken(identity, { email: 'ana@fundacion.org' });
const visitor = identity.token({ email: 'visitante@correo.co' });

describe.each(testDatabases)('newsletter (#15) on %s', (_name, open) => {
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let mailer: Mailer | undefined;
  afterEach(async () => {
    await app?.close();
    mailer?.close();
    await database?.close();
    database = app = mailer = undefined;
  });

  async function start(): Promise<{ app: FastifyInstance; db: SiteDb; mailer: Mailer }> {
    database = await open();
    await migrateApis(database.db, [communityApi]);
    const config = readCommonConfig({}, ORIGIN);
    app = createHttpServer({ logLevel: 'silent' });
    mailer = createMailer({ db: database.db, log: app.log });
    const base = createApiContext(config, database.db, mailer, { identity: identity.verifier, staff });
    const ctx = { ...base, settings: { ...base.settings, writeLimit: { max: 1000, timeWindow: 60_000 } } };
    await registerRateLimit(app, { max: 1000, timeWindowMs: 60_000 });
    await mountApi(app, communityApi, ctx);
    await app.ready();
    return { app, db: database.db, mailer };
  }

  /** Lets the next confirmation to `email` go out (the resend gap), as if minutes had passed. */
  const afterGapOf = (db: SiteDb, email: string) =>
    db
      .updateTable('community.newsletter_subscriptions')
      .set({ confirmation_sent_at: new Date(Date.now() - 6 * 60_000) })
      .where('email', '=', email)
      .execute();

  let ipSeq = 0;
  /** Each subscribe from its own address unless told (the per-IP limit is tested on its own). */
  const subscribe = (a: FastifyInstance, email: string, ip = `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) =>
    a.inject({
      method: 'POST',
      url: '/api/community/newsletter/subscribe',
      payload: { email, data_authorization: true },
      remoteAddress: ip,
    });
  const mailsTo = async (m: Mailer, to: string): Promise<MailboxEntry[]> => (await m.list(1000)).filter((x) => x.to === to);
  const confirmToken = (mail: MailboxEntry) => /\/boletin\/confirmar\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? null;
  const confirm = (a: FastifyInstance, token: string) =>
    a.inject({ method: 'POST', url: '/api/community/newsletter/confirm', payload: { token } });
  const statusOf = async (db: SiteDb, email: string) =>
    (await db.selectFrom('community.newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
  const staffCall = (a: FastifyInstance, method: 'GET' | 'POST', url: string, token: string | null = member, payload?: object) =>
    a.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  const send = (a: FastifyInstance, subject: string, body = 'Primer párrafo.\n\nSegundo párrafo.') =>
    staffCall(a, 'POST', '/api/community/staff/newsletter/sends', member, { subject, body });
  const newsletterMails = async (m: Mailer, subject: string) => (await m.list(1000)).filter((x) => x.subject.startsWith(`${subject} - `));

  /** Subscribes and confirms `email` by its e-mailed link. */
  async function confirmed(a: FastifyInstance, m: Mailer, email: string) {
    await subscribe(a, email);
    const [mail] = await mailsTo(m, email);
    const res = await confirm(a, confirmToken(mail!)!);
    expect(res.statusCode).toBe(200);
  }

  it('stores a subscription as pending, e-mails one confirmation link, and confirms it by POST only (single use)', async () => {
    const { app: a, db, mailer: m } = await start();
    const res = await subscribe(a, '  Ana.Boletin@Example.COM ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, alreadySubscribed: false, message: newsletterTexts.subscribed });
    expect(newsletterTexts.subscribed).toMatch(/revisa tu bandeja de entrada/);
    const row = await statusOf(db, 'ana.boletin@example.com');
    expect(row).toMatchObject({ status: 'pending', source: 'footer', confirmed_at: null, unsubscribed_at: null });
    const mails = await mailsTo(m, 'ana.boletin@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Confirma tu suscripción al boletín/);
    const token = confirmToken(mails[0]!)!;
    expect(token).toHaveLength(43);
    // Only the hash is stored.
    const links = await db.selectFrom('community.newsletter_confirmations').selectAll().where('subscription_id', '=', row!.id).execute();
    expect(links).toHaveLength(1);
    expect(JSON.stringify([row, links])).not.toContain(token);

    // GET on the confirmation page's API never confirms (a mail scanner's prefetch).
    const get = await a.inject({ method: 'GET', url: `/api/community/newsletter/confirm?token=${token}` });
    expect(get.statusCode).toBeGreaterThanOrEqual(400);
    expect((await statusOf(db, 'ana.boletin@example.com'))?.status).toBe('pending');

    const ok = await confirm(a, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: newsletterLinkTexts.confirmed });
    const after = await statusOf(db, 'ana.boletin@example.com');
    expect(after?.status).toBe('confirmed');
    expect(after?.confirmed_at).toBeInstanceOf(Date);

    const reused = await confirm(a, token);
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ error: 'token_invalid', message: newsletterLinkTexts.confirmInvalid });
    const bogus = await confirm(a, 'x'.repeat(43));
    expect(bogus.statusCode).toBe(404);
    expect((await confirm(a, 'corto')).statusCode).toBe(400);
  });

  it('refuses an expired confirmation link', async () => {
    const { app: a, db, mailer: m } = await start();
    await subscribe(a, 'vencido@example.com');
    const token = confirmToken((await mailsTo(m, 'vencido@example.com'))[0]!)!;
    await db
      .updateTable('community.newsletter_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('subscription_id', '=', (await statusOf(db, 'vencido@example.com'))!.id)
      .execute();
    const res = await confirm(a, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(newsletterLinkTexts.confirmInvalid);
    expect((await statusOf(db, 'vencido@example.com'))?.status).toBe('pending');
  });

  it('answers new, pending and confirmed addresses alike, and re-sends to a pending one at most every few minutes', async () => {
    const { app: a, db, mailer: m } = await start();
    await confirmed(a, m, 'ya@example.com');
    const answers = [];
    for (const email of ['nuevo@example.com', 'nuevo@example.com', 'ya@example.com']) {
      const res = await subscribe(a, email);
      answers.push([res.statusCode, res.json()]);
    }
    expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
    // The repeat within minutes sent nothing; the confirmed address got no new mail.
    expect(await mailsTo(m, 'nuevo@example.com')).toHaveLength(1);
    expect(await mailsTo(m, 'ya@example.com')).toHaveLength(1);
    // Each request to subscribe a pending address keeps its own proof, naming the subscription; a confirmed one, none.
    const proofs = async (email: string) =>
      db.selectFrom('privacy.consents').select(['form', 'record_ref']).where('subject_email', '=', email).execute();
    const nuevo = await statusOf(db, 'nuevo@example.com');
    expect(await proofs('nuevo@example.com')).toEqual([
      { form: 'community.newsletter', record_ref: String(nuevo!.id) },
      { form: 'community.newsletter', record_ref: String(nuevo!.id) },
    ]);
    expect(await proofs('ya@example.com')).toHaveLength(1);
    // Later than the gap, a pending address gets a new link (and the new one works).
    await db
      .updateTable('community.newsletter_subscriptions')
      .set({ confirmation_sent_at: new Date(Date.now() - 6 * 60_000) })
      .where('email', '=', 'nuevo@example.com')
      .execute();
    await subscribe(a, 'nuevo@example.com');
    const mails = await mailsTo(m, 'nuevo@example.com');
    expect(mails).toHaveLength(2);
    expect((await confirm(a, confirmToken(mails[0]!)!)).statusCode).toBe(200);
  });

  it('limits confirmation e-mails per IP and per address (no mail bombing a third party)', async () => {
    const { app: a, db, mailer: m } = await start();
    for (let i = 0; i < MAX_PER_IP_PER_HOUR + 2; i += 1) {
      const res = await subscribe(a, `victima${i}@example.com`, '203.0.113.9');
      expect(res.statusCode).toBe(201);
    }
    const sent = (await m.list(1000)).filter((x) => /^victima\d+@/.test(x.to));
    expect(sent).toHaveLength(MAX_PER_IP_PER_HOUR);

    // One address from many IPs: the resend gap, then at most 5 a day.
    for (let i = 0; i < 8; i += 1) {
      await db
        .updateTable('community.newsletter_subscriptions')
        .set({ confirmation_sent_at: new Date(Date.now() - 6 * 60_000) })
        .where('email', '=', 'blanco@example.com')
        .execute();
      await subscribe(a, 'blanco@example.com');
    }
    expect(await mailsTo(m, 'blanco@example.com')).toHaveLength(5);

    // A day later the address's budget is back: the log's rows older than a day are neither counted nor kept.
    await db
      .updateTable('community.newsletter_confirmation_log')
      .set({ at: new Date(Date.now() - 25 * 3600_000) })
      .execute();
    await afterGapOf(db, 'blanco@example.com');
    await subscribe(a, 'blanco@example.com');
    expect(await mailsTo(m, 'blanco@example.com')).toHaveLength(6);
    const kept = await db.selectFrom('community.newsletter_confirmation_log').select('at').execute();
    expect(kept).toHaveLength(1);
    expect(new Date(kept[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  // ── A stranger typing someone's address cannot stop them from subscribing ────────────────────────────────────────

  /** Lets the next confirmation to `email` go out (the resend gap), as if minutes had passed. */
  const afterGap = (db: SiteDb, email: string) =>
    db
      .updateTable('community.newsletter_subscriptions')
      .set({ confirmation_sent_at: new Date(Date.now() - 6 * 60_000) })
      .where('email', '=', email)
      .execute();

  it('a stranger spending an address’s confirmation e-mails voids no link: the owner confirms with the first one, and answers never change', async () => {
    const { app: a, db, mailer: m } = await start();
    const owner = 'duena@example.com';
    const first = await subscribe(a, owner, OWNER_IP);
    const [mine] = await mailsTo(m, owner);
    // The attack: the stranger types the owner's address until the day's budget is spent, and beyond, from a few networks.
    const answers = [];
    for (let i = 0; i < MAX_PER_ADDRESS_PER_DAY + 2; i++) {
      await afterGap(db, owner);
      answers.push(await subscribe(a, owner, `198.51.100.${i + 1}`));
    }
    expect(await mailsTo(m, owner)).toHaveLength(MAX_PER_ADDRESS_PER_DAY);
    // Accepted or past the budget (nothing sent), the same answer.
    expect(new Set([first, ...answers].map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    // The owner's own new try sends nothing more, and says the same…
    await afterGap(db, owner);
    const again = await subscribe(a, owner, OWNER_IP);
    expect(`${again.statusCode} ${again.body}`).toBe(`${first.statusCode} ${first.body}`);
    expect(await mailsTo(m, owner)).toHaveLength(MAX_PER_ADDRESS_PER_DAY);
    // …and the link of the first e-mail, theirs, still works: newer ones did not replace it.
    const res = await confirm(a, confirmToken(mine!)!);
    expect(res.statusCode).toBe(200);
    expect((await statusOf(db, owner))?.status).toBe('confirmed');
    // Confirmed: every other link of the address is used up.
    const others = (await mailsTo(m, owner)).filter((x) => x.id !== mine!.id);
    expect((await confirm(a, confirmToken(others[0]!)!)).statusCode).toBe(404);
    expect(await db.selectFrom('community.newsletter_confirmations').selectAll().execute()).toEqual([]);
  });

  it('one client cannot spend an address’s budget alone: the owner still receives a confirmation', async () => {
    const { app: a, db, mailer: m } = await start();
    const owner = 'objetivo@example.com';
    for (let i = 0; i < MAX_PER_ADDRESS_PER_DAY + 1; i++) {
      await afterGap(db, owner);
      expect((await subscribe(a, owner, '203.0.113.77')).statusCode).toBe(201);
    }
    expect(await mailsTo(m, owner)).toHaveLength(MAX_PER_CLIENT_PER_ADDRESS_PER_DAY);
    await afterGap(db, owner);
    await subscribe(a, owner, OWNER_IP);
    const mails = await mailsTo(m, owner);
    expect(mails).toHaveLength(MAX_PER_CLIENT_PER_ADDRESS_PER_DAY + 1);
    expect((await confirm(a, confirmToken(mails[0]!)!)).statusCode).toBe(200);
  });

  it('sends a newsletter only to confirmed addresses, each e-mail with both RFC 8058 headers and its own token', async () => {
    const { app: a, db, mailer: m } = await start();
    await confirmed(a, m, 'uno@example.com');
    await confirmed(a, m, 'dos@example.com');
    await subscribe(a, 'pendiente@example.com');
    await confirmed(a, m, 'baja@example.com');
    await db
      .updateTable('community.newsletter_subscriptions')
      .set({ status: 'unsubscribed' })
      .where('email', '=', 'baja@example.com')
      .execute();

    // The staff schema (audit log) outlives the PostgreSQL test reset: read only this test's entries.
    const startedAt = new Date(Date.now() - 1000);
    const res = await send(a, 'Novedades de noviembre');
    expect(res.statusCode).toBe(200);
    expect(res.json().send).toMatchObject({ recipients: 2, queued: 2, sentBy: 'ana@fundacion.org' });
    const mails = await newsletterMails(m, 'Novedades de noviembre');
    expect(mails.map((x) => x.to).sort()).toEqual(['dos@example.com', 'uno@example.com']);
    const tokens = new Set<string>();
    for (const mail of mails) {
      const header = mail.headers?.['List-Unsubscribe'] ?? '';
      expect(header).toMatch(/^<http:\/\/127\.0\.0\.1:8080\/api\/community\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const token = /token=([A-Za-z0-9_-]{43})/.exec(header)![1]!;
      expect(mail.text).toContain(`/boletin/baja?token=${token}`);
      expect(header).not.toContain(mail.to);
      expect(mail.text).toContain('Primer párrafo.');
      expect(mail.html).toContain('<p>Segundo párrafo.</p>');
      tokens.add(token);
    }
    expect(tokens.size).toBe(2);
    const row = await db.selectFrom('community.newsletter_sends').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subject: 'Novedades de noviembre', sent_by_email: 'ana@fundacion.org', recipients: 2, queued: 2 });
    expect(row.finished_at).toBeInstanceOf(Date);
    const entries = await db
      .selectFrom('staff.audit_log')
      .selectAll()
      .where('action', '=', 'community.newsletter.send')
      .where('at', '>=', startedAt)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'newsletter_sends', entity_id: String(row.id), actor_email: 'ana@fundacion.org' });
  });

  it('unsubscribes by the one-click POST of the header URL, never by GET, and the next newsletter skips the address', async () => {
    const { app: a, db, mailer: m } = await start();
    await confirmed(a, m, 'clic@example.com');
    await send(a, 'Boletín uno');
    const [mail] = await newsletterMails(m, 'Boletín uno');
    const url = /^<([^>]+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const path = url.replace(ORIGIN, '');

    const get = await a.inject({ method: 'GET', url: path });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toMatch(/^\/boletin\/baja\?token=[A-Za-z0-9_-]{43}$/);
    expect((await statusOf(db, 'clic@example.com'))?.status).toBe('confirmed');

    // A POST without the RFC 8058 body does nothing.
    const empty = await a.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'otra=cosa',
    });
    expect(empty.statusCode).toBe(400);
    expect((await statusOf(db, 'clic@example.com'))?.status).toBe('confirmed');

    const res = await a.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const row = await statusOf(db, 'clic@example.com');
    expect(row?.status).toBe('unsubscribed');
    expect(row?.unsubscribed_at).toBeInstanceOf(Date);
    // Repeating it is harmless.
    const again = await a.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);

    await confirmed(a, m, 'otro@example.com');
    await send(a, 'Boletín dos');
    expect((await newsletterMails(m, 'Boletín dos')).map((x) => x.to)).toEqual(['otro@example.com']);
  });

  it("unsubscribes from the page the mail's body links to (JSON POST), and re-subscribing needs a new confirmation", async () => {
    const { app: a, db, mailer: m } = await start();
    await confirmed(a, m, 'pagina@example.com');
    await send(a, 'Boletín tres');
    const [mail] = await newsletterMails(m, 'Boletín tres');
    const token = /\/boletin\/baja\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const bad = await a.inject({ method: 'POST', url: '/api/community/newsletter/unsubscribe', payload: { token: 'y'.repeat(43) } });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(newsletterLinkTexts.unsubscribeInvalid);
    const res = await a.inject({ method: 'POST', url: '/api/community/newsletter/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: newsletterLinkTexts.unsubscribed });
    expect((await statusOf(db, 'pagina@example.com'))?.status).toBe('unsubscribed');

    // Subscribing again: same neutral answer, pending, a new link; nothing is sent until it is used.
    await db
      .updateTable('community.newsletter_subscriptions')
      .set({ confirmation_sent_at: new Date(Date.now() - 6 * 60_000) })
      .where('email', '=', 'pagina@example.com')
      .execute();
    const re = await subscribe(a, 'pagina@example.com');
    expect(re.json().message).toBe(newsletterTexts.subscribed);
    expect((await statusOf(db, 'pagina@example.com'))?.status).toBe('pending');
    const confirmations = (await mailsTo(m, 'pagina@example.com')).filter((x) => x.subject.startsWith('Confirma'));
    expect(confirmations).toHaveLength(2);
    await confirmed(a, m, 'tercero@example.com');
    await send(a, 'Boletín cuatro');
    expect((await newsletterMails(m, 'Boletín cuatro')).map((x) => x.to)).toEqual(['tercero@example.com']);
    expect((await confirm(a, confirmToken(confirmations[0]!)!)).statusCode).toBe(200);
    await send(a, 'Boletín cinco');
    expect((await newsletterMails(m, 'Boletín cinco')).map((x) => x.to).sort()).toEqual(['pagina@example.com', 'tercero@example.com']);
  });

  it('counts Gmail dot variants as one address and an IPv6 /64 as one client (the limits cannot be walked around)', async () => {
    const { app: a, mailer: m } = await start();
    // One Gmail inbox under many spellings (dots, case, googlemail.com, +tags), each from its own IPv4 address.
    const spellings = ['v.ictima@gmail.com', 'vi.ctima@gmail.com', 'vic.tima@gmail.com', 'vict.ima@googlemail.com', 'victi.ma+x@gmail.com'];
    for (const email of [...spellings, 'v.i.ctima@gmail.com', 'v.i.c.tima@gmail.com'])
      expect((await subscribe(a, email)).statusCode).toBe(201);
    const toVictim = (await m.list(1000)).filter((x) => /^v[.a-z]*@(gmail|googlemail)\.com$|^victi\.ma\+x@/.test(x.to));
    expect(toVictim).toHaveLength(MAX_PER_ADDRESS_PER_DAY);
    // One IPv6 network handing out a new address per request: limited as one client.
    for (let i = 0; i < MAX_PER_IP_PER_HOUR + 3; i += 1)
      expect((await subscribe(a, `rotado${i}@example.com`, `2001:db8:7:1::${(i + 1).toString(16)}`)).statusCode).toBe(201);
    expect((await m.list(1000)).filter((x) => /^rotado\d+@/.test(x.to))).toHaveLength(MAX_PER_IP_PER_HOUR);
  });

  it('sends the same newsletter once: a repeated or double-clicked send of the same subject and text is refused', async () => {
    const { app: a, mailer: m } = await start();
    await confirmed(a, m, 'unico@example.com');
    const [one, two] = await Promise.all([send(a, 'Boletín doble'), send(a, 'Boletín doble')]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    const again = await send(a, 'Boletín doble');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'duplicate_send', message: expect.stringMatching(/^Este boletín ya se envió/) });
    expect(await newsletterMails(m, 'Boletín doble')).toHaveLength(1);
    // Another text is another newsletter.
    expect((await send(a, 'Boletín doble', 'Fe de erratas: la fecha correcta es el 5 de diciembre.')).statusCode).toBe(200);
  });

  it('keeps the staff routes for the team: 401 without a session, 403 for a visitor; a test goes only to the member', async () => {
    const { app: a, mailer: m } = await start();
    const compose = { subject: 'Prueba', body: 'Hola' };
    for (const [method, url] of [
      ['GET', '/api/community/staff/newsletter'],
      ['POST', '/api/community/staff/newsletter/test'],
      ['POST', '/api/community/staff/newsletter/sends'],
    ] as const) {
      expect((await staffCall(a, method, url, null, method === 'POST' ? compose : undefined)).statusCode).toBe(401);
      expect((await staffCall(a, method, url, visitor, method === 'POST' ? compose : undefined)).statusCode).toBe(403);
    }
    await confirmed(a, m, 'suscriptor@example.com');
    await subscribe(a, 'pend@example.com');
    const overview = await staffCall(a, 'GET', '/api/community/staff/newsletter');
    expect(overview.json()).toMatchObject({ confirmed: 1, pending: 1, unsubscribed: 0, sends: [] });
    const test = await staffCall(a, 'POST', '/api/community/staff/newsletter/test', member, compose);
    expect(test.json()).toEqual({ success: true, to: 'ana@fundacion.org' });
    const mails = await mailsTo(m, 'ana@fundacion.org');
    expect(mails[0]?.subject).toMatch(/^\[Prueba\] Prueba/);
    expect(mails[0]?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailsTo(m, 'suscriptor@example.com')).toHaveLength(1);
    const invalid = await staffCall(a, 'POST', '/api/community/staff/newsletter/sends', member, { subject: 'a\nb', body: '' });
    expect(invalid.statusCode).toBe(400);
  });
});
