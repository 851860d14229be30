import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import type { softwareRequestSchema } from 'shared/schemas/community';
import type { SoftwareRequestResponse } from 'shared/schemas/community-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/custom-software: stores the custom-software request and answers its id. */
export const requestSoftware = (client: ApiClient, body: z.output<typeof softwareRequestSchema> & { [HONEYPOT_FIELD]?: string }) =>
  client.request<SoftwareRequestResponse>('POST', '/api/community/custom-software', body);

export const useRequestSoftware = () => useOperation(requestSoftware);
