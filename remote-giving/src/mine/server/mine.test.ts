// Mis donaciones (#29): the signed-in donor with a verified address sees and manages their gifts, against the payments
// stand-in's subscriptions (the monthly gifts' own setup, ../../monthly/server/monthly-testing.ts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PaymentSandboxApp } from 'sandbox/payments';
import type { TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { monthlyDonor as donor, startMonthlyStandIn, type MonthlyStandIn } from '../../monthly/server/monthly-testing';
import type { MyDonationsResponse } from '../schemas';

const identity = createTestIdentity();
const other = { ...donor, contributor_name: 'Andrés', email: 'andres@example.com' };

describe('Mis donaciones', () => {
  let standIn: MonthlyStandIn;
  let sandbox: PaymentSandboxApp;
  let api: TestApi;
  let mine: string;
  let theirs: string;

  /** A monthly gift authorized with an APRO card at the stand-in, its first charge recorded. */
  const monthlyGift = async (person: typeof donor, amount: string) => {
    const started = await standIn.start({ ...person, optional_donation_amount: amount });
    expect(started.statusCode).toBe(201);
    const body = started.json() as { init_point: string; reference: string };
    await standIn.authorize(body.init_point, { payer_email: person.email });
    await standIn.settle();
    return body.reference;
  };
  const signedIn = (email: string, verified = true) => ({
    authorization: `Bearer ${identity.token({ email }, verified ? {} : { email_verified: false })}`,
  });
  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string> = signedIn('camila@example.com'),
    payload?: object,
  ) => api.app.inject({ method, url: `/api/giving/mine${url}`, headers, ...(payload ? { payload } : {}) });
  const preapproval = async (reference: string) => {
    const row = await api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    return sandbox.sandbox.subscriptions().find((p) => p.id === row.preapproval_id);
  };

  beforeAll(async () => {
    standIn = await startMonthlyStandIn({ identity: identity.verifier });
    ({ api, sandbox } = standIn);
    mine = await monthlyGift(donor, '35000');
    theirs = await monthlyGift(other, '50000');
    // One-time donations with the same address, written as the donor typed it (case differs): one approved, one refunded
    // after approval, one never paid.
    const oneTime = (reference: string, status: string, approved: Date | null) => ({
      reference,
      contributor_name: donor.contributor_name,
      contributor_lastname: donor.contributor_lastname,
      id_type: donor.id_type,
      id_number: donor.id_number,
      email: 'Camila@Example.COM',
      phone_number: donor.phone_number,
      donation_amount: 80000,
      payment_status: status,
      date_approved: approved,
    });
    await api.db
      .insertInto('giving.contributions')
      .values([
        oneTime('DON-once-approved', 'approved', new Date('2026-03-02T15:00:00Z')),
        oneTime('DON-once-refunded', 'refunded', new Date('2026-02-01T15:00:00Z')),
        oneTime('DON-once-unpaid', 'pending', null),
      ])
      .execute();
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('asks to sign in (401), and to verify the address first (403, in Spanish)', async () => {
    expect((await call('GET', '', {})).statusCode).toBe(401);
    const unverified = await call('GET', '', signedIn('camila@example.com', false));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ message: expect.stringContaining('Verifica tu correo electrónico') });
    const action = await call('POST', `/${mine}/pause`, signedIn('camila@example.com', false));
    expect(action.statusCode).toBe(403);
    expect((await preapproval(mine))?.status).toBe('authorized');
  });

  it('lists the verified address’s monthly gifts with their charges, and its approved one-time donations, whatever the case', async () => {
    const res = await call('GET', '', signedIn('CAMILA@example.com'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as MyDonationsResponse;
    expect(body.monthly.map((g) => g.reference)).toEqual([mine]);
    expect(body.monthly[0]).toMatchObject({ amount: 35000, status: 'authorized', failing: false });
    expect(body.monthly[0]?.next_payment_date).not.toBeNull();
    expect(body.monthly[0]?.charges).toEqual([expect.objectContaining({ amount: 35000, status: 'approved' })]);
    // The monthly charge is listed with its gift, not again among the one-time donations; the unpaid one is none.
    expect(body.donations).toEqual([
      { reference: 'DON-once-approved', amount: 80000, date: '2026-03-02T15:00:00.000Z', status: 'approved' },
      { reference: 'DON-once-refunded', amount: 80000, date: '2026-02-01T15:00:00.000Z', status: 'refunded' },
    ]);
  });

  it('answers another person’s gift exactly as an unknown one (404), and changes nothing at the provider', async () => {
    for (const [method, suffix, payload] of [
      ['PUT', '/amount', { amount: 20000 }],
      ['POST', '/pause', undefined],
      ['POST', '/cancel', { confirm: true }],
    ] as const) {
      const foreign = await call(method, `/${theirs}${suffix}`, undefined, payload);
      const unknown = await call(method, `/MEN-no-such-gift${suffix}`, undefined, payload);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.json()).toMatchObject({ message: 'No encontramos esa donación mensual entre tus donaciones.' });
    }
    expect(await preapproval(theirs)).toMatchObject({
      status: 'authorized',
      auto_recurring: expect.objectContaining({ transaction_amount: 50000 }),
    });
    const listed = (await call('GET', '', signedIn('andres@example.com'))).json() as MyDonationsResponse;
    expect(listed.monthly.map((g) => g.reference)).toEqual([theirs]);
    expect(listed.donations).toEqual([]);
  });

  it('changes the amount, pauses and resumes the donor’s own gift at the provider first, as the manage link does', async () => {
    const lower = await call('PUT', `/${mine}/amount`, undefined, { amount: 20000 });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ reference: mine, amount: 20000 });
    expect((await preapproval(mine))?.auto_recurring.transaction_amount).toBe(20000);
    expect((await call('PUT', `/${mine}/amount`, undefined, { amount: 1000 })).statusCode).toBe(400);

    const paused = await call('POST', `/${mine}/pause`);
    expect(paused.json()).toMatchObject({ status: 'paused', next_payment_date: null });
    expect((await preapproval(mine))?.status).toBe('paused');
    expect((await call('POST', `/${mine}/pause`)).statusCode).toBe(409);
    const resumed = await call('POST', `/${mine}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'authorized' });
    expect((await preapproval(mine))?.status).toBe('authorized');
  });

  it('cancels only with the confirmation, at the provider, and e-mails the donor', async () => {
    expect((await call('POST', `/${mine}/cancel`, undefined, {})).statusCode).toBe(400);
    expect((await preapproval(mine))?.status).toBe('authorized');
    const cancelled = await call('POST', `/${mine}/cancel`, undefined, { confirm: true });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await preapproval(mine))?.status).toBe('cancelled');
    await standIn.settle();
    expect(await standIn.subjectCount(donor.email, 'Cancelaste tu donación mensual')).toBe(1);
    expect((await call('POST', `/${mine}/resume`)).statusCode).toBe(409);
    const listed = (await call('GET', '')).json() as MyDonationsResponse;
    expect(listed.monthly[0]).toMatchObject({ reference: mine, status: 'cancelled' });
  });
});
