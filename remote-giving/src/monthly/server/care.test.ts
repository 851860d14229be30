// The monthly gifts' daily care job (#29, care.ts) with an injected `now`, over gifts authorized at the payments
// stand-in (the card's expiry comes from the provider's payment of the first charge).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatCOP } from 'shared/format/money';
import { bogotaDay, runOnce } from 'shared/server/jobs';
import { emailDigest, MONTHLY_CARE_JOB, sendMonthlyCare } from './care';
import { monthlyDonor, startMonthlyStandIn, type MonthlyStandIn } from './monthly-testing';

/** The Bogotá year and month (1–12) of an instant. */
const bogotaMonth = (at: Date) => {
  const day = bogotaDay(at);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
};
const nextMonthOf = ({ year, month }: { year: number; month: number }) =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
const key = ({ year, month }: { year: number; month: number }) => `${year}-${String(month).padStart(2, '0')}`;

describe('monthly gifts: the card-expiry notice and the January thank-you', () => {
  let h: MonthlyStandIn;
  beforeAll(async () => {
    h = await startMonthlyStandIn();
  });
  afterAll(async () => h.close());
  const expirySubject = 'La tarjeta de tu donación mensual está por vencer';

  /** A gift started and authorized with a card that expires at the end of `expires`; answers its reference. */
  const gift = async (email: string, amount: string, expires: { year: number; month: number }) => {
    const res = await h.start({ ...monthlyDonor, email, optional_donation_amount: amount });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { init_point: string; reference: string };
    const auth = await h.authorize(body.init_point, {
      payer_email: email,
      expiration_month: String(expires.month),
      expiration_year: String(expires.year),
    });
    expect(auth.status).toBe(303);
    await h.settle();
    return body.reference;
  };
  const run = async (now: Date) => {
    const result = await sendMonthlyCare(h.api.ctx, now);
    await h.api.mailer.flush();
    return result;
  };
  const row = (reference: string) =>
    h.api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();

  it('tells an active or paused gift once, a month before its card expires, which card, when and what to do; not a cancelled one', async () => {
    const now = h.sandbox.sandbox.subscriptionEngine.now();
    const expires = nextMonthOf(bogotaMonth(now));
    const active = await gift('activa@example.com', '30000', expires);
    await gift('pausada@example.com', '25000', expires);
    const cancelled = await gift('cancelada@example.com', '20000', expires);
    await gift('lejana@example.com', '20000', nextMonthOf(expires));
    expect(await row(active)).toMatchObject({ card_last_four: '3564', card_expires: key(expires) });

    expect((await h.manage(await h.latestToken('pausada@example.com'), '/pause', 'POST')).statusCode).toBe(200);
    const cancel = await h.manage(await h.latestToken('cancelada@example.com'), '/cancel', 'POST', { confirm: true });
    expect(cancel.statusCode).toBe(200);
    await h.settle();
    expect((await row(cancelled)).status).toBe('cancelled');

    // Two months before: not yet.
    const early = new Date(now.getTime() - 62 * 86_400_000);
    expect((await run(early)).expiry).toBe(0);

    expect((await run(now)).expiry).toBe(2);
    const [mail] = await h.mails('activa@example.com');
    expect(mail?.subject.startsWith(expirySubject)).toBe(true);
    expect(mail?.text).toContain('terminada en 3564');
    expect(mail?.text).toMatch(/vence al final de [a-z]+ de \d{4}/);
    expect(mail?.text).toContain('actualízala en tu cuenta de Mercado Pago');
    expect(mail?.text).toContain('cancela esta donación mensual desde tu enlace personal');
    // A fresh manage link, which works (and replaces the receipt's).
    const tok = await h.latestToken('activa@example.com');
    expect((await h.manage(tok)).json()).toMatchObject({ reference: active, status: 'authorized' });
    expect(await h.subjectCount('pausada@example.com', expirySubject)).toBe(1);
    expect(await h.subjectCount('cancelada@example.com', expirySubject)).toBe(0);
    expect(await h.subjectCount('lejana@example.com', expirySubject)).toBe(0);

    // The next day, and a second run the same day: nothing again.
    expect((await run(now)).expiry).toBe(0);
    expect((await run(new Date(now.getTime() + 86_400_000))).expiry).toBe(0);
    expect(await h.subjectCount('activa@example.com', expirySubject)).toBe(1);

    // A month on, the later card's turn; the expired ones are told nothing more (their charge's rejection says it).
    const monthOn = new Date(Date.UTC(expires.year, expires.month - 1, 15, 15));
    expect((await run(monthOn)).expiry).toBe(1);
    expect(await h.subjectCount('lejana@example.com', expirySubject)).toBe(1);
    const afterExpiry = new Date(Date.UTC(nextMonthOf(nextMonthOf(expires)).year, nextMonthOf(nextMonthOf(expires)).month - 1, 15, 15));
    expect((await run(afterExpiry)).expiry).toBe(0);
  });

  it('thanks each donor in January for the previous year’s approved monthly charges, once, without refunds or other years', async () => {
    const email = 'anual@example.com';
    const now = h.sandbox.sandbox.subscriptionEngine.now();
    const first = await gift(email, '40000', { year: 2035, month: 11 });
    const year = bogotaMonth(new Date((await h.charges(first))[0]!.date_approved!)).year;
    // A second gift under the same address written otherwise: one donor, one e-mail, to the latest gift's address.
    const second = await h.api.db
      .insertInto('giving.subscriptions')
      .values({
        reference: 'MEN-care-second',
        contributor_name: 'Camila',
        contributor_lastname: 'Rojas',
        id_type: 'Cédula de ciudadanía',
        id_number: '52123456',
        email: 'Anual@Example.com',
        phone_number: '3105550000',
        amount: 15000,
        status: 'cancelled',
        manage_token_hash: 'care-second-hash',
        created_at: new Date(now.getTime() + 1000),
      })
      .returning('reference')
      .executeTakeFirstOrThrow();
    let seq = 0;
    const charge = (gift: string, amount: number, status: string, approved: string) =>
      h.api.db
        .insertInto('giving.contributions')
        .values({
          reference: `DON-care-${++seq}`,
          contributor_name: 'Camila',
          contributor_lastname: 'Rojas',
          id_type: 'Cédula de ciudadanía',
          id_number: '52123456',
          email,
          phone_number: '3105550000',
          donation_amount: amount,
          payment_status: status,
          date_approved: new Date(approved),
          subscription_reference: gift,
          authorized_payment_id: `care-${seq}`,
        })
        .execute();
    await charge(second.reference, 15_000, 'approved', `${year}-03-10T15:00:00Z`);
    // Refunded, charged back, the year before, and 1 January 00:30 Bogotá of the next year: none counts.
    await charge(second.reference, 15_000, 'refunded', `${year}-04-10T15:00:00Z`);
    await charge(first, 40_000, 'charged_back', `${year}-05-10T15:00:00Z`);
    await charge(second.reference, 15_000, 'approved', `${year - 1}-12-31T15:00:00Z`);
    await charge(second.reference, 15_000, 'approved', `${year + 1}-01-01T05:30:00Z`);
    // 31 December 23:30 Bogotá is still the year.
    await charge(second.reference, 15_000, 'approved', `${year + 1}-01-01T04:30:00Z`);
    // The first gift's first charge (40.000) and the second gift's two charges of the year.
    const expected = 40_000 + 15_000 + 15_000;

    // Not in December, nor in February.
    expect((await run(new Date(`${year}-12-31T15:00:00Z`))).thanks).toBe(0);
    expect((await run(new Date(`${year + 1}-02-01T15:00:00Z`))).thanks).toBe(0);

    const january = new Date(`${year + 1}-01-05T14:00:00Z`);
    expect((await run(january)).thanks).toBeGreaterThanOrEqual(1);
    const thanks = (await h.mails('Anual@Example.com')).filter((m) => m.subject.startsWith(`Gracias por donar cada mes en ${year}`));
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.text).toContain(`un total de ${formatCOP(expected)} en 3 cobros`);
    expect(thanks[0]!.text).toContain('certificado anual consolidado');
    expect(await h.subjectCount(email, 'Gracias por donar cada mes')).toBe(0);
    const notice = await h.api.db
      .selectFrom('giving.subscription_notices')
      .selectAll()
      .where('payment_id', '=', `thanks:${year}:${emailDigest(email)}`)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ subscription_reference: 'MEN-care-second', kind: 'thanks' });

    // Run again the same day, later in January, or by a second instance through the job's daily claim: no second one.
    expect((await run(january)).thanks).toBe(0);
    expect((await run(new Date(`${year + 1}-01-20T14:00:00Z`))).thanks).toBe(0);
    const again = await runOnce(h.api.db, MONTHLY_CARE_JOB, bogotaDay(january), () => sendMonthlyCare(h.api.ctx, january));
    expect(again).toMatchObject({ ran: true, result: { thanks: 0 } });
    expect((await runOnce(h.api.db, MONTHLY_CARE_JOB, bogotaDay(january), () => sendMonthlyCare(h.api.ctx, january))).ran).toBe(false);
    await h.api.mailer.flush();
    expect(await h.subjectCount('Anual@Example.com', 'Gracias por donar cada mes')).toBe(1);
  });
});
