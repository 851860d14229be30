import { defineOperation, fileAnswer } from 'shared/api/operation';
import { coursePageParamsSchema, coursePageSchema, materialParamsSchema } from './course-page-schemas';

/**
 * Mis Cursos's course page (#31), declared once: server/course-page.ts registers them with `route`, the page
 * (course-page.tsx) calls them as the signed-in visitor. Only for the enrolment's owner, exactly as Mis Cursos's list.
 */
export const coursePageOperations = {
  /** One enrolment's course: dates, weekly schedule, how to join, each module's state (Bearer token). */
  coursePage: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments/:id/curso',
    params: coursePageParamsSchema,
    response: coursePageSchema,
    summary: 'Mis Cursos: la página de un curso inscrito (fechas, horario, cómo unirse, módulos)',
  }),
  /** The course's classes as an iCalendar file to add to a calendar (Bearer token); 409 while there is none. */
  calendar: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments/:id/calendario',
    params: coursePageParamsSchema,
    response: fileAnswer({ accept: 'text/calendar', description: 'Las clases del curso en formato iCalendar (.ics)' }),
    summary: 'Las clases de un curso inscrito como calendario (.ics)',
  }),
  /**
   * A material's file the staff attached to a module of the course (Bearer token): only for the owner of an active
   * (paid) enrolment covering that module, as a download (attachment, nosniff); 404 for anyone else.
   */
  material: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments/:id/materiales/:material',
    params: materialParamsSchema,
    response: fileAnswer({
      accept: '*/*',
      description: 'El archivo de un material del curso (PDF, imagen o documento de Office)',
      format: 'binary',
    }),
    summary: 'Descargar un material de un módulo de un curso inscrito',
  }),
};
