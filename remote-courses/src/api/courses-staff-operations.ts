import { defineOperation, fileAnswer } from 'shared/api/operation';
import {
  cohortParamsSchema,
  cohortResponseSchema,
  createCohortRequestSchema,
  staffCohortsResponseSchema,
  updateCohortRequestSchema,
} from 'shared/schemas/cohorts-api';
import {
  enrolmentExportQuerySchema,
  enrolmentListRequestSchema,
  enrolmentListResponseSchema,
  enrolmentOptionsResponseSchema,
  enrolmentRecordResponseSchema,
  enrolmentResendResponseSchema,
} from 'shared/schemas/enrolments-staff-api';
import { referenceParamsSchema } from 'shared/payments/ledger';

/**
 * The panel's courses operations (enrolments ledger, cohorts), declared once (#27): api/*.ts registers them with
 * `route`, the staff screens call them through the staff client. Apart from the public ones (courses-operations.ts).
 * The payments review of both payable domains is the payments kit's (shared/api/payments-staff-operations).
 */

/** Who follows the students (Cursos) and who keeps the books (Finanzas): the ledger's scope. */
const ledgerRoles = ['cursos', 'finanzas'] as const;
/** Who runs the courses: the cohorts' scope, and the 'Completado' mark. */
const cursos = ['cursos'] as const;

/** The panel's enrolments ledger and cohorts. */
export const coursesStaffOperations = {
  /** What the ledger's filters offer: the courses with their modules, and the cohorts. */
  enrolmentOptions: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/opciones',
    response: enrolmentOptionsResponseSchema,
    roles: ledgerRoles,
    tags: ['courses-staff'],
    summary: 'Lo que ofrecen los filtros de las inscripciones: cursos con sus módulos y cohortes',
  }),
  /** A page of enrolments, newest first (POST: the search never goes in a URL). Audited. */
  enrolments: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/lista',
    body: enrolmentListRequestSchema,
    response: enrolmentListResponseSchema,
    roles: ledgerRoles,
    tags: ['courses-staff'],
    summary: 'Inscripciones, de la más reciente a la más antigua, con filtros, búsqueda y paginación por cursor',
  }),
  /** The CSV of the filter (no search), a file (`downloadOperation`): the accountant's, Finanzas only. Audited. */
  exportEnrolments: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/exportar',
    query: enrolmentExportQuerySchema,
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: ['finanzas'],
    tags: ['courses-staff'],
    summary: 'Exportar las inscripciones del filtro a CSV (Excel en español); queda en la auditoría',
  }),
  /** One enrolment with the student's data and its payment history. Audited. */
  enrolment: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/:reference',
    params: referenceParamsSchema,
    response: enrolmentRecordResponseSchema,
    roles: ledgerRoles,
    tags: ['courses-staff'],
    summary: 'Una inscripción con los datos del estudiante y la historia de su pago',
  }),
  /** Marks a paid enrolment 'Completado' (Cursos only; audited), answering the record as it is now. */
  completeEnrolment: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/:reference/completar',
    params: referenceParamsSchema,
    response: enrolmentRecordResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: "Marcar una inscripción pagada como 'Completado' (Mis Cursos lo muestra); queda en la auditoría",
  }),
  /** The receipt again, to the enrolment's own address (audited). */
  resendEnrolmentReceipt: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/:reference/reenviar',
    params: referenceParamsSchema,
    response: enrolmentResendResponseSchema,
    roles: ledgerRoles,
    tags: ['courses-staff'],
    summary: 'Reenviar el comprobante de una inscripción pagada a su correo; queda en la auditoría',
  }),
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
};
