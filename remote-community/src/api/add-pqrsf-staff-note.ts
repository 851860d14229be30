import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { addNoteRequestSchema, PqrsfCase } from 'shared/schemas/pqrsf-staff-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/staff/pqrsf/:radicado/notas: an internal note. Answers the case as it is now. */
export const addPqrsfStaffNote = (client: ApiClient, radicado: string, body: z.output<typeof addNoteRequestSchema>, token: string) =>
  client.request<PqrsfCase>('POST', `/api/community/staff/pqrsf/${encodeURIComponent(radicado)}/notas`, body, { token });

export const useAddPqrsfStaffNote = () => useOperation(addPqrsfStaffNote);
