import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataResumeInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/reanudar: the person completed it; the term runs again, whole, from the next day. */
export const resumeStaffDataRequest = (client: ApiClient, radicado: string, body: DataResumeInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/reanudar`, body, { token });

export const useResumeStaffDataRequest = () => useOperation(resumeStaffDataRequest);
