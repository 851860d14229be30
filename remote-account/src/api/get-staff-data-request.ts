import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase } from 'shared/schemas/data-requests-api';

/** GET /api/account/staff/data-requests/:radicado: the request, its history, term and the actions possible today. */
export const getStaffDataRequest = (client: ApiClient, radicado: string, token: string) =>
  client.request<DataRequestCase>('GET', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}`, undefined, { token });

export const useGetStaffDataRequest = () => useOperation(getStaffDataRequest);
