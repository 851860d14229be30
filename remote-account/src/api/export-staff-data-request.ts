import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataExportInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/exportacion: genera la copia de los datos y responde con su enlace (solo a la persona). */
export const exportStaffDataRequest = (client: ApiClient, radicado: string, body: DataExportInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/exportacion`, body, { token });

export const useExportStaffDataRequest = () => useOperation(exportStaffDataRequest);
