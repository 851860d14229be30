import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { InboxExportQueryInput } from 'shared/schemas/community-inbox-api';
import type { CommunityInboxKind } from 'shared/staff-routes';

/**
 * GET /api/community/staff/inbox/:kind/exportar: the CSV of one kind (by contact status and workshop; no search, so
 * nothing personal in the URL) as a Blob, or null when it could not be had. The server records the export.
 */
export const exportCommunityInbox = (client: ApiClient, kind: CommunityInboxKind, query: InboxExportQueryInput, token: string) => {
  const params = new URLSearchParams();
  if (query.estado) params.set('estado', query.estado);
  if (query.taller) params.set('taller', query.taller);
  const search = params.toString();
  return client.download(`/api/community/staff/inbox/${encodeURIComponent(kind)}/exportar${search ? `?${search}` : ''}`, {
    token,
    accept: 'text/csv',
  });
};

export const useExportCommunityInbox = () => useOperation(exportCommunityInbox);
