import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { ContactMarkRequest, InboxRecordResponse } from 'shared/schemas/community-inbox-api';
import type { CommunityInboxKind } from 'shared/staff-routes';

/** PUT /api/community/staff/inbox/:kind/:id/contacto: marks the record 'Contactado' with a note (again: replaces it). */
export const markCommunityInboxContacted = (
  client: ApiClient,
  kind: CommunityInboxKind,
  id: string,
  body: ContactMarkRequest,
  token: string,
) =>
  client.request<InboxRecordResponse>(
    'PUT',
    `/api/community/staff/inbox/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/contacto`,
    body,
    {
      token,
    },
  );

export const useMarkCommunityInboxContacted = () => useOperation(markCommunityInboxContacted);
