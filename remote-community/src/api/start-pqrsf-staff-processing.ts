import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { startProcessingRequestSchema, PqrsfCase } from 'shared/schemas/pqrsf-staff-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/staff/pqrsf/:radicado/en-tramite: takes the case to 'En trámite'. Answers the case as it is now. */
export const startPqrsfStaffProcessing = (
  client: ApiClient,
  radicado: string,
  body: z.output<typeof startProcessingRequestSchema>,
  token: string,
) => client.request<PqrsfCase>('POST', `/api/community/staff/pqrsf/${encodeURIComponent(radicado)}/en-tramite`, body, { token });

export const useStartPqrsfStaffProcessing = () => useOperation(startPqrsfStaffProcessing);
