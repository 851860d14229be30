import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { NewsletterTokenRequest, NewsletterTokenResponse } from 'shared/schemas/newsletter';

/** POST /api/community/newsletter/unsubscribe {token}: the "Darme de baja" button of the page a newsletter links to. */
export const unsubscribeNewsletter = (client: ApiClient, body: NewsletterTokenRequest) =>
  client.request<NewsletterTokenResponse>('POST', '/api/community/newsletter/unsubscribe', body);

export const useUnsubscribeNewsletter = () => useOperation(unsubscribeNewsletter);
