import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { InboxListRequest, InboxListResponse } from 'shared/schemas/community-inbox-api';
import type { CommunityInboxKind } from 'shared/staff-routes';

/** POST /api/community/staff/inbox/:kind/lista: a page of one kind, newest first (POST: the search never goes in a URL). */
export const listCommunityInbox = (client: ApiClient, kind: CommunityInboxKind, body: InboxListRequest, token: string) =>
  client.request<InboxListResponse>('POST', `/api/community/staff/inbox/${encodeURIComponent(kind)}/lista`, body, { token });

export const useListCommunityInbox = () => useOperation(listCommunityInbox);
