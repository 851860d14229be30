import type { ApiClient, RequestInit } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import type { LeadResponse } from 'shared/schemas/courses-api';
import type { Enrolment } from 'shared/schemas/enrolment';

/** The enrolment form's fields (`enrolmentSchema`) and the honeypot when a bot filled it. */
export type LeadRequest = Enrolment & { [HONEYPOT_FIELD]?: string };

/** POST /api/courses/leads: stores the enrolment (tied to the account when a token is sent) and answers its claim. */
export const createLead = (client: ApiClient, body: LeadRequest, init?: RequestInit) =>
  client.request<LeadResponse>('POST', '/api/courses/leads', body, init);

export const useCreateLead = () => useOperation(createLead);
