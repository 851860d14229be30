import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CampaignRequest, StaffCampaignResponse } from 'shared/schemas/campaign-api';

/** POST /api/giving/staff/campaigns: a new campaign (audited as giving.campaign.save). */
export const createStaffCampaign = (client: ApiClient, body: CampaignRequest, token: string) =>
  client.request<StaffCampaignResponse>('POST', '/api/giving/staff/campaigns', body, { token });

export const useCreateStaffCampaign = () => useOperation(createStaffCampaign);
