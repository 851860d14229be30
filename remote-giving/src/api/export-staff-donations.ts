import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DonationExportQueryInput } from 'shared/schemas/donations-staff-api';

/** GET /api/giving/staff/donations/exportar: the CSV of the filter (payment status, dates) as a Blob, or null. Audited. */
export const exportStaffDonations = (client: ApiClient, query: DonationExportQueryInput, token: string) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return client.download(`/api/giving/staff/donations/exportar${search ? `?${search}` : ''}`, { token, accept: 'text/csv' });
};

export const useExportStaffDonations = () => useOperation(exportStaffDonations);
