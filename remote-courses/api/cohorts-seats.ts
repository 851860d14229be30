import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { cohortTexts, type PublicCohort } from 'shared/schemas/cohorts-api';
import type { Database, SiteDb } from 'shared/server/database';
import { clientNetwork } from 'shared/server/client-network';
import { ApiError } from 'shared/server/http';
import { bogotaDay } from 'shared/server/jobs';

/**
 * Seats of course cohorts (#14). A seat is taken by an enrolment of the cohort whose payment is approved or under way
 * (authorized, in process, pending: PSE/Efecty keep their seat until resolved), and held by one whose checkout is open
 * (`seat_held_until` in the future). The next open cohort of a course is its earliest open cohort starting today or
 * later (Bogotá); checkouts hold a seat in it inside one transaction that locks the cohort row.
 */

/** Payment statuses that keep a seat for good (until a refund or a rejection changes them). */
export const seatTakingStatuses = ['approved', 'authorized', 'in_process', 'pending'] as const;

/** How long an open checkout holds a seat (COURSES_SEAT_HOLD_MINUTES, default 45 minutes). */
export function seatHoldMs(): number {
  const minutes = Number(process.env.COURSES_SEAT_HOLD_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 45) * 60_000;
}

/** The cohort's start date as YYYY-MM-DD text (the drivers would turn a `date` into a Date at midnight UTC). */
export const cohortDate = sql<string>`to_char(start_date, 'YYYY-MM-DD')`;

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
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('payment_status', 'not in', seatTakingStatuses), w('seat_held_until', '>', now)]))
        .as('held'),
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

/** Each course's next open cohort (earliest open one starting on `today` or later), by course slug. */
export async function nextOpenCohorts(db: SiteDb, today: string): Promise<Map<string, OpenCohort>> {
  const rows = await db
    .selectFrom('courses.cohorts')
    .select(['id', 'course_name', cohortDate.as('start_date'), 'schedule', 'capacity'])
    .where('status', '=', 'open')
    .where('start_date', '>=', today)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  const next = new Map<string, OpenCohort>();
  for (const r of rows) if (!next.has(r.course_name)) next.set(r.course_name, r);
  return next;
}

/** The public view of each course's next open cohort (null when none is announced). */
export async function publicNextCohorts(db: SiteDb, now: Date): Promise<Record<string, PublicCohort | null>> {
  const next = await nextOpenCohorts(db, bogotaDay(now));
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

/** Seats one e-mail address may hold at once (open checkouts not paid yet), across every cohort. */
export const MAX_LIVE_HOLDS_PER_EMAIL = 3;
/** Seats one client IP may hold at once (generous: a school lab or a café shares one address). */
export const MAX_LIVE_HOLDS_PER_CLIENT = 5;

/** What a hold keeps of the client's IP (its /64 for IPv6): a hash, and only while the hold lasts (cleared once it ends). */
export const seatHoldClient = (ip: string): string =>
  createHash('sha256')
    .update(`courses-seat-hold:${clientNetwork(ip)}`)
    .digest('hex');

const isLoopback = (ip: string): boolean => /^(127\.|::1$|::ffff:127\.)/.test(ip);

/**
 * Holds a seat for an enrolment in its course's next open cohort, in one transaction that locks the cohort row (so two
 * checkouts cannot both take the last seat): 409 with a Spanish message when there is no open cohort or it is full.
 * Answers the cohort and until when the seat is held.
 *
 * Against a visitor holding every seat without paying (a script filling the form and opening checkouts): an enrolment's
 * live hold is kept as it is when its checkout is opened again (never pushed later, so it always ends), and a new hold
 * is refused with 429 while the same e-mail holds MAX_LIVE_HOLDS_PER_EMAIL seats or the same client IP
 * MAX_LIVE_HOLDS_PER_CLIENT (`client`: the request's IP; the publicWrite rate limit bounds how fast they are tried).
 */
export async function holdSeat(
  db: SiteDb,
  enrolment: { reference: string; course_name: string; email?: string },
  now: Date,
  client?: string,
): Promise<{ cohortId: number; startDate: string; heldUntil: Date }> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const next = (await nextOpenCohorts(trx, bogotaDay(now))).get(enrolment.course_name);
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
      .where((w) => w.or([w('seat_held_until', 'is', null), w('seat_held_until', '<=', now)]))
      .execute();
    const own = await trx
      .selectFrom('courses.enrolments')
      .select(['cohort_id', 'seat_held_until'])
      .where('reference', '=', enrolment.reference)
      .executeTakeFirst();
    // Its checkout opened again: the live hold keeps its end (re-calling checkout must not hold a seat forever).
    if (own?.cohort_id === cohort.id && own.seat_held_until && new Date(own.seat_held_until) > now)
      return { cohortId: cohort.id, startDate: cohort.start_date, heldUntil: new Date(own.seat_held_until) };
    // A loopback client is this machine (local site, browser tests, a same-host proxy without TRUST_PROXY), never one
    // visitor: capping it would let one script lock everyone out. Remote services see the client through TRUST_PROXY.
    const clientKey = client === undefined || isLoopback(client) ? null : seatHoldClient(client);
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
      .where('seat_held_until', '>', now)
      .where('payment_status', 'not in', seatTakingStatuses)
      .where('reference', '!=', enrolment.reference)
      .executeTakeFirstOrThrow();
    if (
      (enrolment.email !== undefined && Number(liveHolds.email) >= MAX_LIVE_HOLDS_PER_EMAIL) ||
      (clientKey !== null && Number(liveHolds.client) >= MAX_LIVE_HOLDS_PER_CLIENT)
    )
      throw new ApiError(429, 'too_many_holds', cohortTexts.tooManyHolds);
    const heldUntil = new Date(now.getTime() + seatHoldMs());
    await trx
      .updateTable('courses.enrolments')
      .set({ cohort_id: cohort.id, cohort_start_date: cohort.start_date, seat_held_until: heldUntil, seat_hold_client: clientKey })
      .where('reference', '=', enrolment.reference)
      .execute();
    return { cohortId: cohort.id, startDate: cohort.start_date, heldUntil };
  });
}

/**
 * Whether this site may seed demonstration cohorts: not in production, not in the unit tests, and only where no real
 * money can be paid (the payments' public key is a test one, TEST-…: the local sandbox or Mercado Pago's test keys).
 * A server started with `npm start` and the live keys but NODE_ENV forgotten would otherwise sell a 'no real class' cohort.
 */
export function demoCohortsAllowed(settings: { production: boolean; paymentPublicKey: string }, nodeEnv: string | undefined): boolean {
  return !settings.production && nodeEnv !== 'production' && nodeEnv !== 'test' && settings.paymentPublicKey.startsWith('TEST-');
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
