import { defineOperation } from 'shared/api/operation';
import { amountChangeSchema, cancelSchema, manageParamsSchema, manageResponseSchema } from './manage-schemas';
import { monthlyStart } from './start-operations';

/**
 * Monthly giving's public operations (#29), declared once like the one-time donation's (../donation/operations.ts):
 * starting a gift, and the donor's manage link (no account: the token in the path is the credential). The provider's
 * notifications are a webhook (server/monthly.ts), not an operation.
 */
export const monthlyOperations = {
  start: monthlyStart,
  manage: defineOperation({
    method: 'GET',
    path: '/api/giving/monthly/manage/:token',
    params: manageParamsSchema,
    response: manageResponseSchema,
    summary: 'Ver una donación mensual desde su enlace personal: valor, estado, próximo cobro y cobros',
  }),
  changeAmount: defineOperation({
    method: 'PUT',
    path: '/api/giving/monthly/manage/:token/amount',
    params: manageParamsSchema,
    body: amountChangeSchema,
    response: manageResponseSchema,
    summary: 'Cambiar el valor de una donación mensual (desde el próximo cobro)',
  }),
  pause: defineOperation({
    method: 'POST',
    path: '/api/giving/monthly/manage/:token/pause',
    params: manageParamsSchema,
    response: manageResponseSchema,
    summary: 'Pausar una donación mensual',
  }),
  resume: defineOperation({
    method: 'POST',
    path: '/api/giving/monthly/manage/:token/resume',
    params: manageParamsSchema,
    response: manageResponseSchema,
    summary: 'Reanudar una donación mensual pausada',
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/api/giving/monthly/manage/:token/cancel',
    params: manageParamsSchema,
    body: cancelSchema,
    response: manageResponseSchema,
    summary: 'Cancelar una donación mensual (definitivo; requiere confirmación)',
  }),
};
