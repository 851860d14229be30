import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { ReconcileNowResponse } from 'shared/schemas/payments-staff-api';
import type { PayableDomain } from './list-staff-payments';

/** POST /api/<domain>/staff/payments/reconcile: ask the provider now about every checkout still waiting. */
export const reconcileStaffPayments = (client: ApiClient, domain: PayableDomain, token: string) =>
  client.request<ReconcileNowResponse>('POST', `/api/${domain}/staff/payments/reconcile`, undefined, { token });

export const useReconcileStaffPayments = () => useOperation(reconcileStaffPayments);
