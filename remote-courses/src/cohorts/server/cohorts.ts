import type { FastifyPluginAsync } from 'fastify';
import { cohortTexts, type StaffCohort } from '../schemas';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { bogotaDay } from 'shared/server/jobs';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, staffOf } from 'shared/server/staff-guard';
import { cohortsOperations } from '../operations';
import { cohortsStaffOperations as ops } from '../staff-operations';
import { cohortDate, cohortEndDate, nextOpenCohorts, publicNextCohorts, seatsOf } from './seats';
import { parseClassDays, storedClassDays, type ClassDay } from '../../../manifest/class-schedule';
import { cohortChanges, notifyCohortChange } from './cohort-changes';

/** How far ahead a cohort may start: a typo (2062 for 2026) must not put the course on sale for that date. */
export const MAX_START_AHEAD_DAYS = 730;

/** 400 when a new start date is before today or more than MAX_START_AHEAD_DAYS ahead (Bogotá days). */
function checkStartDate(startDate: string, now: Date): void {
  if (startDate < bogotaDay(now)) throw new ApiError(400, 'validation_error', cohortTexts.datePast, { start_date: cohortTexts.datePast });
  if (startDate > bogotaDay(new Date(now.getTime() + MAX_START_AHEAD_DAYS * 86_400_000)))
    throw new ApiError(400, 'validation_error', cohortTexts.dateTooFar, { start_date: cohortTexts.dateTooFar });
}

/** 400 when the last class would come before the first. */
function checkEndDate(startDate: string, endDate: string | null | undefined): void {
  if (endDate && endDate < startDate)
    throw new ApiError(400, 'validation_error', cohortTexts.endBeforeStart, { end_date: cohortTexts.endBeforeStart });
}

/**
 * 400 unless the weekly classes are whole or empty (#31): days, a start and a later end, or none of the three. Answers
 * them as stored.
 */
function checkClasses(
  days: readonly ClassDay[],
  start: string | null,
  end: string | null,
): { class_days: string; class_start: string | null; class_end: string | null } {
  const given = [days.length > 0, start !== null, end !== null];
  if (given.some(Boolean) && !given.every(Boolean)) {
    const fields = Object.fromEntries(
      (['class_days', 'class_start', 'class_end'] as const).filter((_, i) => !given[i]).map((k) => [k, cohortTexts.classesIncomplete]),
    );
    throw new ApiError(400, 'validation_error', cohortTexts.classesIncomplete, fields);
  }
  if (start !== null && end !== null && end <= start)
    throw new ApiError(400, 'validation_error', cohortTexts.classEndBeforeStart, { class_end: cohortTexts.classEndBeforeStart });
  return { class_days: storedClassDays(days), class_start: start, class_end: end };
}

/** Seconds a browser or proxy may keep the public cohorts answer (seats left change, so briefly). */
export const COHORTS_MAX_AGE_S = 60;

/** Every cohort with its seats, by course then start date (the staff's view). */
async function staffCohorts(db: SiteDb, now: Date, id?: number): Promise<StaffCohort[]> {
  const rows = await db
    .selectFrom('courses.cohorts')
    .select([
      'id',
      'course_name',
      cohortDate.as('start_date'),
      'schedule',
      'capacity',
      'status',
      'access_instructions',
      'reminder_sent_at',
      'on_sale_since',
      cohortEndDate.as('end_date'),
      'class_days',
      'class_start',
      'class_end',
      'join_url',
      'join_place',
    ])
    .$if(id !== undefined, (qb) => qb.where('id', '=', id ?? 0))
    .orderBy('course_name')
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const seats = await seatsOf(
    db,
    rows.map((r) => r.id),
    now,
  );
  const selling = new Set([...(await nextOpenCohorts(db, bogotaDay(now), now)).values()].map((c) => c.id));
  return rows.map(({ on_sale_since, ...r }) => {
    const s = seats.get(r.id) ?? { taken: 0, held: 0 };
    return {
      ...r,
      class_days: parseClassDays(r.class_days),
      on_sale: on_sale_since !== null,
      selling: selling.has(r.id),
      reminder_sent_at: r.reminder_sent_at ? new Date(r.reminder_sent_at).toISOString() : null,
      seats_taken: s.taken,
      seats_held: s.held,
      seats_left: Math.max(0, r.capacity - s.taken - s.held),
    };
  });
}

