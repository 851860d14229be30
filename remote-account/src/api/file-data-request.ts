import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { FileDataRequestInput, FileDataRequestResponse } from 'shared/schemas/data-requests-api';

/**
 * POST /api/account/data-requests: files the request with the e-mailed code (or, signed in with a verified address, with
 * the ID token instead); answers the radicado and the due date.
 */
export const fileDataRequest = (client: ApiClient, body: FileDataRequestInput, token?: string) =>
  client.request<FileDataRequestResponse>('POST', '/api/account/data-requests', body, token ? { token } : {});

export const useFileDataRequest = () => useOperation(fileDataRequest);
