import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataInboxRequest, DataInboxResponse } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/bandeja: a page of the data requests by due date, with the inbox's counts. */
export const listStaffDataRequests = (client: ApiClient, body: DataInboxRequest, token: string) =>
  client.request<DataInboxResponse>('POST', '/api/account/staff/data-requests/bandeja', body, { token });

export const useListStaffDataRequests = () => useOperation(listStaffDataRequests);
