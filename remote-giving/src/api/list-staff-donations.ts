import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DonationListRequest, DonationListResponse } from 'shared/schemas/donations-staff-api';

/** POST /api/giving/staff/donations/lista: a page of donations, newest first (POST: the search never goes in a URL). */
export const listStaffDonations = (client: ApiClient, body: DonationListRequest, token: string) =>
  client.request<DonationListResponse>('POST', '/api/giving/staff/donations/lista', body, { token });

export const useListStaffDonations = () => useOperation(listStaffDonations);
