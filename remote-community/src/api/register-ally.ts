import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import type { allySchema } from 'shared/schemas/community';
import type { AllyResponse } from 'shared/schemas/community-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/allies: stores the allied company and answers its corporation_id. */
export const registerAlly = (client: ApiClient, body: z.output<typeof allySchema> & { [HONEYPOT_FIELD]?: string }) =>
  client.request<AllyResponse>('POST', '/api/community/allies', body);

export const useRegisterAlly = () => useOperation(registerAlly);
