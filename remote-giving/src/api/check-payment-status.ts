import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { PaymentStatusRequest, PaymentStatusResponse } from 'shared/schemas/payments-api';

/** POST /api/giving/payments/status: the donation's payment as the server read it (only with this browser's claim). */
export const checkPaymentStatus = (client: ApiClient, body: PaymentStatusRequest) =>
  client.request<PaymentStatusResponse>('POST', '/api/giving/payments/status', body);

export const useCheckPaymentStatus = () => useOperation(checkPaymentStatus);
