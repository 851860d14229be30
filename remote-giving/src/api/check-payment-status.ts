import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DonationPaymentStatusResponse } from 'shared/schemas/giving-api';
import type { PaymentStatusRequest } from 'shared/schemas/payments-api';

/**
 * POST /api/giving/payments/status: the donation's payment as the server read it, with its receipt (a donation, its
 * amount, number, date, method) — only with this browser's claim.
 */
export const checkPaymentStatus = (client: ApiClient, body: PaymentStatusRequest) =>
  client.request<DonationPaymentStatusResponse>('POST', '/api/giving/payments/status', body);

export const useCheckPaymentStatus = () => useOperation(checkPaymentStatus);
