import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DonationTotalsQueryInput, DonationTotalsResponse } from 'shared/schemas/donations-staff-api';

/** GET /api/giving/staff/donations/totales: approved donations per Bogotá month and year, within the dates if given. */
export const getStaffDonationTotals = (client: ApiClient, query: DonationTotalsQueryInput, token: string) => {
  const params = new URLSearchParams();
  if (query.desde) params.set('desde', query.desde);
  if (query.hasta) params.set('hasta', query.hasta);
  const search = params.toString();
  return client.request<DonationTotalsResponse>('GET', `/api/giving/staff/donations/totales${search ? `?${search}` : ''}`, undefined, {
    token,
  });
};

export const useGetStaffDonationTotals = () => useOperation(getStaffDonationTotals);
