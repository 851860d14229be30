import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { InboxRecordResponse } from 'shared/schemas/community-inbox-api';
import type { CommunityInboxKind } from 'shared/staff-routes';

/** GET /api/community/staff/inbox/:kind/:id: one record with every field as filed and its contact mark. */
export const getCommunityInboxRecord = (client: ApiClient, kind: CommunityInboxKind, id: string, token: string) =>
  client.request<InboxRecordResponse>(
    'GET',
    `/api/community/staff/inbox/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
    undefined,
    {
      token,
    },
  );

export const useGetCommunityInboxRecord = () => useOperation(getCommunityInboxRecord);
