// Monthly giving (#29) against the payments stand-in's subscriptions (sandbox/src/payments), started in-process: the
// site's real clients, the hosted authorization page, the stand-in's clock, and its signed notifications delivered to
// the site over HTTP twice and out of order.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cancelMonthlyGiftsBeforeErasure } from '../../../manifest/monthly-erasure';
import { sendMonthlyCare } from './care';
import { signNotification } from 'shared/server/payments/signature';
import { issueAnnual } from '../../certificates/server/annual';
import { donorKeyOf } from '../../certificates/server/rules';
import { monthlyDonor as donor, startMonthlyStandIn, type MonthlyStandIn } from './monthly-testing';

describe('monthly giving against the subscriptions stand-in', () => {
  let standIn: MonthlyStandIn;
  let sandbox: MonthlyStandIn['sandbox'];
  let sandboxUrl: string;
  let api: MonthlyStandIn['api'];

  beforeAll(async () => {
    standIn = await startMonthlyStandIn();
    ({ api, sandbox, sandboxUrl } = standIn);
  });
  afterAll(async () => standIn.close());

  const start = (payload: Record<string, unknown>) => standIn.start(payload);
  const settle = () => standIn.settle();
  const authorize = (initPoint: string, fields: Record<string, string> = {}) => standIn.authorize(initPoint, fields);
  const charges = (reference: string) => standIn.charges(reference);
  const mails = (to: string) => standIn.mails(to);
  const subjectCount = (to: string, subject: string) => standIn.subjectCount(to, subject);
  const latestToken = (to: string) => standIn.latestToken(to);
  const advance = (days: number) => standIn.advance(days);
  const manage = (token: string, suffix = '', method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) =>
    standIn.manage(token, suffix, method, payload);

  let reference: string;
  let preapprovalId: string;
  const email = donor.email;

  it('starts a monthly gift: a pending preapproval for the amount the server decided, card only, answered as init_point', async () => {
    const res = await start({ ...donor, optional_donation_amount: '35000' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { init_point: string; reference: string; amount: number };
    expect(body.amount).toBe(35000);
    expect(body.init_point).toContain('/subscriptions/checkout?preapproval_id=');
    reference = body.reference;
    const row = await api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', amount: 35000, email });
    const pre = sandbox.sandbox.subscriptions().find((p) => p.id === row.preapproval_id);
    expect(pre).toMatchObject({ external_reference: reference, payer_email: email, status: 'pending' });
    expect(pre?.back_url).toMatch(/\/contribuciones\/mensual\/resultado$/);
    const consent = await api.db
      .selectFrom('privacy.consents')
      .selectAll()
      .where('record_table', '=', 'giving.subscriptions')
      .where('record_ref', '=', reference)
      .executeTakeFirst();
    expect(consent).toMatchObject({ form: 'giving.monthly', subject_email: email });

    const auth = await authorize(body.init_point);
    expect(auth.status).toBe(303);
    preapprovalId = auth.id;
    await settle();
    const after = await api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    // The card the first charge was made to, as the provider's payment reports it (for the expiry notice).
    expect(after).toMatchObject({ status: 'authorized', failing: false, card_last_four: '3564', card_expires: '2035-11' });
    expect(after.next_payment_date).not.toBeNull();
    const first = await charges(reference);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ payment_status: 'approved', donation_amount: 35000, contributor_name: 'Camila' });
    expect(await subjectCount(email, 'Tu donación mensual quedó activa')).toBe(1);
  });

  it('records one donation per cycle as the clock moves two months, with one receipt each, despite duplicates and out-of-order deliveries', async () => {
    await advance(31);
    await advance(31);
    const rows = await charges(reference);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.payment_status === 'approved')).toBe(true);
    expect(new Set(rows.map((r) => r.authorized_payment_id)).size).toBe(3);
    expect(await subjectCount(email, 'Tu donación mensual quedó activa')).toBe(1);
    expect(await subjectCount(email, 'Gracias por tu donación de este mes')).toBe(2);
  });

  it('applies the same notification delivered again, late, as nothing new', async () => {
    const cycles = await api.ctx.subscriptions.searchAuthorizedPayments(preapprovalId);
    const oldest = cycles[0]!;
    const requestId = `late-${Date.now()}`;
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/giving/monthly/notifications?data.id=${oldest.id}&type=subscription_authorized_payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification(api.ctx.settings.paymentWebhookSecret, oldest.id, requestId) },
      payload: { type: 'subscription_authorized_payment', data: { id: oldest.id } },
    });
    expect(res.statusCode).toBe(200);
    expect(await charges(reference)).toHaveLength(3);
    expect(await subjectCount(email, 'Gracias por tu donación de este mes')).toBe(2);
  });

  it('refuses an unsigned or wrongly signed notification', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/giving/monthly/notifications?data.id=${preapprovalId}&type=subscription_preapproval`,
      headers: { 'x-request-id': 'forged', 'x-signature': signNotification('not-the-secret', preapprovalId, 'forged') },
    });
    expect(res.statusCode).toBe(401);
  });

  it('sends a notice with what to do after a rejected charge, marks the gift failing, and records the retry that passes', async () => {
    sandbox.sandbox.subscriptionEngine.setNextCharges(preapprovalId, { outcomes: ['rejected'] });
    // To the next charge only (the provider retries a day later).
    const due = Date.parse((await api.ctx.subscriptions.getSubscription(preapprovalId))!.next_payment_date!);
    await advance((due - sandbox.sandbox.subscriptionEngine.now().getTime()) / 86_400_000 + 0.01);
    expect(await subjectCount(email, 'No pudimos cobrar tu donación mensual')).toBe(1);
    const notice = (await mails(email)).find((m) => m.subject.startsWith('No pudimos cobrar tu donación mensual'))!;
    expect(notice.text).toContain('Qué puedes hacer');
    let row = await api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(row.failing).toBe(true);
    expect(await charges(reference)).toHaveLength(3);
    // The provider retries the next day: approved, the cycle's one donation.
    await advance(1.5);
    row = await api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(row.failing).toBe(false);
    expect(await charges(reference)).toHaveLength(4);
    expect(await subjectCount(email, 'No pudimos cobrar tu donación mensual')).toBe(1);
  });

  it('lets the donor manage the gift from the latest e-mail’s link: see it, lower the amount, pause, resume', async () => {
    const tok = await latestToken(email);
    const seen = await manage(tok);
    expect(seen.statusCode).toBe(200);
    const view = seen.json() as { amount: number; status: string; charges: unknown[]; next_payment_date: string | null };
    expect(view).toMatchObject({ amount: 35000, status: 'authorized' });
    expect(view.charges).toHaveLength(4);
    expect(view.next_payment_date).not.toBeNull();

    const lower = await manage(tok, '/amount', 'PUT', { amount: 20000 });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ amount: 20000 });
    expect(sandbox.sandbox.subscriptions().find((p) => p.id === preapprovalId)?.auto_recurring.transaction_amount).toBe(20000);

    const paused = await manage(tok, '/pause', 'POST');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', next_payment_date: null });
    expect((await manage(tok, '/pause', 'POST')).statusCode).toBe(409);
    const resumed = await manage(tok, '/resume', 'POST');
    expect(resumed.json()).toMatchObject({ status: 'authorized' });
    await settle();

    // The next cycle charges the new amount.
    await advance(31);
    const rows = await charges(reference);
    expect(rows.at(-1)).toMatchObject({ donation_amount: 20000, payment_status: 'approved' });
  });

  it('keeps the amount within the published bounds and the provider’s (COP 1.600 – 30.000.000)', async () => {
    const tok = await latestToken(email);
    expect((await manage(tok, '/amount', 'PUT', { amount: 1000 })).statusCode).toBe(400);
    expect((await manage(tok, '/amount', 'PUT', { amount: 40_000_000 })).statusCode).toBe(400);
    expect((await manage(tok, '/amount', 'PUT', { amount: 20000.5 })).statusCode).toBe(400);
    expect((await start({ ...donor, email: 'bounds@example.com', optional_donation_amount: '1000' })).statusCode).toBe(400);
    expect((await start({ ...donor, email: 'bounds@example.com', optional_donation_amount: '30000001' })).statusCode).toBe(400);
  });

  it('cancels only with the confirmation, for good, and e-mails the donor', async () => {
    const tok = await latestToken(email);
    expect((await manage(tok, '/cancel', 'POST', {})).statusCode).toBe(400);
    expect((await manage(tok, '/cancel', 'POST', { confirm: false })).statusCode).toBe(400);
    const cancelled = await manage(tok, '/cancel', 'POST', { confirm: true });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(sandbox.sandbox.subscriptions().find((p) => p.id === preapprovalId)?.status).toBe('cancelled');
    await settle();
    expect(await subjectCount(email, 'Cancelaste tu donación mensual')).toBe(1);
    const row = await api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancel_reason: 'donante' });
    expect((await manage(tok, '/resume', 'POST')).statusCode).toBe(409);
    const before = (await charges(reference)).length;
    await advance(31);
    expect(await charges(reference)).toHaveLength(before);
  });

  it('answers 404 in Spanish for a wrong, malformed or replaced token', async () => {
    // The first e-mail's link was replaced by every later e-mail's.
    const all = await mails(email);
    const oldest = /\/contribuciones\/mensual\/gestionar\/([A-Za-z0-9_-]{43})/.exec(all.at(-1)!.text)![1]!;
    expect((await manage(oldest)).statusCode).toBe(404);
    const wrong = await manage('A'.repeat(43));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ message: expect.stringContaining('No encontramos esta donación mensual') });
    expect((await manage('short')).statusCode).toBe(404);
    expect((await manage('A'.repeat(43), '/pause', 'POST')).statusCode).toBe(404);
  });
  it('records a cycle whose notifications were lost when the subscription is next notified', async () => {
    const lost = 'perdida@example.com';
    const res = await start({ ...donor, email: lost, donation_amount: '$ 50.000' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { init_point: string; reference: string };
    const auth = await authorize(body.init_point, { payer_email: lost });
    expect(auth.status).toBe(303);
    await settle();
    expect(await charges(body.reference)).toHaveLength(1);
    const control = (drop: boolean) =>
      fetch(`${sandboxUrl}/sandbox/notifications/drop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payer_email: lost, drop }),
      });
    await control(true);
    await advance(31);
    expect(await charges(body.reference)).toHaveLength(1);
    await control(false);
    // The pause's notification (any subscription notification) makes up for the lost cycle.
    const tok = await latestToken(lost);
    expect((await manage(tok, '/pause', 'POST')).statusCode).toBe(200);
    await settle();
    const rows = await charges(body.reference);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.payment_status === 'approved' && r.donation_amount === 50000)).toBe(true);
    expect(await subjectCount(lost, 'Gracias por tu donación de este mes')).toBe(1);
  });
  it('records a month whose notifications were all lost at the daily catch-up, with no later notification', async () => {
    const silent = 'silenciosa@example.com';
    const res = await start({ ...donor, email: silent, donation_amount: '$ 50.000' });
    const body = res.json() as { init_point: string; reference: string };
    expect((await authorize(body.init_point, { payer_email: silent })).status).toBe(303);
    await settle();
    await fetch(`${sandboxUrl}/sandbox/notifications/drop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer_email: silent, drop: true }),
    });
    await advance(31);
    expect(await charges(body.reference)).toHaveLength(1);
    const { caughtUp } = await sendMonthlyCare(api.ctx, new Date());
    await settle();
    expect(caughtUp.failed).toBe(0);
    const rows = await charges(body.reference);
    expect(rows.map((r) => r.payment_status)).toEqual(['approved', 'approved']);
    expect(await subjectCount(silent, 'Gracias por tu donación de este mes')).toBe(1);
    // A second run records nothing more.
    await sendMonthlyCare(api.ctx, new Date());
    await settle();
    expect(await charges(body.reference)).toHaveLength(2);
  });
  it('applies a refund of a recorded charge to its donation, as a one-time gift’s', async () => {
    const [charge] = await charges(reference);
    const real = api.ctx.payments;
    const paid = (await real.getPayment(charge!.payment_id!))!;
    // The stand-in has no refunds: the provider's read of this payment reports one.
    api.ctx.payments = {
      ...real,
      getPayment: async (id) => (id === paid.id ? { ...paid, status: 'refunded', status_detail: 'refunded' } : real.getPayment(id)),
    };
    try {
      const requestId = `refund-${Date.now()}`;
      const res = await api.app.inject({
        method: 'POST',
        url: `/api/giving/monthly/notifications?data.id=${paid.id}&type=payment`,
        headers: { 'x-request-id': requestId, 'x-signature': signNotification(api.ctx.settings.paymentWebhookSecret, paid.id, requestId) },
        payload: { type: 'payment', data: { id: paid.id } },
      });
      expect(res.json()).toMatchObject({ applied: true });
    } finally {
      api.ctx.payments = real;
    }
    const after = await api.db
      .selectFrom('giving.contributions')
      .selectAll()
      .where('reference', '=', charge!.reference)
      .executeTakeFirstOrThrow();
    expect(after.payment_status).toBe('refunded');
  });
  it('counts the approved monthly charges, not the refunded one, in the donor’s annual certificate', async () => {
    const all = await charges(reference);
    const refunded = all.find((c) => c.payment_status === 'refunded')!;
    const year = Number(new Date(all[1]!.date_approved!).toLocaleDateString('en-CA', { timeZone: 'America/Bogota' }).slice(0, 4));
    const outcome = await issueAnnual(api.db, donorKeyOf(donor.id_type, donor.id_number), year, 'prueba');
    expect(outcome).toMatchObject({ created: true });
    const certified = await api.db
      .selectFrom('giving.certificate_donations')
      .select('contribution_reference')
      .where('certificate_id', '=', (outcome as { id: number }).id)
      .execute();
    const refs = certified.map((c) => c.contribution_reference);
    expect(refs).not.toContain(refunded.reference);
    const approvedThatYear = (
      await api.db.selectFrom('giving.contributions').selectAll().where('payment_status', '=', 'approved').execute()
    ).filter((c) => new Date(c.date_approved!).toLocaleDateString('en-CA', { timeZone: 'America/Bogota' }).startsWith(String(year)));
    expect(approvedThatYear.some((c) => c.subscription_reference === reference)).toBe(true);
    expect(refs.sort()).toEqual(approvedThatYear.map((c) => c.reference).sort());
  });
  it('tells the donor once when the provider cancels the gift after three rejected monthly charges', async () => {
    const lapsed = 'rechazada@example.com';
    const res = await start({ ...donor, email: lapsed, optional_donation_amount: '25000' });
    const body = res.json() as { init_point: string; reference: string };
    const auth = await authorize(body.init_point, { payer_email: lapsed });
    const id = auth.id;
    expect(auth.status).toBe(303);
    await settle();
    sandbox.sandbox.subscriptionEngine.setNextCharges(id, { outcomes: Array.from({ length: 15 }, () => 'rejected') });
    for (let month = 0; month < 4; month++) await advance(31);
    const row = await api.db
      .selectFrom('giving.subscriptions')
      .selectAll()
      .where('reference', '=', body.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancel_reason: 'proveedor', failing: true });
    expect(await subjectCount(lapsed, 'Tu donación mensual se canceló')).toBe(1);
    // One notice per rejected monthly charge, not per retry.
    expect(await subjectCount(lapsed, 'No pudimos cobrar tu donación mensual')).toBe(3);
    expect(await charges(body.reference)).toHaveLength(1);
  });

  it('cancels a person’s live monthly gift at the provider before their data is erased, and erases nothing if it cannot', async () => {
    const leaving = 'supresion@example.com';
    const res = await start({ ...donor, email: leaving, optional_donation_amount: '20000' });
    const body = res.json() as { init_point: string; reference: string };
    const auth = await authorize(body.init_point, { payer_email: leaving });
    const id = auth.id;
    expect(auth.status).toBe(303);
    await settle();
    // The provider does not answer: the erasure stops before anything is erased.
    const working = api.ctx.subscriptions;
    api.ctx.subscriptions = { ...working, updateSubscription: () => Promise.reject(new Error('caído')) };
    await expect(
      api.db.transaction().execute((trx) => cancelMonthlyGiftsBeforeErasure(api.ctx, trx, leaving.toUpperCase())),
    ).rejects.toMatchObject({
      statusCode: 502,
    });
    api.ctx.subscriptions = working;
    expect((await working.getSubscription(id))?.status).toBe('authorized');
    await api.db.transaction().execute((trx) => cancelMonthlyGiftsBeforeErasure(api.ctx, trx, leaving));
    expect((await working.getSubscription(id))?.status).toBe('cancelled');
    // No more charges reach a card whose owner asked to be forgotten.
    await advance(62);
    expect(await charges(body.reference)).toHaveLength(1);
    // Ended at the provider already (the site never heard): the provider refuses the cancel, the erasure goes on.
    await api.db.updateTable('giving.subscriptions').set({ status: 'authorized' }).where('reference', '=', body.reference).execute();
    await api.db.transaction().execute((trx) => cancelMonthlyGiftsBeforeErasure(api.ctx, trx, leaving));
    expect(
      (await api.db.selectFrom('giving.subscriptions').select('status').where('reference', '=', body.reference).executeTakeFirstOrThrow())
        .status,
    ).toBe('cancelled');
  });
});
