import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { pqrsfLookupSchema } from 'shared/schemas/community';
import type { PqrsfLookupResponse } from 'shared/schemas/community-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/pqrsf/consulta: the request matching radicado and document (by POST: no document in URLs). */
export const lookupPqrsf = (client: ApiClient, body: z.output<typeof pqrsfLookupSchema>) =>
  client.request<PqrsfLookupResponse>('POST', '/api/community/pqrsf/consulta', body);

export const useLookupPqrsf = () => useOperation(lookupPqrsf);
