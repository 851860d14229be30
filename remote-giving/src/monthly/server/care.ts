import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { formatMonth } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import type { ApiContext } from 'shared/server/api-contract';
import { bogotaDay, scheduleDaily } from 'shared/server/jobs';
import { renderMail, SECRET } from 'shared/server/mail-template';
import { yearBounds } from '../../certificates/server/rules';
import { catchUpMonthlyGifts, issueManageLink, manageParagraph } from './monthly';

/**
 * Donor care for monthly gifts (#29), a daily job of the giving domain (08:00 Bogotá, once a day across instances):
 *
 * - **The card expires soon.** Each active or paused gift whose card (the latest approved charge's, migration 012)
 *   expires at the end of this Bogotá month or the next gets one e-mail per card expiry: which card, when, what to do,
 *   and a fresh manage link. A card already expired gets none (its charge is rejected, and that notice says what to
 *   do); a cancelled or never authorized gift gets none.
 * - **January's thank-you.** On days of January (Bogotá) each donor, by e-mail address, whose monthly charges were
 *   approved in the previous Bogotá year gets one thank-you with that year's total and count (refunded or charged-back
 *   charges are no longer approved, so they do not count) and where to ask for the annual certificate.
 *
 * - **The catch-up.** Before both, every gift not cancelled is read again from the provider with its cycles
 *   (`catchUpMonthlyGifts`): a month whose notifications were all lost is recorded, receipt included, within a day.
 *
 * Each e-mail is claimed first in giving.subscription_notices (its unique key), so a second run, a second instance or
 * a retried day sends none again.
 */

export const MONTHLY_CARE_JOB = 'giving.monthly.care';
/** Hour of the Bogotá day from which the day's run is due. */
export const MONTHLY_CARE_HOUR = 8;

type CareContext = Pick<ApiContext, 'db' | 'mailer' | 'settings'>;

/** 'YYYY-MM' of a year and a month 1–12 (months past 12 roll into the next year). */
const monthKey = (year: number, month: number) => {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  return `${y}-${String(m).padStart(2, '0')}`;
};

/** SHA-256 (hex) of an address as the thank-you's key names it: lower-cased and trimmed. */
export const emailDigest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Claims a notice's key; true for the first claim only. */
async function claimNotice(ctx: CareContext, key: string, subscriptionReference: string, kind: string): Promise<boolean> {
  const first = await ctx.db
    .insertInto('giving.subscription_notices')
    .values({ payment_id: key, subscription_reference: subscriptionReference, kind })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  return first !== undefined;
}

/** The expiry notices due at `now`; answers how many went out. */
export async function sendExpiryNotices(ctx: CareContext, now: Date): Promise<number> {
  const today = bogotaDay(now);
  const thisMonth = today.slice(0, 7);
  const nextMonth = monthKey(Number(today.slice(0, 4)), Number(today.slice(5, 7)) + 1);
  const due = await ctx.db
    .selectFrom('giving.subscriptions')
    .selectAll()
    .where('status', 'in', ['authorized', 'paused'])
    .where('card_last_four', 'is not', null)
    .where('card_expires', '>=', thisMonth)
    .where('card_expires', '<=', nextMonth)
    .orderBy('id')
    .execute();
  let sent = 0;
  for (const row of due) {
    const expires = row.card_expires as string;
    if (!(await claimNotice(ctx, `expiry:${row.reference}:${expires}`, row.reference, 'expiry'))) continue;
    const link = await issueManageLink(ctx, row);
    const when = formatMonth(expires);
    await ctx.mailer.send(
      renderMail({
        to: row.email,
        subject: 'La tarjeta de tu donación mensual está por vencer',
        greeting: 'Hola:',
        paragraphs: [
          `La tarjeta terminada en ${row.card_last_four} con la que Mercado Pago cobra tu donación mensual de ${formatCOP(row.amount)} vence al final de ${when}. Después de esa fecha tu banco rechazará los cobros y, si se rechazan tres cobros mensuales seguidos, la donación mensual se cancela.`,
          'Qué puedes hacer: si tu banco te dio una tarjeta nueva, actualízala en tu cuenta de Mercado Pago, en la sección de suscripciones. Si prefieres, cancela esta donación mensual desde tu enlace personal y empieza una nueva en nuestra página de contribuciones con la tarjeta nueva.',
          manageParagraph,
        ],
        details: [
          ['Tarjeta', `terminada en ${row.card_last_four}`],
          ['Vence', `final de ${when}`],
          ['Donación mensual', row.reference],
          ['Gestionar tu donación mensual', link, SECRET],
        ],
      }),
    );
    sent += 1;
  }
  return sent;
}

