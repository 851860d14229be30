import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CampaignRequest, StaffCampaignResponse } from 'shared/schemas/campaign-api';

/** PUT /api/giving/staff/campaigns/:id: edits a campaign's name, goal or dates (audited as giving.campaign.save). */
export const updateStaffCampaign = (client: ApiClient, id: number, body: CampaignRequest, token: string) =>
  client.request<StaffCampaignResponse>('PUT', `/api/giving/staff/campaigns/${encodeURIComponent(String(id))}`, body, { token });

export const useUpdateStaffCampaign = () => useOperation(updateStaffCampaign);
