import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataEraseInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/supresion: suprime los datos de la persona en todo el sitio y responde. */
export const eraseStaffDataRequest = (client: ApiClient, radicado: string, body: DataEraseInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/supresion`, body, { token });

export const useEraseStaffDataRequest = () => useOperation(eraseStaffDataRequest);
