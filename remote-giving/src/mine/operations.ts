import { defineOperation } from 'shared/api/operation';
import { amountChangeSchema, cancelSchema, giftParamsSchema, manageResponseSchema, myDonationsResponseSchema } from './schemas';

/**
 * Mis donaciones (#29), declared once: the signed-in donor whose address the identity provider verified sees and manages
 * the gifts made with it (Bearer token; the page calls them with `useSignedInCall`). The same actions as the e-mail's
 * manage link (../monthly/operations.ts), by the gift's reference instead of a token: another person's reference is
 * answered as an unknown one (404).
 */
export const mineOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/api/giving/mine',
    response: myDonationsResponseSchema,
    summary: 'Mis donaciones: donaciones mensuales y donaciones únicas aprobadas del correo verificado del usuario',
  }),
  changeAmount: defineOperation({
    method: 'PUT',
    path: '/api/giving/mine/:reference/amount',
    params: giftParamsSchema,
    body: amountChangeSchema,
    response: manageResponseSchema,
    summary: 'Mis donaciones: cambiar el valor de una donación mensual propia (desde el próximo cobro)',
  }),
  pause: defineOperation({
    method: 'POST',
    path: '/api/giving/mine/:reference/pause',
    params: giftParamsSchema,
    response: manageResponseSchema,
    summary: 'Mis donaciones: pausar una donación mensual propia',
  }),
  resume: defineOperation({
    method: 'POST',
    path: '/api/giving/mine/:reference/resume',
    params: giftParamsSchema,
    response: manageResponseSchema,
    summary: 'Mis donaciones: reanudar una donación mensual propia pausada',
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/api/giving/mine/:reference/cancel',
    params: giftParamsSchema,
    body: cancelSchema,
    response: manageResponseSchema,
    summary: 'Mis donaciones: cancelar una donación mensual propia (definitivo; requiere confirmación)',
  }),
};
