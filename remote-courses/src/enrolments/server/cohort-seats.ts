import type { Transaction } from 'kysely';
import { formatLongDate } from 'shared/format/dates';
import type { Database, SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { bogotaDay } from 'shared/server/jobs';
import { manualEnrolmentTexts as texts, type OpenCohort } from '../manual-schemas';
import { cohortDate, seatsOf } from '../../cohorts/server/seats';

/** Seats the team gives (#31): a manual enrolment's, and a moved student's in their new cohort. */

export const conflict = (message: string) => new ApiError(409, 'conflict', message);

/**
 * Open cohorts that have not started (Bogotá) with their seats left, of one course or all, earliest first; those
 * without a free seat are left out (`except`: an enrolment whose own seat does not count, when it moves).
 */
export async function openCohortsWithSeats(db: SiteDb, now: Date, course?: string, except?: string): Promise<OpenCohort[]> {
  const rows = await db
    .selectFrom('courses.cohorts')
    .select(['id', 'course_name', cohortDate.as('start_date'), 'schedule', 'capacity'])
    .where('status', '=', 'open')
    .where('start_date', '>=', bogotaDay(now))
    .$if(course !== undefined, (qb) => qb.where('course_name', '=', course ?? ''))
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  const seats = await seatsOf(
    db,
    rows.map((r) => r.id),
    now,
    except,
  );
  return rows.flatMap((r) => {
    const s = seats.get(r.id) ?? { taken: 0, held: 0 };
    const left = r.capacity - s.taken - s.held;
    if (left <= 0) return [];
    return [
      {
        id: r.id,
        course: r.course_name,
        startDate: r.start_date,
        label: `${formatLongDate(r.start_date)}${r.schedule ? ` · ${r.schedule}` : ''}`,
        seatsLeft: left,
      },
    ];
  });
}

/**
 * Locks cohort `id` and checks it can seat one more of `course` (open, not started, a seat free; `except`: the
 * enrolment that moves, whose own seat does not count): 409 in Spanish otherwise. Inside the caller's transaction,
 * which takes the seat before it commits, so two staff members (or a checkout) cannot both take the last one.
 */
export async function claimSeatIn(
  trx: Transaction<Database>,
  id: number,
  course: string,
  now: Date,
  except?: string,
): Promise<{ id: number; start_date: string; schedule: string }> {
  const cohort = await trx
    .selectFrom('courses.cohorts')
    .select(['id', 'course_name', 'status', 'capacity', 'schedule', cohortDate.as('start_date')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!cohort || cohort.course_name !== course || cohort.status !== 'open' || cohort.start_date < bogotaDay(now))
    throw conflict(texts.cohortNotOpen);
  const seats = (await seatsOf(trx, [id], now, except)).get(id) ?? { taken: 0, held: 0 };
  if (seats.taken + seats.held >= cohort.capacity) throw conflict(texts.cohortFull);
  return { id: cohort.id, start_date: cohort.start_date, schedule: cohort.schedule };
}
