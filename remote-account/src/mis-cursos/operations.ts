import { defineOperation, fileAnswer } from 'shared/api/operation';
import { certificateParamsSchema, enrollmentsResponseSchema, invoiceDownloadQuerySchema } from './schemas';

/**
 * Mis Cursos's operations, declared once (#27, shared/api/operation): server/routes.ts registers them with `route`, the
 * page calls them as the signed-in visitor (`useSignedInCall` / `useSignedInDownload`), so the token comes from the
 * session and the page never handles it. Each visitor's page has its own module (registration/operations.ts,
 * data-requests/operations.ts; the panel's are data-requests/staff-operations.ts,
 * staff/operations.ts and staff/invitation-operations.ts): a declaration's schemas are code, and a page bundles
 * only its own.
 */
export const accountOperations = {
  /** Mis Cursos: the signed-in user's paid or completed enrolments (Bearer token). */
  enrollments: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments',
    response: enrollmentsResponseSchema,
    summary: 'Mis Cursos: inscripciones pagadas o completadas del usuario autenticado',
  }),
  /**
   * The enrolment certificate PDF, only for its owner (Bearer token): the constancia of enrolment, or, once the course is
   * completed, its completion certificate (#31, issued by the courses domain).
   */
  certificate: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments/:id/certificate',
    params: certificateParamsSchema,
    response: fileAnswer({
      accept: 'application/pdf',
      description: 'Constancia de inscripción en PDF, o el certificado de finalización de un curso completado',
    }),
    summary: 'Constancia de inscripción o certificado de finalización en PDF',
  }),
  /**
   * The enrolment's electronic invoice (`tipo=factura`) or credit note (`tipo=nota`) as DIAN validated it (#30), only for
   * its owner (Bearer token); 409 while it is not issued yet.
   */
  invoice: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments/:id/factura',
    params: certificateParamsSchema,
    query: invoiceDownloadQuerySchema,
    response: fileAnswer({ accept: 'application/pdf', description: 'Factura electrónica o nota crédito en PDF' }),
    summary: 'Factura electrónica o nota crédito de una inscripción en PDF',
  }),
};
