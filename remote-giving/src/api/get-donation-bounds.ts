import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DonationBoundsResponse } from 'shared/schemas/giving-api';

/** GET /api/giving/donation-bounds: the smallest and largest donation the server accepts (its settings, whole COP). */
export const getDonationBounds = (client: ApiClient) => client.request<DonationBoundsResponse>('GET', '/api/giving/donation-bounds');

export const useGetDonationBounds = () => useOperation(getDonationBounds);
