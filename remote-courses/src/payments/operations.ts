import { defineOperation } from 'shared/api/operation';
import { accountFromPaymentOperation } from 'shared/payments/account-from-payment-operations';
import { coursePaymentStatusResponseSchema } from './schemas';
import { paymentStatusRequestSchema } from 'shared/payments/schemas';

/**
 * What the course payment's result pages call, declared once (#27): the status check (registered by the payments kit
 * from `coursePayables.statusOperation`) and the account opened after an approved payment (registered by the account
 * API). In a module of their own so the result pages download neither the enrolment form's schemas nor the panel's
 * (../enrolment/operations.ts).
 */
export const coursePaymentsOperations = {
  /**
   * The enrolment's payment as the server read it, with its receipt (course, module, cohort) — only with this
   * browser's claim. Registered by the payments kit (shared/server/payments/routes, `coursePayables.statusOperation`).
   */
  paymentStatus: defineOperation({
    method: 'POST',
    path: '/api/courses/payments/status',
    body: paymentStatusRequestSchema,
    response: coursePaymentStatusResponseSchema,
    summary: 'Consultar el estado de un pago desde el navegador que lo inició (lo que informa la pasarela)',
  }),
  /** The account opened after the approved payment (the payments kit declares it; the account API registers it). */
  accountFromPayment: accountFromPaymentOperation,
};
