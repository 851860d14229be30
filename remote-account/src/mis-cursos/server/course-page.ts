import type { FastifyPluginAsync } from 'fastify';
import type { ApiContext } from 'shared/server/api-contract';
import { ApiError } from 'shared/server/http';
import { requireUser } from 'shared/server/identity';
import { bogotaDay } from 'shared/server/jobs';
import { bearerSecurity, route } from 'shared/server/operation-routes';
import { sendStoredObject } from 'shared/server/objects/file-routes';
import { courseCohortsService, courseEnrolmentsService, type CourseEnrolment, type EnrolmentCoursePage } from 'shared/server/services';
import { coursePageOperations as ops } from '../course-page-operations';
import type { ModuleState } from '../course-page-schemas';
import { texts as misCursosTexts } from './routes';

export const coursePageTexts = {
  notFound: misCursosTexts.notFound,
  materialNotFound: 'No encontramos ese material entre los de tu curso.',
  noCalendar: 'El calendario estará disponible cuando el equipo publique los días y horas de clase y la fecha de finalización de tu curso.',
};

/** The enrolments Mis Cursos lists (paid, or completed): the course page shows only those. */
const isListed = (e: Pick<CourseEnrolment, 'payment_status' | 'enrollment_status'>) =>
  e.payment_status.toLowerCase() === 'approved' || e.enrollment_status === 'COMPLETED';

/** A module's state for this student: the staff's record of it, its enrolment's state and the cohort's dates (Bogotá days). */
function moduleState(
  included: boolean,
  completed: boolean,
  enrolment: Pick<CourseEnrolment, 'enrollment_status'>,
  startDate: string | null,
  today: string,
): ModuleState {
  if (!included) return 'no_incluido';
  if (completed || enrolment.enrollment_status === 'COMPLETED') return 'completado';
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
        modules: page.modules.map((m) => ({
          number: m.number,
          name: m.name,
          state: moduleState(m.included, m.completed, enrolment, page.startDate, today),
          materials: m.materials.map((x) => ({
            id: x.id,
            title: x.title,
            kind: x.kind,
            url: x.url,
            file_name: x.fileName,
            file_kind: x.fileKind,
            file_size: x.fileSize,
          })),
        })),
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

  // A material's file (#31): the owner's listed enrolment first (anyone else: the same 404), then the courses domain
  // decides whether this enrolment may have it (active, covering the material's module). Always a download, nosniff.
  route(
    app,
    ops.material,
    async (request, reply) => {
      const user = await requireUser(ctx.identity, request);
      const [enrolment] = await readCourseEnrolments(ctx.db, { owner: user, reference: request.params.id });
      if (!enrolment || !isListed(enrolment)) throw new ApiError(404, 'not_found', coursePageTexts.notFound);
      const found = await cohorts.enrolmentMaterial({ db: ctx.db, objects: ctx.objects }, enrolment.reference, request.params.material);
      if (!found) throw new ApiError(404, 'not_found', coursePageTexts.materialNotFound);
      return sendStoredObject(reply, found.file, { cacheControl: 'private, no-store', fileName: found.fileName, download: true });
    },
    { security: bearerSecurity },
  );
};
