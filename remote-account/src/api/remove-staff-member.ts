import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { RemoveStaffResponse } from 'shared/schemas/staff-api';

/** DELETE /api/account/staff/members/:email (admins): takes a member out of the team (409 for oneself). */
export const removeStaffMember = (client: ApiClient, email: string, token: string) =>
  client.request<RemoveStaffResponse>('DELETE', `/api/account/staff/members/${encodeURIComponent(email)}`, undefined, { token });

export const useRemoveStaffMember = () => useOperation(removeStaffMember);
