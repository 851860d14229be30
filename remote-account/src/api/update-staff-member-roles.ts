import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { UpdateStaffRolesRequest, UpdateStaffRolesResponse } from 'shared/schemas/staff-api';

/** PUT /api/account/staff/members/:email/roles (administration): what a member or a pending invitation may do. */
export const updateStaffMemberRoles = (client: ApiClient, email: string, body: UpdateStaffRolesRequest, token: string) =>
  client.request<UpdateStaffRolesResponse>('PUT', `/api/account/staff/members/${encodeURIComponent(email)}/roles`, body, { token });

export const useUpdateStaffMemberRoles = () => useOperation(updateStaffMemberRoles);
