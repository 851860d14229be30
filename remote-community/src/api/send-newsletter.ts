import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { NewsletterCompose, NewsletterSendResponse } from 'shared/schemas/newsletter';

/** POST /api/community/staff/newsletter/sends: sends the newsletter to every confirmed subscriber (audited). */
export const sendNewsletter = (client: ApiClient, token: string, body: NewsletterCompose) =>
  client.request<NewsletterSendResponse>('POST', '/api/community/staff/newsletter/sends', body, { token });

export const useSendNewsletter = () => useOperation(sendNewsletter);
