import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { respondRequestSchema, PqrsfCase } from 'shared/schemas/pqrsf-staff-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/staff/pqrsf/:radicado/respuesta: the answer ('Respondida' with the date), e-mailed to the petitioner. Answers the case as it is now. */
export const respondPqrsfStaffCase = (client: ApiClient, radicado: string, body: z.output<typeof respondRequestSchema>, token: string) =>
  client.request<PqrsfCase>('POST', `/api/community/staff/pqrsf/${encodeURIComponent(radicado)}/respuesta`, body, { token });

export const useRespondPqrsfStaffCase = () => useOperation(respondPqrsfStaffCase);
