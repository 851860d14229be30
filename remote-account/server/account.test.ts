import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { Gateway } from '../../shell/server/src/app';
import { testGateway } from '../../shell/server/src/testing';
import { e164, temporaryPassword, type AccountDirectory, type NewAccount } from '../src/mis-cursos/server/directory';
import { createAccountApi } from './index';

const student = sampleEnrolment;

class FakeDirectory implements AccountDirectory {
  readonly created: NewAccount[] = [];
  readonly existing = new Set<string>();
  down = false;
  async createUser(account: NewAccount) {
    if (this.down) throw new Error('proveedor de identidad caído');
    if (this.existing.has(account.email)) return 'exists' as const;
    this.existing.add(account.email);
    this.created.push(account);
    return { sub: `sub-${this.created.length}` };
  }
}

describe('account API', () => {
  let gw: Gateway;
  const provider = new FakePaymentProvider();
  const directory = new FakeDirectory();
  const idp = createTestIdentity();
  let paymentSeq = 7000;

  beforeAll(async () => {
    gw = await testGateway(
      // This suite writes far more than a visitor would; the limit itself is tested in shell/server (every write route).
      { writeLimit: { max: 1000, timeWindow: 60_000 } },
      {},
      { payments: provider, identity: idp.verifier, apiOverrides: { account: createAccountApi({ directory }) } },
    );
  });
  afterAll(async () => gw.app.close());

  const bearer = (email: string, sub = `sub-of-${email}`, claims: Record<string, unknown> = {}) => ({
    authorization: `Bearer ${idp.token({ email, sub, name: 'Ana' }, claims)}`,
  });
  /** The claim secret the enrolling browser holds, by enrolment reference. */
  const claims = new Map<string, string>();
  const enrol = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await gw.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...student, ...over }, headers });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; claim_secret: string };
    claims.set(body.id, body.claim_secret);
    return body.id;
  };
  /** The enrolling browser's status check, which applies what the provider reports. */
  const check = (paymentId: string, reference: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/courses/payments/status',
      payload: { payment_id: paymentId, external_reference: reference, claim_secret: claims.get(reference) },
    });
  /** An enrolment whose payment the provider reports with `status`, applied through the status endpoint. */
  const paid = async (status: string, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const reference = await enrol(over, headers);
    const paymentId = String(++paymentSeq);
    provider.pay(paymentId, reference, status, { transaction_amount: 119900 });
    expect((await check(paymentId, reference)).statusCode).toBe(200);
    return { reference, paymentId };
  };
  const row = (reference: string) =>
    gw.database.db
      .selectFrom('courses.enrolments')
      .select(['user_sub', 'user_email'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow() as Promise<{ user_sub: string | null; user_email: string | null }>;
  const list = (headers: Record<string, string>) => gw.app.inject({ url: '/api/account/enrollments', headers });
  /** The success page's call, with the claim secret of the browser that enrolled unless the payload says otherwise. */
  const fromPayment = (payload: Record<string, unknown>) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/account/accounts/from-payment',
      payload: { claim_secret: claims.get(String(payload.external_reference)) ?? 'c'.repeat(32), ...payload },
    });

  it('answers 401 without a token, with a tampered one, or with one from another pool', async () => {
    expect((await list({})).statusCode).toBe(401);
    const [h, p, s] = idp.token({ email: 'ana.perez@example.com' }).split('.');
    const otherEmail = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), email: 'x@example.com' }),
    ).toString('base64url');
    expect((await list({ authorization: `Bearer ${h}.${otherEmail}.${s}` })).statusCode).toBe(401);
    const stranger = createTestIdentity(idp.issuer, idp.clientId);
    expect((await list({ authorization: `Bearer ${stranger.token({ email: 'ana.perez@example.com' })}` })).statusCode).toBe(401);
    const res = await list({ authorization: 'Basic abc' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it("lists only the token's user's approved or completed enrolments, never another user's", async () => {
    const mine = await paid('approved', { email: 'lista@example.com' });
    await paid('rejected', { email: 'lista@example.com' });
    await enrol({ email: 'lista@example.com' }); // never paid
    const theirs = await paid('approved', { email: 'otra@example.com' });
    const res = await list(bearer('lista@example.com'));
    expect(res.statusCode).toBe(200);
    const { enrollments } = res.json() as { enrollments: Array<Record<string, unknown>> };
    expect(enrollments).toHaveLength(1);
    expect(enrollments[0]).toMatchObject({
      id: mine.reference,
      course_id: 'desarrollo-software',
      course_name: 'Desarrollo de Software',
      module_name: 'Fundamentos de Javascript y AWS S3',
      student_name: 'Ana',
      student_lastname: 'Pérez',
      payment_status: 'approved',
      transaction_amount: 119900,
      certificate_available: true,
    });
    // A query parameter naming someone else changes nothing: the e-mail comes from the token.
    const spoof = await gw.app.inject({ url: '/api/account/enrollments?email=otra@example.com', headers: bearer('lista@example.com') });
    expect(JSON.stringify(spoof.json())).not.toContain(theirs.reference);
    const other = (await list(bearer('otra@example.com'))).json() as { enrollments: Array<{ id: string }> };
    expect(other.enrollments.map((e) => e.id)).toEqual([theirs.reference]);
  });

  it('keeps a refunded course in the list, refunded, instead of leaving "Aún no tienes cursos inscritos" (#31)', async () => {
    // The provider's report as the courses domain applies it: the payment refunded, the enrolment withdrawn.
    const { reference } = await paid('refunded', { email: 'reembolso@example.com' });
    const { enrollments } = (await list(bearer('reembolso@example.com'))).json() as { enrollments: Array<Record<string, unknown>> };
    expect(enrollments).toEqual([
      expect.objectContaining({ id: reference, payment_status: 'refunded', enrollment_status: 'WITHDRAWN', certificate_available: false }),
    ]);
  });

  it("carries the three courses' links, from the courses domain's catalogue, for a visitor with no enrolments to show", async () => {
    await enrol({ email: 'sin-cursos@example.com' }); // never paid: not listed
    const res = await list(bearer('sin-cursos@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enrollments: [],
      courses: [
        { title: 'Desarrollo de Software', url: '/desarrollo-software' },
        { title: 'Ofimática Básica - Excel', url: '/ofimatica-basica' },
        { title: 'Marketing Digital y Diseño Gráfico', url: '/marketing-digital' },
      ],
    });
  });

  it('ties an enrolment made while signed in to the account, whatever e-mail the form carried', async () => {
    const { reference } = await paid('approved', { email: 'formulario@example.com' }, bearer('cuenta@example.com', 'sub-cuenta'));
    const { enrollments } = (await list(bearer('cuenta@example.com', 'sub-cuenta'))).json() as { enrollments: Array<{ id: string }> };
    expect(enrollments.map((e) => e.id)).toContain(reference);
  });

  it('serves the enrolment certificate as a PDF to its owner only', async () => {
    const { reference } = await paid('approved', { email: 'cert@example.com' });
    const res = await gw.app.inject({ url: `/api/account/enrollments/${reference}/certificate`, headers: bearer('cert@example.com') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toContain(`constancia-${reference}.pdf`);
    const notMine = await gw.app.inject({ url: `/api/account/enrollments/${reference}/certificate`, headers: bearer('otra@example.com') });
    expect(notMine.statusCode).toBe(404);
    expect((await gw.app.inject({ url: `/api/account/enrollments/${reference}/certificate` })).statusCode).toBe(401);
    expect(
      (await gw.app.inject({ url: '/api/account/enrollments/..%2f..%2fetc/certificate', headers: bearer('cert@example.com') })).statusCode,
    ).toBe(400);
  });

  it('creates the account once after a payment the provider confirms, and shows the password only that once', async () => {
    const { reference, paymentId } = await paid('approved', { email: 'Nueva@Example.com' });
    const res = await fromPayment({ payment_id: paymentId, external_reference: reference });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { email: string; temporary_password: string };
    expect(body.email).toBe('nueva@example.com');
    expect(body.temporary_password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8}$/);
    expect(directory.created.at(-1)).toMatchObject({
      email: 'nueva@example.com',
      name: 'Ana María Pérez Gómez',
      identityType: 'Cédula de ciudadanía',
      identityNumber: '1012345678',
      temporaryPassword: body.temporary_password,
    });
    // Reloading the success page (or a second tab) creates nothing and reveals nothing.
    const again = await fromPayment({ payment_id: paymentId, external_reference: reference });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(body.temporary_password);
    expect(directory.created.filter((a) => a.email === 'nueva@example.com')).toHaveLength(1);
    const mails = (await gw.app.inject('/dev/mailbox.json')).json() as Array<{ to: string; subject: string; text: string }>;
    const welcome = mails.filter((m) => m.to === 'nueva@example.com' && /cuenta/.test(m.subject));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.text).not.toContain(body.temporary_password);
    // The new account (its address not verified: nobody proved the mailbox) sees the course tied to it.
    const sub = (await row(reference)).user_sub ?? '';
    expect(sub).toMatch(/^sub-/);
    const token = bearer('nueva@example.com', sub, { email_verified: false });
    const { enrollments } = (await list(token)).json() as { enrollments: Array<{ id: string }> };
    expect(enrollments.map((e) => e.id)).toEqual([reference]);
  });

  it('creates nothing for a forged success URL: unknown, unapproved or mismatched payments', async () => {
    const before = directory.created.length;
    const pending = await paid('pending', { email: 'pend@example.com' });
    const approved = await paid('approved', { email: 'aprob@example.com' });
    const cases = [
      { payment_id: '999999', external_reference: approved.reference },
      { payment_id: pending.paymentId, external_reference: pending.reference },
      { payment_id: approved.paymentId, external_reference: pending.reference },
      { payment_id: approved.paymentId, external_reference: 'ENR-inventada' },
    ];
    for (const c of cases) {
      const res = await fromPayment(c);
      // An invented reference has no claim to match (403); the others hold their enrolment's claim but no matching payment.
      const expected = c.external_reference === 'ENR-inventada' ? [403, 'claim_required'] : [404, 'payment_not_verified'];
      expect([res.statusCode, (res.json() as { error: string }).error]).toEqual(expected);
    }
    expect(directory.created.length).toBe(before);
  });

  it('tells an existing user to sign in, and lets a visitor retry when the identity provider is down', async () => {
    directory.existing.add('ya@example.com');
    const existing = await paid('approved', { email: 'ya@example.com' });
    const res = await fromPayment({ payment_id: existing.paymentId, external_reference: existing.reference });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'account_exists' });

    const retry = await paid('approved', { email: 'reintento@example.com' });
    directory.down = true;
    expect((await fromPayment({ payment_id: retry.paymentId, external_reference: retry.reference })).statusCode).toBe(502);
    directory.down = false;
    expect((await fromPayment({ payment_id: retry.paymentId, external_reference: retry.reference })).statusCode).toBe(201);
  });

  describe('trust boundaries (#11)', () => {
    it('row 1: a stranger holding the payment id and reference (URL, history, a guess) gets no credentials, ever', async () => {
      const victim = await paid('approved', { email: 'estudiante@example.com' });
      const before = directory.created.length;
      for (const claim of [undefined, '', 'c'.repeat(32), claims.get((await paid('approved', { email: 'otro@example.com' })).reference)]) {
        const res = await gw.app.inject({
          method: 'POST',
          url: '/api/account/accounts/from-payment',
          payload: {
            payment_id: victim.paymentId,
            external_reference: victim.reference,
            ...(claim === undefined ? {} : { claim_secret: claim }),
          },
        });
        expect([400, 403]).toContain(res.statusCode);
        expect(res.body).not.toMatch(/temporary_password|estudiante@example\.com/);
      }
      expect(directory.created.length).toBe(before);
      expect(await row(victim.reference)).toMatchObject({ user_sub: null });
      // The student is told by e-mail how to get in: the receipt of an enrolment without account invites to sign up.
      const mails = (await gw.app.inject('/dev/mailbox.json')).json() as Array<{ to: string; subject: string; text: string }>;
      const receipt = mails.find((m) => m.to === 'estudiante@example.com' && /inscripción/.test(m.subject));
      expect(receipt?.text).toMatch(/regístrate con este mismo correo[\s\S]*\/register\?email=estudiante%40example\.com/);
      // The real payer's browser still gets them.
      const own = await fromPayment({ payment_id: victim.paymentId, external_reference: victim.reference });
      expect(own.statusCode).toBe(201);
    });

    it("row 2: an account opened after paying with someone else's address sees only its own enrolment", async () => {
      // The owner of the address paid a course long ago (matched by e-mail once the owner verifies the address).
      const owners = await paid('approved', { email: 'duena@example.com' });
      const attackers = await paid('approved', { email: 'duena@example.com' });
      const created = await fromPayment({ payment_id: attackers.paymentId, external_reference: attackers.reference });
      expect(created.statusCode).toBe(201);
      expect(directory.created.at(-1)?.email).toBe('duena@example.com');
      const sub = (await row(attackers.reference)).user_sub ?? '';
      // The account's token is what the identity provider issues: address unverified.
      const { enrollments } = (await list(bearer('duena@example.com', sub, { email_verified: false }))).json() as {
        enrollments: Array<{ id: string }>;
      };
      expect(enrollments.map((e) => e.id)).toEqual([attackers.reference]);
      const cert = await gw.app.inject({
        url: `/api/account/enrollments/${owners.reference}/certificate`,
        headers: bearer('duena@example.com', sub, { email_verified: false }),
      });
      expect(cert.statusCode).toBe(404);
      // The owner, once the address is verified with a code sent to it, sees both.
      const verified = (await list(bearer('duena@example.com', 'sub-duena'))).json() as { enrollments: Array<{ id: string }> };
      expect(verified.enrollments.map((e) => e.id).sort()).toEqual([owners.reference, attackers.reference].sort());
    });

    it('row 2: when the address already has an account, nothing is created or tied and the page says to sign in', async () => {
      directory.existing.add('tiene-cuenta@example.com');
      const before = directory.created.length;
      const p = await paid('approved', { email: 'tiene-cuenta@example.com' });
      const res = await fromPayment({ payment_id: p.paymentId, external_reference: p.reference });
      expect(res.statusCode).toBe(409);
      expect((res.json() as { message: string }).message).toMatch(/Inicia sesión/);
      expect(directory.created.length).toBe(before);
      expect(await row(p.reference)).toMatchObject({ user_sub: null, user_email: null });
    });

    it('row 7: an account is not opened on a payment that did not pay the enrolment price', async () => {
      const reference = await enrol({ email: 'un-peso@example.com' });
      const paymentId = String(++paymentSeq);
      provider.pay(paymentId, reference, 'approved', { transaction_amount: 1 });
      const before = directory.created.length;
      expect((await fromPayment({ payment_id: paymentId, external_reference: reference })).statusCode).toBe(404);
      expect(directory.created.length).toBe(before);
    });
  });

  it('answers junk bodies with 4xx JSON', async () => {
    for (const payload of [
      {},
      { payment_id: 'abc', external_reference: 'x' },
      { payment_id: '1', external_reference: '<script>' },
      { payment_id: 1 },
    ]) {
      const res = await fromPayment(payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const text = await gw.app.inject({
      method: 'POST',
      url: '/api/account/accounts/from-payment',
      payload: 'hola',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});

describe('account helpers', () => {
  it('makes 8-character temporary passwords of letters and digits with every required class', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = temporaryPassword();
      expect(p).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });

  it('adds +57 to Colombian numbers and drops what cannot be a phone', () => {
    expect(e164('300 123 4567')).toBe('+573001234567');
    expect(e164('+1 (555) 010-9999')).toBe('+15550109999');
    expect(e164('abc')).toBeNull();
    expect(e164(null)).toBeNull();
  });
});
