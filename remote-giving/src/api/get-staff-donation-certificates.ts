import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DonationCertificatesResponse } from 'shared/schemas/certificates-api';

/** GET /api/giving/staff/certificates/donacion/:reference: the certificates that cover one donation. */
export const getStaffDonationCertificates = (client: ApiClient, reference: string, token: string) =>
  client.request<DonationCertificatesResponse>(
    'GET',
    `/api/giving/staff/certificates/donacion/${encodeURIComponent(reference)}`,
    undefined,
    {
      token,
    },
  );

export const useGetStaffDonationCertificates = () => useOperation(getStaffDonationCertificates);
