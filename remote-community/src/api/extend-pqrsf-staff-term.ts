import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { extendRequestSchema, PqrsfCase } from 'shared/schemas/pqrsf-staff-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/staff/pqrsf/:radicado/ampliacion: extends the term (Ley 1755 art. 14 parágrafo); the petitioner is told. Answers the case as it is now. */
export const extendPqrsfStaffTerm = (client: ApiClient, radicado: string, body: z.output<typeof extendRequestSchema>, token: string) =>
  client.request<PqrsfCase>('POST', `/api/community/staff/pqrsf/${encodeURIComponent(radicado)}/ampliacion`, body, { token });

export const useExtendPqrsfStaffTerm = () => useOperation(extendPqrsfStaffTerm);
