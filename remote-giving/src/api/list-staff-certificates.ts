import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CertificateListResponse } from 'shared/schemas/certificates-api';

/** GET /api/giving/staff/certificates?anio=YYYY: the year's certificates and how many donors lack the annual one. */
export const listStaffCertificates = (client: ApiClient, year: number, token: string) =>
  client.request<CertificateListResponse>('GET', `/api/giving/staff/certificates?anio=${year}`, undefined, { token });

export const useListStaffCertificates = () => useOperation(listStaffCertificates);
