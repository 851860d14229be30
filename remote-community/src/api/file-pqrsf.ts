import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import type { pqrsfSchema } from 'shared/schemas/community';
import type { PqrsfResponse } from 'shared/schemas/community-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/pqrsf: stores the request and answers the radicado and the Ley 1755 deadline. */
export const filePqrsf = (client: ApiClient, body: z.output<typeof pqrsfSchema> & { [HONEYPOT_FIELD]?: string }) =>
  client.request<PqrsfResponse>('POST', '/api/community/pqrsf', body);

export const useFilePqrsf = () => useOperation(filePqrsf);
