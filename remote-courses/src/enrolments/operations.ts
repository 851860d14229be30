import { defineOperation, fileAnswer } from 'shared/api/operation';
import {
  enrolmentExportQuerySchema,
  enrolmentListRequestSchema,
  enrolmentListResponseSchema,
  enrolmentOptionsResponseSchema,
  enrolmentRecordResponseSchema,
  enrolmentResendResponseSchema,
} from './schemas';
import { undoCompletionRequestSchema } from '../certificates/schemas';
import { referenceParamsSchema } from 'shared/payments/ledger';

/**
 * The panel's enrolments ledger, declared once (#27): server/ledger.ts registers them with `route`, the staff screens
 * call them through the staff client. The cohorts' are in ../cohorts/staff-operations.ts; the payments review of both
 * payable domains is the payments kit's (shared/payments/staff-operations).
 */

/** Who follows the students (Cursos) and who keeps the books (Finanzas): the ledger's scope. */
const ledgerRoles = ['cursos', 'finanzas'] as const;
/** Who runs the courses: the 'Completado' mark (and the cohorts, ../cohorts/staff-operations.ts). */
const cursos = ['cursos'] as const;

/** The panel's enrolments ledger. */
export const enrolmentsStaffOperations = {
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
  /**
   * Marks a paid enrolment 'Completado' once its cohort has ended, issuing its numbered completion certificate (#31;
   * Cursos only; audited), answering the record as it is now. 409 before the cohort's end date.
   */
  completeEnrolment: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/:reference/completar',
    params: referenceParamsSchema,
    response: enrolmentRecordResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary:
      "Marcar una inscripción pagada como 'Completado' desde la fecha de finalización de su cohorte, expidiendo su certificado de finalización; queda en la auditoría",
  }),
  /**
   * Undoes a completion with a reason (#31; Cursos only; audited): the certificate is voided (kept, with the reason and
   * date) and the enrolment goes back to its previous status.
   */
  undoCompletion: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/:reference/deshacer-completado',
    params: referenceParamsSchema,
    body: undoCompletionRequestSchema,
    response: enrolmentRecordResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Deshacer la finalización de una inscripción con un motivo: anula su certificado; queda en la auditoría',
  }),
  /** The completion certificate in force as a PDF, as the student downloads it from Mis Cursos (audited). */
  completionCertificate: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/:reference/certificado',
    params: referenceParamsSchema,
    response: fileAnswer({ accept: 'application/pdf', description: 'Certificado de finalización en PDF' }),
    roles: ledgerRoles,
    tags: ['courses-staff'],
    summary: 'El certificado de finalización vigente de una inscripción en PDF; queda en la auditoría',
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
};
