import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { PaymentsReviewResponse } from 'shared/schemas/payments-staff-api';

/** The payable domains whose payments the panel reviews together. */
export type PayableDomain = 'courses' | 'giving';

/** GET /api/<domain>/staff/payments: differences, reversals and waiting checkouts of one domain (staff only). */
export const listStaffPayments = (client: ApiClient, domain: PayableDomain, token: string) =>
  client.request<PaymentsReviewResponse>('GET', `/api/${domain}/staff/payments`, undefined, { token });

export const useListStaffPayments = () => useOperation(listStaffPayments);
