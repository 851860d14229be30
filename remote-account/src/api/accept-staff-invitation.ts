import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { AcceptStaffInvitationInput, AcceptStaffInvitationResponse } from 'shared/schemas/staff-api';

/** POST /api/account/staff-invitation/accept: the invited person's name and new password, with the link's token. */
export const acceptStaffInvitation = (client: ApiClient, body: AcceptStaffInvitationInput) =>
  client.request<AcceptStaffInvitationResponse>('POST', '/api/account/staff-invitation/accept', body);

export const useAcceptStaffInvitation = () => useOperation(acceptStaffInvitation);
