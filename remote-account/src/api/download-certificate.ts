import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';

/** GET /api/account/enrollments/:id/certificate: the enrolment certificate PDF, only for its owner (Bearer token). */
export const downloadCertificate = (client: ApiClient, enrollmentId: string, token: string) =>
  client.download(`/api/account/enrollments/${encodeURIComponent(enrollmentId)}/certificate`, { token, accept: 'application/pdf' });

export const useDownloadCertificate = () => useOperation(downloadCertificate);