/** Public next cohorts (GET /api/courses/cohorts) and the staff's cohorts (/api/courses/staff/cohorts...). */
export const cohortRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(app, cohortsOperations.nextCohorts, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${COHORTS_MAX_AGE_S}`);
    return { courses: await publicNextCohorts(ctx.db, new Date()) };
  });

  await registerStaffRoutes(app, ctx, { roles: ['cursos'] }, async (staff) => {
    route(staff, ops.cohorts, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { cohorts: await staffCohorts(ctx.db, new Date()) };
    });

    route(staff, ops.createCohort, async (request) => {
      const body = request.body;
      const now = new Date();
      checkStartDate(body.start_date, now);
      checkEndDate(body.start_date, body.end_date);
      const classes = checkClasses(body.class_days ?? [], body.class_start ?? null, body.class_end ?? null);
      const id = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('courses.cohorts')
          .values({
            course_name: body.course_name,
            start_date: body.start_date,
            schedule: body.schedule,
            capacity: body.capacity,
            status: body.status,
            access_instructions: body.access_instructions,
            end_date: body.end_date ?? null,
            ...classes,
            join_url: body.join_url ?? null,
            join_place: body.join_place ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, staffOf(request), {
          action: 'courses.cohort.create',
          entity: 'cohort',
          entityId: String(row.id),
          detail: {
            course_name: body.course_name,
            start_date: body.start_date,
            end_date: body.end_date ?? null,
            capacity: body.capacity,
            status: body.status,
            ...classes,
            join_url: body.join_url ?? null,
            join_place: body.join_place ?? null,
          },
        });
        return row.id;
      });
      const [cohort] = await staffCohorts(ctx.db, now, id);
      return { cohort: cohort! };
    });

    route(staff, ops.updateCohort, async (request) => {
      const { id } = request.params;
      const body = request.body;
      const now = new Date();
      const changes = await ctx.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('courses.cohorts')
          .select([
            'id',
            cohortDate.as('start_date'),
            cohortEndDate.as('end_date'),
            'schedule',
            'capacity',
            'status',
            'access_instructions',
            'class_days',
            'class_start',
            'class_end',
            'join_url',
            'join_place',
          ])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new ApiError(404, 'not_found', cohortTexts.cohortNotFound);
        // A new date in the past or too far ahead is refused (an unchanged past date of a finished cohort may stay).
        if (body.start_date !== before.start_date) checkStartDate(body.start_date, now);
        const endDate = body.end_date === undefined ? before.end_date : body.end_date;
        checkEndDate(body.start_date, endDate);
        // Left out of the request: as they were.
        const classes = checkClasses(
          body.class_days === undefined ? parseClassDays(before.class_days) : body.class_days,
          body.class_start === undefined ? before.class_start : body.class_start,
          body.class_end === undefined ? before.class_end : body.class_end,
        );
        const joinUrl = body.join_url === undefined ? before.join_url : body.join_url;
        const joinPlace = body.join_place === undefined ? before.join_place : body.join_place;
        const seats = (await seatsOf(trx, [id], now)).get(id) ?? { taken: 0, held: 0 };
        if (body.capacity < seats.taken)
          throw new ApiError(400, 'validation_error', cohortTexts.capacityBelowTaken(seats.taken), {
            capacity: cohortTexts.capacityBelowTaken(seats.taken),
          });
        await trx
          .updateTable('courses.cohorts')
          .set({
            start_date: body.start_date,
            schedule: body.schedule,
            capacity: body.capacity,
            status: body.status,
            access_instructions: body.access_instructions,
            end_date: endDate,
            ...classes,
            join_url: joinUrl,
            join_place: joinPlace,
            updated_at: now,
            // A cohort moved to a later date gets its reminder again, 24 hours before the new date.
            ...(body.start_date !== before.start_date ? { reminder_sent_at: null } : {}),
          })
          .where('id', '=', id)
          .execute();
        // Receipts and Mis Cursos read the enrolment's copy of the date.
        if (body.start_date !== before.start_date)
          await trx.updateTable('courses.enrolments').set({ cohort_start_date: body.start_date }).where('cohort_id', '=', id).execute();
        const after = { ...body, end_date: endDate, ...classes, join_url: joinUrl, join_place: joinPlace };
        const changed = Object.fromEntries(
          (
            [
              'start_date',
              'end_date',
              'schedule',
              'capacity',
              'status',
              'class_days',
              'class_start',
              'class_end',
              'join_url',
              'join_place',
            ] as const
          )
            .filter((k) => after[k] !== before[k])
            .map((k) => [k, { from: before[k], to: after[k] }]),
        );
        await recordAudit(trx, staffOf(request), {
          action: 'courses.cohort.update',
          entity: 'cohort',
          entityId: String(id),
          detail: { ...changed, access_instructions_changed: body.access_instructions !== before.access_instructions },
        });
        // What the enrolled students are told changed (dates, schedule, how to join): nothing for a save that changed none.
        return cohortChanges(before, after);
      });
      // Once the change is stored: each enrolled student of the cohort gets one e-mail with what changed (#31).
      // The change is saved either way: a failing mail queue is logged for the team, never answered as a failed save.
      if (changes.length > 0)
        await notifyCohortChange(ctx, id, changes, staffOf(request).email)
          .then((sent) => {
            if (sent < 0) request.log.warn({ cohort: id }, 'cohort change saved without e-mails: the day’s cap was reached');
          })
          .catch((err: unknown) => request.log.error({ err: (err as Error).name, cohort: id }, 'cohort change e-mails failed'));
      const [cohort] = await staffCohorts(ctx.db, now, id);
      return { cohort: cohort! };
    });

    route(staff, ops.cohortOnSale, async (request) => {
      const { id } = request.params;
      const now = new Date();
      await ctx.db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom('courses.cohorts').select('course_name').where('id', '=', id).executeTakeFirst();
        if (!target) throw new ApiError(404, 'not_found', cohortTexts.cohortNotFound);
        // Every cohort of the course locked, in id order: two members choosing at once take turns (no deadlock, and
        // never two chosen cohorts, which the unique index would refuse with a 500).
        const course = await trx
          .selectFrom('courses.cohorts')
          .select(['id', 'course_name', cohortDate.as('start_date'), 'status', 'capacity', 'on_sale_since'])
          .where('course_name', '=', target.course_name)
          .orderBy('id')
          .forUpdate()
          .execute();
        const cohort = course.find((c) => c.id === id);
        if (!cohort) throw new ApiError(404, 'not_found', cohortTexts.cohortNotFound);
        if (request.body.on_sale) {
          // Only a cohort the course could sell now: a closed, started or full one would silently change nothing.
          const seats = (await seatsOf(trx, [id], now)).get(id) ?? { taken: 0, held: 0 };
          if (cohort.status !== 'open' || cohort.start_date < bogotaDay(now) || seats.taken + seats.held >= cohort.capacity)
            throw new ApiError(409, 'cohort_not_sellable', cohortTexts.onSaleRefused);
        }
        const before = course.find((c) => c.on_sale_since !== null);
        // One chosen cohort per course: the earlier choice gives way (the unique index keeps it so).
        await trx
          .updateTable('courses.cohorts')
          .set({ on_sale_since: null, updated_at: now })
          .where('course_name', '=', cohort.course_name)
          .where('on_sale_since', 'is not', null)
          .execute();
        if (request.body.on_sale)
          await trx.updateTable('courses.cohorts').set({ on_sale_since: now, updated_at: now }).where('id', '=', id).execute();
        await recordAudit(trx, staffOf(request), {
          action: 'courses.cohort.on_sale',
          entity: 'cohort',
          entityId: String(id),
          detail: {
            course_name: cohort.course_name,
            start_date: cohort.start_date,
            on_sale: request.body.on_sale,
            previous: before?.id ?? null,
          },
        });
      });
      const [cohort] = await staffCohorts(ctx.db, now, id);
      return { cohort: cohort! };
    });
  });
};
