import { createHash } from 'node:crypto';
import { sql, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { cohortTexts, type PublicCohort } from '../schemas';
import type { SeatHoldLimits, ServerSettings } from 'shared/server/api-contract';
import type { Database, SiteDb } from 'shared/server/database';
import type { ProviderPayment } from 'shared/server/payments/provider';
import { reversalStatuses } from 'shared/server/payments/reversals';
import { clientNetwork } from 'shared/server/client-network';
import { ApiError } from 'shared/server/http';
import { bogotaDay } from 'shared/server/jobs';

/**
 * Seats of course cohorts (#14). A seat is taken by an enrolment of the cohort whose payment is approved (or authorized),
 * and held, without payment yet, by one whose checkout is open (`seat_held_until` in the future) or whose payment waits
 * for the payer (PSE, Efecty, a card under review: `pending_seat_until`, the payment's own deadline, in the future). The
 * next open cohort of a course is the one the staff put on sale, or else its earliest open cohort starting today or later
 * (Bogotá; `nextOpenCohorts`); checkouts hold a seat in it
 * inside one transaction that locks the cohort row, and so does applying a payment (`admitCoursePayment`).
 */

/** Payment statuses that keep a seat for good (until a refund or a chargeback changes them). */
export const seatTakingStatuses = ['approved', 'authorized'] as const;
/** Payment statuses that wait for the payer or the provider: they hold a seat until the payment's own deadline. */
export const seatWaitingStatuses = ['pending', 'in_process'] as const;

const isTaking = (status: string) => (seatTakingStatuses as readonly string[]).includes(status);
const isWaiting = (status: string) => (seatWaitingStatuses as readonly string[]).includes(status);

/**
 * How long a pending payment holds its seat when the provider names no deadline (a card payment under review, which the
 * provider settles within two business days): the provider's default for cash tickets, 3 days from the payment.
 */
export const PENDING_SEAT_FALLBACK_MS = 3 * 86_400_000;

/** Until when a pending payment keeps its seat: the provider's `date_of_expiration`, or the fallback from its creation. */
export function pendingSeatDeadline(payment: Pick<ProviderPayment, 'date_of_expiration' | 'date_created'>, now: Date): Date {
  const deadline = Date.parse(payment.date_of_expiration ?? '');
  if (Number.isFinite(deadline)) return new Date(deadline);
  const created = Date.parse(payment.date_created ?? '');
  return new Date((Number.isFinite(created) ? created : now.getTime()) + PENDING_SEAT_FALLBACK_MS);
}

/**
 * SQL over `courses.enrolments`: the enrolment holds a seat at `now` without having paid — its checkout is open, or its
 * payment waits before its deadline. Null-safe (a row without either date holds nothing), so `not` of it is exact too.
 * A payment refunded or charged back holds nothing, whatever its checkout's hold still says (the money went back).
 */
export const holdsUnpaidSeat = (now: Date) =>
  sql<SqlBool>`(payment_status not in (${sql.join([...seatTakingStatuses, ...reversalStatuses])}) and (coalesce(seat_held_until > ${now}, false) or (payment_status in (${sql.join([...seatWaitingStatuses])}) and coalesce(pending_seat_until > ${now}, false))))`;

/** How long an open checkout holds a seat (COURSES_SEAT_HOLD_MINUTES, default 45 minutes). */
export function seatHoldMs(): number {
  const minutes = Number(process.env.COURSES_SEAT_HOLD_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 45) * 60_000;
}

/** The cohort's start date as YYYY-MM-DD text (the drivers would turn a `date` into a Date at midnight UTC). */
export const cohortDate = sql<string>`to_char(start_date, 'YYYY-MM-DD')`;
/** A cohort's end date as YYYY-MM-DD, or null while not set (#31). */
export const cohortEndDate = sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`;

export interface CohortSeats {
  taken: number;
  held: number;
}

/** Seats taken and held per cohort id (enrolment `except` left out: its own hold is being renewed). */
export async function seatsOf(db: SiteDb, cohortIds: number[], now: Date, except?: string): Promise<Map<number, CohortSeats>> {
  const seats = new Map<number, CohortSeats>(cohortIds.map((id) => [id, { taken: 0, held: 0 }]));
  if (!cohortIds.length) return seats;
  const rows = await db
    .selectFrom('courses.enrolments')
    .select((eb) => [
      'cohort_id',
      eb.fn.countAll<number>().filterWhere('payment_status', 'in', seatTakingStatuses).as('taken'),
      eb.fn.countAll<number>().filterWhere(holdsUnpaidSeat(now)).as('held'),
    ])
    .where('cohort_id', 'in', cohortIds)
    .$if(except !== undefined, (qb) => qb.where('reference', '!=', except ?? ''))
    .groupBy('cohort_id')
    .execute();
  for (const r of rows) if (r.cohort_id !== null) seats.set(r.cohort_id, { taken: Number(r.taken), held: Number(r.held) });
  return seats;
}

interface OpenCohort {
  id: number;
  course_name: string;
  start_date: string;
  schedule: string;
  capacity: number;
}

/**
 * The cohort each course sells, by course slug: the one the staff put on sale (#28) while it is open, has not started
 * and has a seat left; otherwise, as before any choice, its earliest open cohort starting on `today` or later.
 */
export async function nextOpenCohorts(db: SiteDb, today: string, now: Date): Promise<Map<string, OpenCohort>> {
  const rows = await db
    .selectFrom('courses.cohorts')
    .select(['id', 'course_name', cohortDate.as('start_date'), 'schedule', 'capacity', 'on_sale_since'])
    .where('status', '=', 'open')
    .where('start_date', '>=', today)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  const next = new Map<string, OpenCohort>();
  for (const { on_sale_since: _chosen, ...r } of rows) if (!next.has(r.course_name)) next.set(r.course_name, r);
  const chosen = rows.filter((r) => r.on_sale_since !== null);
  if (chosen.length) {
    const seats = await seatsOf(
      db,
      chosen.map((r) => r.id),
      now,
    );
    for (const { on_sale_since: _chosen, ...r } of chosen) {
      const s = seats.get(r.id) ?? { taken: 0, held: 0 };
      // A full chosen cohort gives way to the default (the earliest open one) instead of closing the sale.
      if (s.taken + s.held < r.capacity) next.set(r.course_name, r);
    }
  }
  return next;
}

/** The public view of each course's next open cohort (null when none is announced). */
export async function publicNextCohorts(db: SiteDb, now: Date): Promise<Record<string, PublicCohort | null>> {
  const next = await nextOpenCohorts(db, bogotaDay(now), now);
  const seats = await seatsOf(
    db,
    [...next.values()].map((c) => c.id),
    now,
  );
  const answer: Record<string, PublicCohort | null> = {};
  for (const slug of ['desarrollo-software', 'ofimatica-basica', 'marketing-digital']) {
    const c = next.get(slug);
    if (!c) {
      answer[slug] = null;
      continue;
    }
    const s = seats.get(c.id) ?? { taken: 0, held: 0 };
    const left = Math.max(0, c.capacity - s.taken - s.held);
    answer[slug] = { id: c.id, start_date: c.start_date, schedule: c.schedule, seats_left: left, full: left === 0 };
  }
  return answer;
}

/** Seats one e-mail address may hold at once without paying (open checkouts and pending payments), across every cohort. */
export const MAX_LIVE_HOLDS_PER_EMAIL = 3;
/** Seats one client network may hold at once (generous: a school lab or a café shares one address). */
export const MAX_LIVE_HOLDS_PER_CLIENT = 5;

/** The hold limits in force: the server's settings (COURSES_SEAT_HOLDS_PER_EMAIL / _PER_CLIENT), or the defaults. */
export function seatHoldLimits(settings?: Pick<ServerSettings, 'seatHolds'>): SeatHoldLimits {
  return { perEmail: MAX_LIVE_HOLDS_PER_EMAIL, perClient: MAX_LIVE_HOLDS_PER_CLIENT, ...settings?.seatHolds };
}

/** What a hold keeps of the client's IP (its /64 for IPv6): a hash, and only while the hold lasts (cleared once it ends). */
export const seatHoldClient = (ip: string): string =>
  createHash('sha256')
    .update(`courses-seat-hold:${clientNetwork(ip)}`)
    .digest('hex');

/**
 * Holds a seat for an enrolment in its course's next open cohort, in one transaction that locks the cohort row (so two
 * checkouts cannot both take the last seat): 409 with a Spanish message when there is no open cohort or it is full.
 * Answers the cohort and until when the seat is held.
 *
 * Against a visitor holding every seat without paying (a script filling the form and opening checkouts, or leaving
 * Efecty tickets unpaid): an enrolment's live hold is kept as it is when its checkout is opened again (never pushed
 * later, so it always ends), and a new hold is refused with 429 while the same e-mail holds `limits.perEmail` seats or
 * the same client network `limits.perClient` — open checkouts and pending payments alike, from any client: loopback
 * and private addresses are clients like any other (a proxy in front must be named in TRUST_PROXY). The publicWrite rate
 * limit bounds how fast they are tried.
 */
export async function holdSeat(
  db: SiteDb,
  enrolment: { reference: string; course_name: string; email?: string },
  now: Date,
  client?: string,
  limits: SeatHoldLimits = seatHoldLimits(),
): Promise<{ cohortId: number; startDate: string; heldUntil: Date }> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const next = (await nextOpenCohorts(trx, bogotaDay(now), now)).get(enrolment.course_name);
    if (!next) throw new ApiError(409, 'no_cohort', cohortTexts.noCohort);
    // Lock the cohort, then read it again: a concurrent edit (closed, capacity lowered) is seen after the lock.
    const cohort = await trx
      .selectFrom('courses.cohorts')
      .select(['id', 'capacity', 'status', cohortDate.as('start_date')])
      .where('id', '=', next.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (cohort.status !== 'open') throw new ApiError(409, 'cohort_full', cohortTexts.full);
    const seats = (await seatsOf(trx, [cohort.id], now, enrolment.reference)).get(cohort.id) ?? { taken: 0, held: 0 };
    if (seats.taken + seats.held >= cohort.capacity) throw new ApiError(409, 'cohort_full', cohortTexts.full);
    // Ended holds forget the client's IP (data minimisation: it is only needed while a hold lasts).
    await trx
      .updateTable('courses.enrolments')
      .set({ seat_hold_client: null })
      .where('seat_hold_client', 'is not', null)
      .where(sql<SqlBool>`not ${holdsUnpaidSeat(now)}`)
      .execute();
    const own = await trx
      .selectFrom('courses.enrolments')
      .select(['cohort_id', 'seat_held_until', 'pending_seat_until', 'payment_status'])
      .where('reference', '=', enrolment.reference)
      .executeTakeFirst();
    if (own?.cohort_id === cohort.id) {
      // Its checkout opened again: the live hold keeps its end (re-calling checkout must not hold a seat forever).
      if (own.seat_held_until && new Date(own.seat_held_until) > now)
        return { cohortId: cohort.id, startDate: cohort.start_date, heldUntil: new Date(own.seat_held_until) };
      // Its pending payment (a ticket not paid yet) already holds this seat: a new checkout is not a second seat, and
      // its own hold ends as any other.
      if (isWaiting(own.payment_status) && own.pending_seat_until && new Date(own.pending_seat_until) > now) {
        const heldUntil = new Date(now.getTime() + seatHoldMs());
        await trx
          .updateTable('courses.enrolments')
          .set({ seat_held_until: heldUntil })
          .where('reference', '=', enrolment.reference)
          .execute();
        return { cohortId: cohort.id, startDate: cohort.start_date, heldUntil };
      }
    }
    const clientKey = client === undefined ? null : seatHoldClient(client);
    const liveHolds = await trx
      .selectFrom('courses.enrolments')
      .select((eb) => [
        eb.fn
          .countAll<number>()
          .filterWhere(sql<boolean>`lower(email) = lower(${enrolment.email ?? ''})`)
          .as('email'),
        eb.fn
          .countAll<number>()
          .filterWhere('seat_hold_client', '=', clientKey ?? '')
          .as('client'),
      ])
      .where(holdsUnpaidSeat(now))
      .where('reference', '!=', enrolment.reference)
      .executeTakeFirstOrThrow();
    if (
      (enrolment.email !== undefined && Number(liveHolds.email) >= limits.perEmail) ||
      (clientKey !== null && Number(liveHolds.client) >= limits.perClient)
    )
      throw new ApiError(429, 'too_many_holds', cohortTexts.tooManyHolds);
    const heldUntil = new Date(now.getTime() + seatHoldMs());
    await trx
      .updateTable('courses.enrolments')
      .set({
        cohort_id: cohort.id,
        cohort_start_date: cohort.start_date,
        seat_held_until: heldUntil,
        seat_hold_client: clientKey,
        // A seat in another cohort (or one a pending payment held once) is no longer this enrolment's.
        ...(own?.cohort_id !== cohort.id ? { pending_seat_until: null } : {}),
        seat_released_at: null,
      })
      .where('reference', '=', enrolment.reference)
      .execute();
    return { cohortId: cohort.id, startDate: cohort.start_date, heldUntil };
  });
}

/** Locks the cohort row of the enrolment's seat (the order every seat writer keeps: cohort first, then enrolment). */
export async function lockSeatOf(trx: Transaction<Database>, reference: string): Promise<void> {
  const row = await trx.selectFrom('courses.enrolments').select('cohort_id').where('reference', '=', reference).executeTakeFirst();
  if (row?.cohort_id != null) await trx.selectFrom('courses.cohorts').select('id').where('id', '=', row.cohort_id).forUpdate().execute();
}

/**
 * A payment report's part in the enrolment's seat, inside the payment's transaction (apply.ts: after `lockSeatOf` and the
 * enrolment's own lock), for a report that would otherwise apply:
 * - a payment waiting for the payer (PSE, Efecty, a card under review) keeps the seat until its own deadline
 *   (`pendingSeatDeadline`), if the enrolment still holds its seat or one is free; otherwise it holds none, and its
 *   approval will need a free seat;
 * - an approval takes the seat the enrolment holds; if that hold ended (the checkout ran out, the ticket's deadline passed
 *   and its seat was released), a seat that is free; and when none is, it is refused as `seat_unavailable`: recorded,
 *   not applied, and listed for the team to review — the money is never lost and the cohort is never overbooked;
 * - any other status changes nothing here (a rejected or cancelled payment holds nothing; the checkout's hold runs out).
 */
export async function admitCoursePayment(
  trx: Transaction<Database>,
  enrolment: Pick<
    Selectable<Database['courses.enrolments']>,
    'reference' | 'cohort_id' | 'payment_id' | 'payment_status' | 'seat_held_until' | 'pending_seat_until' | 'seat_released_at'
  >,
  payment: ProviderPayment,
  now: Date,
): Promise<'seat_unavailable' | null> {
  if (enrolment.cohort_id === null || isTaking(enrolment.payment_status)) return null;
  const holds =
    (enrolment.seat_held_until !== null && new Date(enrolment.seat_held_until) > now) ||
    (isWaiting(enrolment.payment_status) && enrolment.pending_seat_until !== null && new Date(enrolment.pending_seat_until) > now);
  const seatFree = async () => {
    const cohort = await trx.selectFrom('courses.cohorts').select('capacity').where('id', '=', enrolment.cohort_id!).executeTakeFirst();
    const seats = (await seatsOf(trx, [enrolment.cohort_id!], now, enrolment.reference)).get(enrolment.cohort_id!) ?? { taken: 0, held: 0 };
    return cohort !== undefined && seats.taken + seats.held < cohort.capacity;
  };
  if (isTaking(payment.status)) return holds || (await seatFree()) ? null : 'seat_unavailable';
  if (isWaiting(payment.status)) {
    const deadline = pendingSeatDeadline(payment, now);
    // A payment whose seat was released once does not take one again by being reported again.
    const releasedBefore = enrolment.payment_id === payment.id && enrolment.seat_released_at !== null;
    if (deadline > now && !releasedBefore && (holds || (await seatFree())))
      await trx
        .updateTable('courses.enrolments')
        .set({ pending_seat_until: deadline, seat_released_at: null })
        .where('reference', '=', enrolment.reference)
        .execute();
  }
  return null;
}

/** An enrolment whose pending payment's seat was just released, for the e-mail that tells its buyer. */
export type ReleasedSeat = Pick<
  Selectable<Database['courses.enrolments']>,
  'reference' | 'email' | 'course_name' | 'course_title' | 'module_name' | 'payment_id'
> & { deadline: Date };

/**
 * Releases the seat a pending payment held, once: the payment expired at the provider (`cancelled`/`expired`), or its
 * deadline passed while the provider still calls it pending. Marks `seat_released_at` in one conditional update (several
 * instances, repeated notifications: only one of them gets the row), so the buyer is told exactly once.
 * `stillWaiting`: release only while the payment is still reported waiting (the deadline passed); otherwise the
 * payment's new status already freed the seat and this only records it.
 */
export async function releasePendingSeat(db: SiteDb, reference: string, now: Date, stillWaiting: boolean): Promise<ReleasedSeat | null> {
  const before = await db
    .selectFrom('courses.enrolments')
    .select(['pending_seat_until'])
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (!before?.pending_seat_until) return null;
  const released = await db
    .updateTable('courses.enrolments')
    // The seat is free from now on, whatever is left of the checkout's own hold (the buyer is told so).
    .set({ seat_released_at: now, pending_seat_until: null, seat_held_until: null, seat_hold_client: null })
    .where('reference', '=', reference)
    .where('seat_released_at', 'is', null)
    .where('pending_seat_until', 'is not', null)
    .where('payment_status', 'not in', seatTakingStatuses)
    .$if(stillWaiting, (qb) => qb.where('payment_status', 'in', seatWaitingStatuses).where('pending_seat_until', '<=', now))
    .returning(['reference', 'email', 'course_name', 'course_title', 'module_name', 'payment_id'])
    .executeTakeFirst();
  return released ? { ...released, deadline: new Date(before.pending_seat_until) } : null;
}

/** Enrolments whose pending payment's deadline passed and whose seat was not released yet, oldest deadline first. */
export async function lapsedPendingSeats(db: SiteDb, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('courses.enrolments')
    .select('reference')
    .where('pending_seat_until', '<=', now)
    .where('seat_released_at', 'is', null)
    .where('payment_status', 'in', seatWaitingStatuses)
    .orderBy('pending_seat_until')
    .limit(limit)
    .execute();
  return rows.map((r) => r.reference);
}

/**
 * Whether this site may seed demonstration cohorts: not in production (the site's own verdict, `readRunMode`: npm
 * start's local run sets NODE_ENV=production for React alone and is still not production), not in the unit tests
 * (NODE_ENV=test), and only where no real money can be paid (the payments' public key is a test one, TEST-…: the
 * local sandbox or Mercado Pago's test keys). A server started with the live keys but NODE_ENV forgotten would
 * otherwise sell a 'no real class' cohort (and the local run refuses to start beside live keys).
 */
export function demoCohortsAllowed(settings: { production: boolean; paymentPublicKey: string }, nodeEnv: string | undefined): boolean {
  return !settings.production && nodeEnv !== 'test' && settings.paymentPublicKey.startsWith('TEST-');
}

/**
 * Local development and the browser tests (see demoCohortsAllowed): a course without any open cohort
 * gets a demonstration one 8 weeks ahead (500 seats), so the local site can be enrolled in and paid through the
 * sandbox. Production starts with the closed seed only: staff announce real cohorts.
 */
export async function seedDemoCohorts(db: SiteDb, now: Date): Promise<void> {
  const open = await db.selectFrom('courses.cohorts').select('course_name').where('status', '=', 'open').execute();
  const start = bogotaDay(new Date(now.getTime() + 56 * 86_400_000));
  const missing = ['desarrollo-software', 'ofimatica-basica', 'marketing-digital'].filter((c) => !open.some((o) => o.course_name === c));
  if (!missing.length) return;
  await db
    .insertInto('courses.cohorts')
    .values(
      missing.map((course_name) => ({
        course_name,
        start_date: start,
        schedule: '3 clases por semana de 2 horas',
        capacity: 500,
        access_instructions: 'Cohorte de demostración del sitio local: no hay clase real.',
      })),
    )
    .execute();
}
