import { defineOperation } from 'shared/api/operation';
import { registrationConsentResponseSchema, registrationConsentSchema } from './schemas';

/** The registration form's operation, declared once (#27): server/registration-consent.ts registers it, /register calls it. */
export const registrationOperations = {
  /** The proof of the registration's authorization, stored before the sign-up (#15). */
  registrationConsent: defineOperation({
    method: 'POST',
    path: '/api/account/registration-consent',
    body: registrationConsentSchema,
    response: registrationConsentResponseSchema,
    status: 201,
    summary: 'Guardar la prueba de la autorización de datos del formulario de registro (antes de crear la cuenta)',
  }),
};
