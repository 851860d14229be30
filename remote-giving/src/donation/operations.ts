import { defineOperation } from 'shared/api/operation';
import { paymentStatusRequestSchema } from 'shared/payments/schemas';
import { donationPageOperations } from './page-operations';
import { donationPaymentStatusResponseSchema } from './status-schemas';

/**
 * The donation's public operations, declared once (#27, shared/api/operation): the server registers them
 * (server/contributions.ts and server/donation-bounds.ts with `route`), the donation and result pages call them
 * (`useOperationCall`), tests answer them (`on`). No React and no server imports, so both sides import this module.
 * The panel's operations are in the staff features (../donations, ../certificates, ../campaign/staff-operations.ts),
 * so a donor's page never downloads them (a declaration's schemas are code). The donation page's two are declared in
 * ./page-operations.ts, so it does not download the payment status's (#33).
 */

/** The donation page and the payment's result pages (public). */
export const donationOperations = {
  ...donationPageOperations,
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
};
