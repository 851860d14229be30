import { defineOperation } from 'shared/api/operation';
import { nextCohortsResponseSchema } from './public-schemas';

/**
 * The courses' next cohorts, declared once (#27): server/cohorts.ts registers it with `route`, every course page and the
 * enrolment page read it. In a module of its own so a course page downloads no other declaration (the staff's are in
 * staff-operations.ts, the enrolment's in ../enrolment/operations.ts).
 */
export const cohortsOperations = {
  /** Each course's next open cohort (start date, schedule, seats left), or null. */
  nextCohorts: defineOperation({
    method: 'GET',
    path: '/api/courses/cohorts',
    response: nextCohortsResponseSchema,
    summary: 'La próxima cohorte abierta de cada curso (fecha de inicio, horario, cupos)',
  }),
};
