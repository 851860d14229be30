import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DonationRecordResponse } from 'shared/schemas/donations-staff-api';

/** GET /api/giving/staff/donations/:reference: one donation with the donor's data and its payment history. */
export const getStaffDonation = (client: ApiClient, reference: string, token: string) =>
  client.request<DonationRecordResponse>('GET', `/api/giving/staff/donations/${encodeURIComponent(reference)}`, undefined, { token });

export const useGetStaffDonation = () => useOperation(getStaffDonation);
