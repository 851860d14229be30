import { defineOperation } from 'shared/api/operation';
import { referenceParamsSchema } from 'shared/payments/ledger';
import { refundRequestSchema, refundSummarySchema } from './schemas';

/** Refunds are money: Finanzas (Cursos follows the students, it does not give money back). */
const finanzas = ['finanzas'] as const;

/** Refunds of an enrolment's payment from the panel (#31), declared once: server/refunds.ts and refund-action.tsx. */
export const refundStaffOperations = {
  /** What was paid and refunded of an enrolment (audited read). */
  enrolmentRefunds: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/:reference/reembolsos',
    params: referenceParamsSchema,
    response: refundSummarySchema,
    roles: finanzas,
    tags: ['courses-staff'],
    summary: 'Lo pagado y lo reembolsado de una inscripción; queda en la auditoría',
  }),
  /**
   * Refunds all or part of the approved payment through the provider, with a reason (audited); the same `clave` again
   * refunds nothing more. A full refund withdraws the enrolment as the provider's notification of a refund would.
   */
  refundEnrolment: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/:reference/reembolso',
    params: referenceParamsSchema,
    body: refundRequestSchema,
    response: refundSummarySchema,
    roles: finanzas,
    tags: ['courses-staff'],
    summary: 'Reembolsar total o parcialmente el pago de una inscripción, con motivo; queda en la auditoría',
  }),
};
