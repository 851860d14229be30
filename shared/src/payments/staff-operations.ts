import { defineOperation } from '../api/operation';
import {
  discrepancyParamsSchema,
  paymentsReviewResponseSchema,
  reconcileNowResponseSchema,
  reviewDiscrepancyResponseSchema,
} from './staff-schemas';

/**
 * A payable as the panel knows it (#27): something a domain sells or receives through the payment provider (a course's
 * enrolment, a donation). Each domain declares its own in `remote-<domain>/manifest/payables.ts`; the composition
 * (site/staff-routes.ts) lists them for the panel's payments review, and the domain's server registers the review's
 * routes for each (shared/server/payments/staff-routes). A second payable of one domain is one more declaration: its
 * `name` keeps its paths apart.
 */
export interface PayableDeclaration {
  /** The domain that owns it: its API is under `/api/<domain>/`, its audit actions `<domain>.payment.*`. */
  domain: string;
  /** Its name among the domain's payables, in the review's paths (`/api/<domain>/staff/payments/<name>`). */
  name: string;
  /** The area the panel's payments review names it by ('Cursos', 'Donaciones'). */
  label: string;
  /** The panel's page of one of its records, with `:reference` (`/equipo/inscripciones/:reference`). */
  recordPage: `/equipo/${string}:reference${string}`;
}

const finanzas = ['finanzas'] as const;

function operationsOf(payable: PayableDeclaration) {
  const base = `/api/${payable.domain}/staff/payments/${payable.name}` as const;
  const tags = [payable.domain];
  return {
    /** Differences, reversals and waiting checkouts of the payable (audited as `<domain>.payment.read`). */
    review: defineOperation({
      method: 'GET',
      path: base,
      response: paymentsReviewResponseSchema,
      roles: finanzas,
      tags,
      summary: `Pagos por revisar (${payable.label}): diferencias, reversiones y pagos en espera`,
    }),
    /** A staff member has looked at this difference (audited as `<domain>.payment.review`). */
    markReviewed: defineOperation({
      method: 'POST',
      path: `${base}/discrepancies/:id/review`,
      params: discrepancyParamsSchema,
      response: reviewDiscrepancyResponseSchema,
      roles: finanzas,
      tags,
      summary: `Marcar como revisada una diferencia en un pago (${payable.label})`,
    }),
    /** Asks the provider now about every checkout of the payable still waiting (audited as `<domain>.payment.reconcile`). */
    reconcile: defineOperation({
      method: 'POST',
      path: `${base}/reconcile`,
      response: reconcileNowResponseSchema,
      roles: finanzas,
      tags,
      summary: `Preguntar ya a la pasarela por los pagos en espera (${payable.label})`,
    }),
  };
}

export type PaymentStaffOperations = ReturnType<typeof operationsOf>;

const made = new Map<string, PaymentStaffOperations>();

/**
 * The panel's payments review of one payable, declared once for every payable (the payments kit serves them all): the
 * server registers these and the panel's screen calls them. The same object for the same payable, every time.
 */
export function paymentStaffOperationsOf(payable: PayableDeclaration): PaymentStaffOperations {
  const key = `${payable.domain}/${payable.name}`;
  let ops = made.get(key);
  if (!ops) {
    ops = operationsOf(payable);
    made.set(key, ops);
  }
  return ops;
}
