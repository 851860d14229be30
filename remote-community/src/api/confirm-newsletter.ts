import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { NewsletterTokenRequest, NewsletterTokenResponse } from 'shared/schemas/newsletter';

/** POST /api/community/newsletter/confirm: the "Confirmar" button of the page the confirmation e-mail links to. */
export const confirmNewsletter = (client: ApiClient, body: NewsletterTokenRequest) =>
  client.request<NewsletterTokenResponse>('POST', '/api/community/newsletter/confirm', body);

export const useConfirmNewsletter = () => useOperation(confirmNewsletter);
