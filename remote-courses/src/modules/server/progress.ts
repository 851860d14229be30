import type { FastifyPluginAsync } from 'fastify';
import { courseBySlug, FULL_COURSE, moduleNames } from '../../../manifest/catalogue';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import type { SiteDb } from 'shared/server/database';
import { formatLongDate } from 'shared/format/dates';
import { ApiError } from 'shared/server/http';
import { bogotaDay } from 'shared/server/jobs';
import { ledgerConflict } from 'shared/server/payments/ledger';
import { route } from 'shared/server/operation-routes';
import { pathParam, registerStaffRoutes, staffOf, staffRead } from 'shared/server/staff-guard';
import { certificateTexts } from '../../certificates/schemas';
import { cohortDate, cohortEndDate } from '../../cohorts/server/seats';
import { moduleOperations as ops } from '../operations';
import { moduleTexts as t, type CohortProgress } from '../schemas';

/**
 * Completion per module (#31), the Cursos team's, under /api/courses/staff/cohorts/:id/modulos: the cohort's students
 * (paid, 'Inscrito' or 'Completado') × the course's modules, and one student's module recorded as completed or taken
 * back — from the cohort's first day (Bogotá), only for a module the enrolment includes, audited. Marking the whole
 * course complete stays the ledger's action (its end-date rule and certificate, enrolments/server/ledger.ts); this
 * grid says when every module is done so the panel offers it.
 */

/** Whether an enrolment of `moduleName` includes the course's module `name` (the whole course includes every one). */
export const includes = (moduleName: string, name: string) => moduleName === FULL_COURSE || moduleName === name;

async function cohortOf(db: SiteDb, id: number) {
  const cohort = await db
    .selectFrom('courses.cohorts')
    .select(['id', 'course_name', cohortDate.as('start_date'), cohortEndDate.as('end_date')])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!cohort) throw new ApiError(404, 'not_found', t.cohortNotFound);
  return cohort;
}

/** Why no module of the cohort can be recorded today; null once it started. */
const lockedOf = (startDate: string, today: string) => (today < startDate ? t.notStarted(formatLongDate(startDate)) : null);

/** The cohort's grid as the panel shows it. */
export async function readCohortProgress(db: SiteDb, cohortId: number, now: Date): Promise<CohortProgress> {
  const cohort = await cohortOf(db, cohortId);
  const course = courseBySlug(cohort.course_name);
  const names = moduleNames(course);
  const today = bogotaDay(now);
  const students = await db
    .selectFrom('courses.enrolments')
    .select(['reference', 'full_name', 'module_name', 'enrollment_status'])
    .where('cohort_id', '=', cohortId)
    .where('payment_status', '=', 'approved')
    .where('enrollment_status', 'in', ['ENROLLED', 'COMPLETED'])
    .orderBy('full_name')
    .orderBy('id')
    .execute();
  const done = students.length
    ? await db
        .selectFrom('courses.module_completions')
        .select(['enrolment_reference', 'module_number'])
        .where(
          'enrolment_reference',
          'in',
          students.map((s) => s.reference),
        )
        .execute()
    : [];
  const completed = new Set(done.map((d) => `${d.enrolment_reference}:${d.module_number}`));
  return {
    cohort: { id: cohort.id, course_title: course?.title ?? cohort.course_name, start_date: cohort.start_date, end_date: cohort.end_date },
    modules: names.map((name, i) => ({ number: i + 1, name })),
    locked: lockedOf(cohort.start_date, today),
    completion_locked: !cohort.end_date
      ? certificateTexts.noEndDate
      : today < cohort.end_date
        ? certificateTexts.notEnded(formatLongDate(cohort.end_date))
        : null,
    students: students.map((s) => {
      const modules = names.map((name, i) => ({
        number: i + 1,
        included: includes(s.module_name, name),
        completed: completed.has(`${s.reference}:${i + 1}`),
      }));
      const included = modules.filter((m) => m.included);
      const courseCompleted = s.enrollment_status === 'COMPLETED';
      return {
        reference: s.reference,
        name: s.full_name,
        modules,
        course_completed: courseCompleted,
        all_modules_completed: !courseCompleted && included.length > 0 && included.every((m) => m.completed),
      };
    }),
  };
}

export const moduleProgressRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: ['cursos'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    route(staff, ops.cohortProgress, async (request) => readCohortProgress(ctx.db, request.params.id, new Date()), {
      config: staffRead<CohortProgress>({
        action: 'courses.module.progress_read',
        entity: 'cohort',
        id: pathParam('id'),
        count: (b) => b.students.length,
      }),
    });

    route(staff, ops.setModuleCompletion, async (request) => {
      const who = staffOf(request);
      const now = new Date();
      const today = bogotaDay(now);
      const { reference, module, completed } = request.body;
      const cohort = await cohortOf(ctx.db, request.params.id);
      await ctx.db.transaction().execute(async (trx) => {
        const e = await trx
          .selectFrom('courses.enrolments')
          .select(['reference', 'cohort_id', 'module_name', 'enrollment_status', 'payment_status'])
          .where('reference', '=', reference)
          .forUpdate()
          .executeTakeFirst();
        if (!e || e.cohort_id !== cohort.id) throw new ApiError(404, 'not_found', t.enrolmentNotInCohort);
        if (e.enrollment_status === 'COMPLETED') throw ledgerConflict(t.courseCompleted);
        if (e.enrollment_status !== 'ENROLLED' || e.payment_status !== 'approved') throw ledgerConflict(t.notActive);
        const name = moduleNames(courseBySlug(cohort.course_name))[module - 1];
        if (!name) throw new ApiError(400, 'validation_error', t.moduleInvalid, { module: t.moduleInvalid });
        if (!includes(e.module_name, name)) throw ledgerConflict(t.notIncluded);
        const locked = lockedOf(cohort.start_date, today);
        if (locked) throw ledgerConflict(locked);
        const changed = completed
          ? Number(
              (
                await trx
                  .insertInto('courses.module_completions')
                  .values({
                    enrolment_reference: reference,
                    module_number: module,
                    completed_on: today,
                    marked_by: who.email,
                    marked_at: now,
                  })
                  .onConflict((oc) => oc.columns(['enrolment_reference', 'module_number']).doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0,
            )
          : Number(
              (
                await trx
                  .deleteFrom('courses.module_completions')
                  .where('enrolment_reference', '=', reference)
                  .where('module_number', '=', module)
                  .executeTakeFirst()
              ).numDeletedRows,
            );
        // A second click (or a second tab) changes nothing and records nothing again.
        if (changed === 0) return;
        await recordAudit(trx, who, {
          action: completed ? 'courses.enrolment.module_complete' : 'courses.enrolment.module_uncomplete',
          entity: 'enrolment',
          entityId: reference,
          detail: { cohorte: cohort.id, modulo: module, nombre_modulo: name },
        });
      });
      return readCohortProgress(ctx.db, cohort.id, now);
    });
  });
};
