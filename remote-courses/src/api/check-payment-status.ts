import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CoursePaymentStatusResponse } from 'shared/schemas/courses-api';
import type { PaymentStatusRequest } from 'shared/schemas/payments-api';

/**
 * POST /api/courses/payments/status: the enrolment's payment as the server read it, with its receipt (course, module,
 * amount, number, date, method) — only with this browser's claim.
 */
export const checkPaymentStatus = (client: ApiClient, body: PaymentStatusRequest) =>
  client.request<CoursePaymentStatusResponse>('POST', '/api/courses/payments/status', body);

export const useCheckPaymentStatus = () => useOperation(checkPaymentStatus);
