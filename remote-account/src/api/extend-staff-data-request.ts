import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { DataRequestCase, DataExtendInput } from 'shared/schemas/data-requests-api';

/** POST /api/account/staff/data-requests/:radicado/ampliacion: amplía el plazo una vez (la fecha la fija la ley) y avisa a la persona. */
export const extendStaffDataRequest = (client: ApiClient, radicado: string, body: DataExtendInput, token: string) =>
  client.request<DataRequestCase>('POST', `/api/account/staff/data-requests/${encodeURIComponent(radicado)}/ampliacion`, body, { token });

export const useExtendStaffDataRequest = () => useOperation(extendStaffDataRequest);
