import { defineOperation } from 'shared/api/operation';
import { verificationParamsSchema, verificationResponseSchema } from './schemas';

/**
 * The public verification of a completion certificate (#31), declared once: server/verification.ts registers it, the
 * page /verificar/<code> calls it. No account: the code printed on the certificate (and in its QR) is the key.
 */
export const certificateOperations = {
  verifyCertificate: defineOperation({
    method: 'GET',
    path: '/api/courses/verificar/:code',
    params: verificationParamsSchema,
    response: verificationResponseSchema,
    summary: 'Verificar un certificado de finalización por su código: nombre, curso, fecha, número y estado (válido o anulado); nada más',
  }),
};
