import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { ReviewDiscrepancyResponse } from 'shared/schemas/payments-staff-api';
import type { PayableDomain } from './list-staff-payments';

/** POST /api/<domain>/staff/payments/discrepancies/:id/review: a staff member has looked at this difference. */
export const reviewStaffPaymentDiscrepancy = (client: ApiClient, domain: PayableDomain, id: number, token: string) =>
  client.request<ReviewDiscrepancyResponse>('POST', `/api/${domain}/staff/payments/discrepancies/${id}/review`, undefined, { token });

export const useReviewStaffPaymentDiscrepancy = () => useOperation(reviewStaffPaymentDiscrepancy);
