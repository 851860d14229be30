import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { StaffCampaignsResponse } from 'shared/schemas/campaign-api';

/** GET /api/giving/staff/campaigns: every campaign, the latest first, with what each raised. */
export const listStaffCampaigns = (client: ApiClient, token: string) =>
  client.request<StaffCampaignsResponse>('GET', '/api/giving/staff/campaigns', undefined, { token });

export const useListStaffCampaigns = () => useOperation(listStaffCampaigns);
