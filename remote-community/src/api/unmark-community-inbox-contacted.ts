import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { InboxRecordResponse } from 'shared/schemas/community-inbox-api';
import type { CommunityInboxKind } from 'shared/staff-routes';

/** DELETE /api/community/staff/inbox/:kind/:id/contacto: takes the 'Contactado' mark (and its note) off the record. */
export const unmarkCommunityInboxContacted = (client: ApiClient, kind: CommunityInboxKind, id: string, token: string) =>
  client.request<InboxRecordResponse>(
    'DELETE',
    `/api/community/staff/inbox/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/contacto`,
    undefined,
    { token },
  );

export const useUnmarkCommunityInboxContacted = () => useOperation(unmarkCommunityInboxContacted);
