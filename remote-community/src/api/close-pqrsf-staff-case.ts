import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { closeRequestSchema, PqrsfCase } from 'shared/schemas/pqrsf-staff-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/staff/pqrsf/:radicado/cierre: closes the case. Answers the case as it is now. */
export const closePqrsfStaffCase = (client: ApiClient, radicado: string, body: z.output<typeof closeRequestSchema>, token: string) =>
  client.request<PqrsfCase>('POST', `/api/community/staff/pqrsf/${encodeURIComponent(radicado)}/cierre`, body, { token });

export const useClosePqrsfStaffCase = () => useOperation(closePqrsfStaffCase);
