import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { NewsletterCompose, NewsletterTestResponse } from 'shared/schemas/newsletter';

/** POST /api/community/staff/newsletter/test: the newsletter as it will look, to the member's own address only. */
export const sendNewsletterTest = (client: ApiClient, token: string, body: NewsletterCompose) =>
  client.request<NewsletterTestResponse>('POST', '/api/community/staff/newsletter/test', body, { token });

export const useSendNewsletterTest = () => useOperation(sendNewsletterTest);
