import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataCompletionInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/completar: asks the person once to complete an incomplete reclamo (art. 15); its term stops. */
export const requestStaffDataCompletion = (client: ApiClient, radicado: string, body: DataCompletionInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/completar`, body, { token });

export const useRequestStaffDataCompletion = () => useOperation(requestStaffDataCompletion);
