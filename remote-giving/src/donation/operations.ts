import { defineOperation } from 'shared/api/operation';
import { contributionResponseSchema, donationBoundsResponseSchema, donationPaymentStatusResponseSchema, donationSchema } from './schemas';
import { paymentStatusRequestSchema } from 'shared/payments/schemas';

/**
 * The donation's public operations, declared once (#27, shared/api/operation): the server registers them
 * (server/contributions.ts and server/donation-bounds.ts with `route`), the donation and result pages call them
 * (`useOperationCall`), tests answer them (`on`). No React and no server imports, so both sides import this module.
 * The panel's operations are in the staff features (../donations, ../certificates, ../campaign/staff-operations.ts),
 * so a donor's page never downloads them (a declaration's schemas are code).
 */

/** The donation page and the payment's result pages (public). */
export const donationOperations = {
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
};
