import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import type { volunteerSchema } from 'shared/schemas/community';
import type { VolunteerResponse } from 'shared/schemas/community-api';
import type { z } from 'shared/schemas/zod';

/** POST /api/community/volunteers: stores the volunteer and answers its volunteer_id. */
export const registerVolunteer = (client: ApiClient, body: z.output<typeof volunteerSchema> & { [HONEYPOT_FIELD]?: string }) =>
  client.request<VolunteerResponse>('POST', '/api/community/volunteers', body);

export const useRegisterVolunteer = () => useOperation(registerVolunteer);
