import { defineOperation } from 'shared/api/operation';
import { contributionResponseSchema, donationBoundsResponseSchema, donationSchema } from './schemas';

/**
 * The two operations the donation page calls, declared here so that page does not load the result pages' payment
 * status (its declaration and schemas, #33). `donationOperations` (./operations.ts) holds these same declarations.
 */
export const donationPageOperations = {
  /** Stores the donor, and answers the checkout for the amount the server decided. */
  contribute: defineOperation({
    method: 'POST',
    path: '/api/giving/contributions',
    body: donationSchema,
    response: contributionResponseSchema,
    status: 201,
    summary: 'Registrar una donación y crear su pago (el monto lo decide el servidor)',
  }),
  /** The smallest and largest donation the server accepts (its settings, whole COP). */
  donationBounds: defineOperation({
    method: 'GET',
    path: '/api/giving/donation-bounds',
    response: donationBoundsResponseSchema,
    summary: 'Monto mínimo y máximo de una donación, en pesos',
  }),
};
