import {
  discrepancyParamsSchema,
  paymentsReviewResponseSchema,
  reconcileNowResponseSchema,
  reviewDiscrepancyResponseSchema,
} from './staff-schemas';
import { defineOperation } from '../api/operation';

/**
 * The panel's payments review, declared once for every payable domain (#27): the payments kit registers them under each
 * domain's staff API (shared/server/payments/staff-routes `paymentStaffRoutes`), the panel's payments screen calls
 * each domain's through the staff client. Here, not in a remote, because the kit serving them is shared: a domain
 * is a parameter of its paths. Finanzas only.
 */

/** The domains whose payments the panel reviews (each registers `paymentStaffRoutes` with its payables). */
export type PayableDomain = 'courses' | 'giving';

const finanzas = ['finanzas'] as const;

/** One domain's payments review: what to look at, a difference marked reviewed, and reconciliation now (audited). */
function paymentStaffOperationsOf<D extends PayableDomain>(domain: D) {
  return {
    /** Differences, reversals and waiting checkouts of the domain (audited as `<domain>.payment.read`). */
    review: defineOperation({
      method: 'GET',
      path: `/api/${domain}/staff/payments`,
      response: paymentsReviewResponseSchema,
      roles: finanzas,
      tags: [domain],
      summary: 'Pagos por revisar: diferencias, reversiones y pagos en espera',
    }),
    /** A staff member has looked at this difference (audited as `<domain>.payment.review`). */
    markReviewed: defineOperation({
      method: 'POST',
      path: `/api/${domain}/staff/payments/discrepancies/:id/review`,
      params: discrepancyParamsSchema,
      response: reviewDiscrepancyResponseSchema,
      roles: finanzas,
      tags: [domain],
      summary: 'Marcar como revisada una diferencia en un pago',
    }),
    /** Asks the provider now about every checkout still waiting (audited as `<domain>.payment.reconcile`). */
    reconcile: defineOperation({
      method: 'POST',
      path: `/api/${domain}/staff/payments/reconcile`,
      response: reconcileNowResponseSchema,
      roles: finanzas,
      tags: [domain],
      summary: 'Preguntar ya a la pasarela por los pagos en espera',
    }),
  };
}

/** Each payable domain's payments review (`paymentStaffOperations.courses.review`…), made once so they stay stable. */
export const paymentStaffOperations: { [D in PayableDomain]: ReturnType<typeof paymentStaffOperationsOf<D>> } = {
  courses: paymentStaffOperationsOf('courses'),
  giving: paymentStaffOperationsOf('giving'),
};
