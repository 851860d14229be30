import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { NewsletterInput, NewsletterResponse } from 'shared/schemas/newsletter';

/** POST /api/community/newsletter/subscribe: the footer box (the shell's, so no remote loads for it on every page). */
export const subscribeNewsletter = (client: ApiClient, body: NewsletterInput) =>
  client.request<NewsletterResponse>('POST', '/api/community/newsletter/subscribe', body);

export const useSubscribeNewsletter = () => useOperation(subscribeNewsletter);
