import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { PqrsfInboxRequest, PqrsfInboxResponse } from 'shared/schemas/pqrsf-staff-api';

/** POST /api/community/staff/pqrsf/bandeja: a page of the PQRSF inbox (POST: the search is personal data, never in a URL). */
export const listPqrsfStaffInbox = (client: ApiClient, body: PqrsfInboxRequest, token: string) =>
  client.request<PqrsfInboxResponse>('POST', '/api/community/staff/pqrsf/bandeja', body, { token });

export const useListPqrsfStaffInbox = () => useOperation(listPqrsfStaffInbox);
