import type { ApiClient } from 'shared/api/client';
import { useApiClient } from 'shared/api/context';
import { useCallback } from 'react';

/** GET /api/account/enrollments/:id/certificate: the enrolment certificate PDF, only for its owner (Bearer token). */
export const downloadCertificate = (client: ApiClient, enrollmentId: string, token: string) =>
  client.download(`/api/account/enrollments/${encodeURIComponent(enrollmentId)}/certificate`, { token, accept: 'application/pdf' });

export function useDownloadCertificate() {
  const client = useApiClient();
  return useCallback((enrollmentId: string, token: string) => downloadCertificate(client, enrollmentId, token), [client]);
}
