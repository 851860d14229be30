import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CertificateResponse } from 'shared/schemas/certificates-api';

/**
 * POST /api/giving/staff/certificates/{donacion|anual}/:reference: the certificate of one approved donation, or the
 * consolidated one of its donor's finished year; the existing one when it was issued before. Audited.
 */
export const issueStaffCertificate = (client: ApiClient, kind: 'donacion' | 'anual', reference: string, token: string) =>
  client.request<CertificateResponse>('POST', `/api/giving/staff/certificates/${kind}/${encodeURIComponent(reference)}`, undefined, {
    token,
  });

export const useIssueStaffCertificate = () => useOperation(issueStaffCertificate);
