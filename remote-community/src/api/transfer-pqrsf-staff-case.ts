import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { transferRequestSchema, PqrsfCase } from 'shared/schemas/pqrsf-staff-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/staff/pqrsf/:radicado/traslado: sends the case to the competent entity (art. 21); the petitioner is told. Answers the case as it is now. */
export const transferPqrsfStaffCase = (client: ApiClient, radicado: string, body: z.output<typeof transferRequestSchema>, token: string) =>
  client.request<PqrsfCase>('POST', `/api/community/staff/pqrsf/${encodeURIComponent(radicado)}/traslado`, body, { token });

export const useTransferPqrsfStaffCase = () => useOperation(transferPqrsfStaffCase);
