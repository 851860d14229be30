import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { FileDataRequestInput, FileDataRequestResponse } from 'shared/schemas/data-requests-api';

/** POST /api/account/data-requests: files the request with the e-mailed code; answers the radicado and the due date. */
export const fileDataRequest = (client: ApiClient, body: FileDataRequestInput) =>
  client.request<FileDataRequestResponse>('POST', '/api/account/data-requests', body);

export const useFileDataRequest = () => useOperation(fileDataRequest);
