import { defineOperation } from 'shared/api/operation';
import { currentCampaignResponseSchema } from 'shared/schemas/campaign-api';
import { donationSchema } from 'shared/schemas/donation';
import { contributionResponseSchema, donationBoundsResponseSchema, donationPaymentStatusResponseSchema } from 'shared/schemas/giving-api';
import { paymentStatusRequestSchema } from 'shared/payments/schemas';

/**
 * Giving's public operations, declared once (#27, shared/api/operation): the server registers them (api/*.ts with
 * `route`), the donation and result pages call them (`useOperationCall`), tests answer them (`on`). Here in src/api/
 * because a path lives only there; no React and no server imports, so both sides import this module. The panel's are
 * in giving-staff-operations.ts, so a donor's page never downloads them (a declaration's schemas are code).
 */

/** The donation page and the payment's result pages (public). */
export const givingOperations = {
  /** Stores the donor, and answers the checkout for the amount the server decided. */
  contribute: defineOperation({
    method: 'POST',
    path: '/api/giving/contributions',
    body: donationSchema,
    response: contributionResponseSchema,
    status: 201,
    summary: 'Registrar una donación y crear su pago (el monto lo decide el servidor)',
  }),
  /**
   * The donation's payment as the server read it, with its receipt — only with this browser's claim. Registered by the
   * payments kit (shared/server/payments/routes, shared with the courses) from `donationPayables.statusOperation`.
   */
  paymentStatus: defineOperation({
    method: 'POST',
    path: '/api/giving/payments/status',
    body: paymentStatusRequestSchema,
    response: donationPaymentStatusResponseSchema,
    summary: 'Consultar el estado de un pago desde el navegador que lo inició (lo que informa la pasarela)',
  }),
  /** The smallest and largest donation the server accepts (its settings, whole COP). */
  donationBounds: defineOperation({
    method: 'GET',
    path: '/api/giving/donation-bounds',
    response: donationBoundsResponseSchema,
    summary: 'Monto mínimo y máximo de una donación, en pesos',
  }),
  /** The campaign running today and what approved donations have raised (no personal data). */
  campaign: defineOperation({
    method: 'GET',
    path: '/api/giving/campaign',
    response: currentCampaignResponseSchema,
    summary: 'La campaña de donaciones en curso y cuánto lleva recaudado (sin datos personales)',
  }),
};
