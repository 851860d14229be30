import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';

/** GET /api/giving/staff/certificates/:number/pdf: the certificate's PDF as a Blob, or null (voided, gone, offline). */
export const downloadStaffCertificate = (client: ApiClient, number: string, token: string) =>
  client.download(`/api/giving/staff/certificates/${encodeURIComponent(number)}/pdf`, { token, accept: 'application/pdf' });

export const useDownloadStaffCertificate = () => useOperation(downloadStaffCertificate);
