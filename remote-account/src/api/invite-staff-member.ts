import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { InviteStaffRequest, InviteStaffResponse } from 'shared/schemas/staff-api';

/** POST /api/account/staff/members (admins): invites an address with its roles; the one-time link travels only by e-mail. */
export const inviteStaffMember = (client: ApiClient, body: InviteStaffRequest, token: string) =>
  client.request<InviteStaffResponse>('POST', '/api/account/staff/members', body, { token });

export const useInviteStaffMember = () => useOperation(inviteStaffMember);
