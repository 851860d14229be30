import { defineOperation } from 'shared/api/operation';
import {
  cohortOnSaleRequestSchema,
  cohortParamsSchema,
  cohortResponseSchema,
  createCohortRequestSchema,
  staffCohortsResponseSchema,
  updateCohortRequestSchema,
} from './schemas';

/**
 * The panel's cohorts, declared once (#27): server/cohorts.ts registers them with `route`, the staff screen calls them
 * through the staff client. Apart from the public next cohorts (operations.ts), which every course page downloads.
 */

/** Who runs the courses: the cohorts' scope. */
const cursos = ['cursos'] as const;

/** The panel's cohorts. */
export const cohortsStaffOperations = {
  /** Every cohort of every course with its seats. */
  cohorts: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/cohorts',
    response: staffCohortsResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Cohortes de cada curso con sus cupos',
  }),
  /** A new cohort of a course (201; audited as courses.cohort.create). */
  createCohort: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/cohorts',
    body: createCohortRequestSchema,
    response: cohortResponseSchema,
    status: 201,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Crear una cohorte',
  }),
  /** Edits, opens or closes a cohort (audited as courses.cohort.update). */
  updateCohort: defineOperation({
    method: 'PUT',
    path: '/api/courses/staff/cohorts/:id',
    params: cohortParamsSchema,
    body: updateCohortRequestSchema,
    response: cohortResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Editar, abrir o cerrar una cohorte',
  }),
  /** Puts a cohort on sale instead of its course's earliest open one, or goes back to it (audited as courses.cohort.on_sale). */
  cohortOnSale: defineOperation({
    method: 'PUT',
    path: '/api/courses/staff/cohorts/:id/venta',
    params: cohortParamsSchema,
    body: cohortOnSaleRequestSchema,
    response: cohortResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Poner una cohorte a la venta (o volver a vender la más próxima)',
  }),
};
