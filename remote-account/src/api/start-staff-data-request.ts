import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataStartInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/en-tramite: pasa la solicitud a «En trámite». */
export const startStaffDataRequest = (client: ApiClient, radicado: string, body: DataStartInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/en-tramite`, body, { token });

export const useStartStaffDataRequest = () => useOperation(startStaffDataRequest);
