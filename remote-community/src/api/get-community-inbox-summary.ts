import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { InboxSummaryResponse } from 'shared/schemas/community-inbox-api';

/** GET /api/community/staff/inbox: every kind of community record with its total and how many are not contacted yet. */
export const getCommunityInboxSummary = (client: ApiClient, token: string) =>
  client.request<InboxSummaryResponse>('GET', '/api/community/staff/inbox', undefined, { token });

export const useGetCommunityInboxSummary = () => useOperation(getCommunityInboxSummary);
