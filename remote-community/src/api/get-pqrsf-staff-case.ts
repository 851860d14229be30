import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { PqrsfCase } from 'shared/schemas/pqrsf-staff-api';

/** GET /api/community/staff/pqrsf/:radicado: the request as filed, its history, notes, term and the actions it allows. */
export const getPqrsfStaffCase = (client: ApiClient, radicado: string, token: string) =>
  client.request<PqrsfCase>('GET', `/api/community/staff/pqrsf/${encodeURIComponent(radicado)}`, undefined, { token });

export const useGetPqrsfStaffCase = () => useOperation(getPqrsfStaffCase);