/** January's thank-you for the previous Bogotá year's monthly charges (nothing on other days); answers how many went out. */
export async function sendYearThanks(ctx: CareContext, now: Date): Promise<number> {
  const today = bogotaDay(now);
  if (today.slice(5, 7) !== '01') return 0;
  const year = Number(today.slice(0, 4)) - 1;
  const [from, to] = yearBounds(year);
  // Per address (lower-cased), from the gifts that still exist (an erased gift's donor is not written to again).
  const donors = await ctx.db
    .selectFrom('giving.contributions as c')
    .innerJoin('giving.subscriptions as s', 's.reference', 'c.subscription_reference')
    .select([
      sql<string>`lower(trim(s.email))`.as('address'),
      sql<string>`sum(c.donation_amount)`.as('total'),
      sql<string>`count(*)`.as('charges'),
    ])
    .where('c.payment_status', '=', 'approved')
    .where('c.date_approved', '>=', from)
    .where('c.date_approved', '<', to)
    .groupBy(sql`lower(trim(s.email))`)
    .orderBy(sql`lower(trim(s.email))`)
    .execute();
  let sent = 0;
  for (const donor of donors) {
    // The donor's most recent gift names the notice (and gives the address as they typed it).
    const latest = await ctx.db
      .selectFrom('giving.subscriptions')
      .select(['reference', 'email'])
      .where(sql<string>`lower(trim(email))`, '=', donor.address)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if (!(await claimNotice(ctx, `thanks:${year}:${emailDigest(donor.address)}`, latest.reference, 'thanks'))) continue;
    const total = Number(donor.total);
    const charges = Number(donor.charges);
    await ctx.mailer.send(
      renderMail({
        to: latest.email,
        subject: `Gracias por donar cada mes en ${year}`,
        greeting: 'Hola:',
        paragraphs: [
          `En ${year} donaste cada mes un total de ${formatCOP(total)} en ${charges === 1 ? '1 cobro' : `${charges} cobros`}. Gracias por acompañar mes a mes el trabajo de ${site.name}.`,
          `Para tu declaración de renta, pide el certificado anual consolidado de tus donaciones de ${year}: escríbenos a ${site.contact.email} desde este correo con tu nombre completo y tu documento, y te lo enviamos. Los cobros reembolsados no cuentan en este total ni en el certificado.`,
        ],
        details: [
          ['Año', String(year)],
          ['Total donado cada mes', formatCOP(total)],
          ['Cobros', String(charges)],
          ['Entidad', site.nit ? `${site.name}, NIT ${site.nit}` : site.name],
        ],
      }),
    );
    sent += 1;
  }
  return sent;
}

/** One day's care: the catch-up from the provider, the expiry notices and, in January, the year's thank-you. */
export async function sendMonthlyCare(
  ctx: ApiContext,
  now: Date = new Date(),
  log: Pick<FastifyBaseLogger, 'warn'> = { warn: () => undefined },
): Promise<{ caughtUp: { checked: number; failed: number }; expiry: number; thanks: number }> {
  const caughtUp = await catchUpMonthlyGifts(ctx, log);
  const expiry = await sendExpiryNotices(ctx, now);
  const thanks = await sendYearThanks(ctx, now);
  return { caughtUp, expiry, thanks };
}

/** Starts the daily schedule; call the answer from the plugin's onClose. */
export function scheduleMonthlyCare(ctx: ApiContext, log: FastifyBaseLogger, onError: (err: unknown) => void): () => void {
  return scheduleDaily(
    ctx.db,
    { name: MONTHLY_CARE_JOB, hour: MONTHLY_CARE_HOUR, run: () => sendMonthlyCare(ctx, new Date(), log) },
    { onError },
  );
}
