import { defineOperation, fileAnswer } from 'shared/api/operation';
import { registrationConsentResponseSchema, registrationConsentSchema } from 'shared/schemas/account';
import { certificateParamsSchema, enrollmentsResponseSchema } from 'shared/schemas/account-api';
import {
  dataRequestCodeRequestSchema,
  dataRequestCodeResponseSchema,
  fileDataRequestResponseSchema,
  fileDataRequestSchema,
} from 'shared/schemas/data-requests-api';

/**
 * The account's visitor operations, declared once (#27, shared/api/operation): api/*.ts registers them with `route`,
 * the pages call them. Mis Cursos's two need the visitor's session: the page calls them with `useSignedInCall` /
 * `useSignedInDownload`, so the token comes from the session and no screen handles it. The panel's invitation steps
 * are in staff-invitation-operations.ts and the team's operations in account-staff-operations.ts and
 * data-requests-staff-operations.ts: a visitor's page never bundles them.
 */
export const accountOperations = {
  /** The proof of the registration's authorization, stored before the sign-up (#15). */
  registrationConsent: defineOperation({
    method: 'POST',
    path: '/api/account/registration-consent',
    body: registrationConsentSchema,
    response: registrationConsentResponseSchema,
    status: 201,
    summary: 'Guardar la prueba de la autorización de datos del formulario de registro (antes de crear la cuenta)',
  }),
  /** Mis Cursos: the signed-in user's paid or completed enrolments (Bearer token). */
  enrollments: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments',
    response: enrollmentsResponseSchema,
    summary: 'Mis Cursos: inscripciones pagadas o completadas del usuario autenticado',
  }),
  /** The enrolment certificate PDF, only for its owner (Bearer token). */
  certificate: defineOperation({
    method: 'GET',
    path: '/api/account/enrollments/:id/certificate',
    params: certificateParamsSchema,
    response: fileAnswer({ accept: 'application/pdf', description: 'Constancia de inscripción en PDF' }),
    summary: 'Constancia de inscripción en PDF',
  }),
  /** E-mails a 6-digit code to the address (the same answer for any address). */
  dataRequestCode: defineOperation({
    method: 'POST',
    path: '/api/account/data-requests/codigo',
    body: dataRequestCodeRequestSchema,
    response: dataRequestCodeResponseSchema,
    summary: 'Derechos del titular: enviar un código al correo para probar que es suyo (la misma respuesta para cualquier correo)',
  }),
  /**
   * Files the request with the e-mailed code or link, or, signed in with a verified address, with the session's ID
   * token instead; answers the radicado and the due date.
   */
  fileDataRequest: defineOperation({
    method: 'POST',
    path: '/api/account/data-requests',
    body: fileDataRequestSchema,
    response: fileDataRequestResponseSchema,
    status: 201,
    summary:
      'Derechos del titular (Ley 1581): radicar una solicitud de acceso, corrección, supresión o revocatoria con el código enviado al correo',
  }),
};
