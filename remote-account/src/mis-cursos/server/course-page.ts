import type { FastifyPluginAsync } from 'fastify';
import type { ApiContext } from 'shared/server/api-contract';
import { ApiError } from 'shared/server/http';
import { requireUser } from 'shared/server/identity';
import { bogotaDay } from 'shared/server/jobs';
import { bearerSecurity, route } from 'shared/server/operation-routes';
import { courseCohortsService, courseEnrolmentsService, type CourseEnrolment, type EnrolmentCoursePage } from 'shared/server/services';
import { coursePageOperations as ops } from '../course-page-operations';
import type { ModuleState } from '../course-page-schemas';
import { texts as misCursosTexts } from './routes';

export const coursePageTexts = {
  notFound: misCursosTexts.notFound,
  noCalendar: 'El calendario estará disponible cuando el equipo publique los días y horas de clase y la fecha de finalización de tu curso.',
};

/** The enrolments Mis Cursos lists (paid, or completed): the course page shows only those. */
const isListed = (e: Pick<CourseEnrolment, 'payment_status' | 'enrollment_status'>) =>
  e.payment_status.toLowerCase() === 'approved' || e.enrollment_status === 'COMPLETED';

/** A module's state for this student: its enrolment's state and the cohort's dates (Bogotá days). */
function moduleState(
  included: boolean,
  enrolment: Pick<CourseEnrolment, 'enrollment_status'>,
  startDate: string | null,
  today: string,
): ModuleState {
  if (!included) return 'no_incluido';
  if (enrolment.enrollment_status === 'COMPLETED') return 'completado';
  if (startDate && today < startDate) return 'por_iniciar';
  return 'en_curso';
}

/**
 * Mis Cursos's course page (#31): one enrolment's course and its calendar, for its owner only. The owner is found
 * exactly as Mis Cursos's list finds them (the courses domain's `readCourseEnrolments` with the signed-in user: tied to
 * the account, or made with the address once the identity provider verified it); anyone else's reference is the same
 * 404 as an unknown one. The cohort's details come from the courses domain's service, never its tables.
 */
export const coursePageRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  const { readCourseEnrolments } = ctx.domains.services.get(courseEnrolmentsService);
  const cohorts = ctx.domains.services.get(courseCohortsService);

  /** The signed-in owner's listed enrolment with this reference, and its course page; 401 / 404 otherwise. */
  async function ownedCourse(
    request: Parameters<typeof requireUser>[1],
    reference: string,
  ): Promise<[CourseEnrolment, EnrolmentCoursePage]> {
    const user = await requireUser(ctx.identity, request);
    const [enrolment] = await readCourseEnrolments(ctx.db, { owner: user, reference });
    if (!enrolment || !isListed(enrolment)) throw new ApiError(404, 'not_found', coursePageTexts.notFound);
    const page = await cohorts.enrolmentCoursePage(ctx.db, enrolment.reference);
    if (!page) throw new ApiError(404, 'not_found', coursePageTexts.notFound);
    return [enrolment, page];
  }

  route(
    app,
    ops.coursePage,
    async (request, reply) => {
      const [enrolment, page] = await ownedCourse(request, request.params.id);
      reply.header('cache-control', 'private, no-store');
      const today = bogotaDay(new Date());
      return {
        id: enrolment.reference,
        course_name: page.courseTitle,
        module_name: page.moduleName,
        enrollment_status: enrolment.enrollment_status,
        start_date: page.startDate,
        end_date: page.endDate,
        schedule: page.schedule,
        weekly: page.weekly,
        join_url: page.joinUrl,
        join_place: page.joinPlace,
        modules: page.modules.map((m) => ({ name: m.name, state: moduleState(m.included, enrolment, page.startDate, today) })),
        calendar_available: page.calendarAvailable,
      };
    },
    { security: bearerSecurity },
  );

  route(
    app,
    ops.calendar,
    async (request, reply) => {
      const [enrolment] = await ownedCourse(request, request.params.id);
      const ics = await cohorts.enrolmentCalendar(ctx.db, enrolment.reference, {
        publicOrigin: ctx.settings.publicOrigin,
        now: new Date(),
      });
      if (!ics) throw new ApiError(409, 'no_calendar', coursePageTexts.noCalendar);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="curso-${enrolment.reference}.ics"`)
        .send(ics);
    },
    { security: bearerSecurity },
  );
};
