import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CurrentCampaignResponse } from 'shared/schemas/campaign-api';

/** GET /api/giving/campaign: the campaign running today and what approved donations have raised (no personal data). */
export const getCampaign = (client: ApiClient) => client.request<CurrentCampaignResponse>('GET', '/api/giving/campaign');

export const useGetCampaign = () => useOperation(getCampaign);
