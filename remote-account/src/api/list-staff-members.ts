import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { StaffMembersResponse } from 'shared/schemas/staff-api';

/** GET /api/account/staff/members (admins): every member of the team. */
export const listStaffMembers = (client: ApiClient, token: string) =>
  client.request<StaffMembersResponse>('GET', '/api/account/staff/members', undefined, { token });

export const useListStaffMembers = () => useOperation(listStaffMembers);
