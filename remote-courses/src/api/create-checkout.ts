import type { ApiClient, RequestInit } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CheckoutRequestBody, CheckoutResponse } from 'shared/schemas/courses-api';

/** POST /api/courses/checkout: the hosted checkout of an enrolment this browser created, priced by the catalogue. */
export const createCheckout = (client: ApiClient, body: CheckoutRequestBody, init?: RequestInit) =>
  client.request<CheckoutResponse>('POST', '/api/courses/checkout', body, init);

export const useCreateCheckout = () => useOperation(createCheckout);
