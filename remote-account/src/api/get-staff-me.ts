import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { StaffMeResponse } from 'shared/schemas/staff-api';

/** GET /api/account/staff/me: the team member the ID token belongs to (403 `forbidden` for anyone else). */
export const getStaffMe = (client: ApiClient, token: string) =>
  client.request<StaffMeResponse>('GET', '/api/account/staff/me', undefined, { token });

export const useGetStaffMe = () => useOperation(getStaffMe);
