import { defineOperation } from 'shared/api/operation';
import {
  dataRequestCodeRequestSchema,
  dataRequestCodeResponseSchema,
  fileDataRequestResponseSchema,
  fileDataRequestSchema,
} from './schemas';

/**
 * The data subject's requests as a visitor files them (Ley 1581), declared once (#27): server/visitor.ts registers
 * them, /datos-personales calls them (the filing with the session when the address is the verified one).
 */
export const dataRightsOperations = {
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
