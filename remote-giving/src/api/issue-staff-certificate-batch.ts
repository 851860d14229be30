import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CertificateBatchRequest, CertificateBatchResponse } from 'shared/schemas/certificates-api';

/** POST /api/giving/staff/certificates/lote: the annual certificates of every donor of a finished year. Audited. */
export const issueStaffCertificateBatch = (client: ApiClient, body: CertificateBatchRequest, token: string) =>
  client.request<CertificateBatchResponse>('POST', '/api/giving/staff/certificates/lote', body, { token });

export const useIssueStaffCertificateBatch = () => useOperation(issueStaffCertificateBatch);
