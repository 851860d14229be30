import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCodeRequest, DataRequestCodeResponse } from 'shared/schemas/data-requests-api';

/** POST /api/account/data-requests/codigo: e-mails a 6-digit code to the address (the same answer for any address). */
export const requestDataRequestCode = (client: ApiClient, body: DataRequestCodeRequest) =>
  client.request<DataRequestCodeResponse>('POST', '/api/account/data-requests/codigo', body);

export const useRequestDataRequestCode = () => useOperation(requestDataRequestCode);
