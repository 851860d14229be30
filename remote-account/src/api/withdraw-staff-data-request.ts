import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataWithdrawInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/desistida: closes as withdrawn a reclamo not completed within two months (art. 15). */
export const withdrawStaffDataRequest = (client: ApiClient, radicado: string, body: DataWithdrawInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/desistida`, body, { token });

export const useWithdrawStaffDataRequest = () => useOperation(withdrawStaffDataRequest);
