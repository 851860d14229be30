import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import type { donationSchema } from 'shared/schemas/donation';
import type { z } from 'shared/schemas/zod';
import type { ContributionResponse } from 'shared/schemas/giving-api';

/** The form's fields (`donationSchema`) and the honeypot when a bot filled it. */
export type ContributionRequest = z.output<typeof donationSchema> & { [HONEYPOT_FIELD]?: string };

/** POST /api/giving/contributions: stores the donor, and answers the checkout for the amount the server decided. */
export const createContribution = (client: ApiClient, body: ContributionRequest) =>
  client.request<ContributionResponse>('POST', '/api/giving/contributions', body);

export const useCreateContribution = () => useOperation(createContribution);
