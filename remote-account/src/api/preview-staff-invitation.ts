import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { StaffInvitationPreviewResponse } from 'shared/schemas/staff-api';

/** POST /api/account/staff-invitation/preview: what an invitation link offers (the token in the body, never in a URL). */
export const previewStaffInvitation = (client: ApiClient, token: string) =>
  client.request<StaffInvitationPreviewResponse>('POST', '/api/account/staff-invitation/preview', { token });

export const usePreviewStaffInvitation = () => useOperation(previewStaffInvitation);
