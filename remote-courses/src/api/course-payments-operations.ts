import { defineOperation } from 'shared/api/operation';
import { accountFromPaymentRequestSchema, accountFromPaymentResponseSchema } from 'shared/schemas/account-api';
import { coursePaymentStatusResponseSchema } from 'shared/schemas/courses-api';
import { paymentStatusRequestSchema } from 'shared/schemas/payments-api';

/**
 * What the course payment's result pages call, declared once (#27): the status check (registered by the payments kit
 * from `coursePayables.statusOperation`) and the account opened after an approved payment (registered by the account
 * API). In a module of their own so the result pages download neither the enrolment form's schemas nor the panel's
 * (courses-operations.ts).
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
  /**
   * The account of an approved enrolment, asked from the paying browser with its claim (201, once). The account API
   * registers it (remote-account/server/routes.ts): declared here for the course's result page, which calls it, since a
   * remote imports no other remote's declarations.
   */
  accountFromPayment: defineOperation({
    method: 'POST',
    path: '/api/account/accounts/from-payment',
    body: accountFromPaymentRequestSchema,
    response: accountFromPaymentResponseSchema,
    status: 201,
    summary: 'Crear la cuenta del estudiante tras un pago aprobado (verificado con la pasarela)',
  }),
};
