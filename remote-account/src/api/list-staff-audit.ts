import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { AuditResponse } from 'shared/schemas/staff-api';

/** GET /api/account/staff/audit (admins): 50 rows, newest first, older than `before`, optionally one kind of action. */
export const listStaffAudit = (client: ApiClient, query: { before?: string | null; action?: string | null }, token: string) => {
  const params = new URLSearchParams();
  if (query.before) params.set('before', query.before);
  if (query.action) params.set('action', query.action);
  const search = params.toString();
  return client.request<AuditResponse>('GET', `/api/account/staff/audit${search ? `?${search}` : ''}`, undefined, { token });
};

export const useListStaffAudit = () => useOperation(listStaffAudit);
