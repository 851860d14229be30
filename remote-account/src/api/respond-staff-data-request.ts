import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataRespondInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/respuesta: responde y envía la respuesta por correo. */
export const respondStaffDataRequest = (client: ApiClient, radicado: string, body: DataRespondInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/respuesta`, body, { token });

export const useRespondStaffDataRequest = () => useOperation(respondStaffDataRequest);
