import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { NewsletterOverview } from 'shared/schemas/newsletter';

/** GET /api/community/staff/newsletter: subscribers per status and the latest sends. */
export const getNewsletterOverview = (client: ApiClient, token: string) =>
  client.request<NewsletterOverview>('GET', '/api/community/staff/newsletter', undefined, { token });

export const useGetNewsletterOverview = () => useOperation(getNewsletterOverview);
