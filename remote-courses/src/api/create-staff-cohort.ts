import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CohortResponse, CreateCohortRequest } from 'shared/schemas/cohorts-api';

/** POST /api/courses/staff/cohorts: a new cohort of a course (audited as courses.cohort.create). */
export const createStaffCohort = (client: ApiClient, body: CreateCohortRequest, token: string) =>
  client.request<CohortResponse>('POST', '/api/courses/staff/cohorts', body, { token });

export const useCreateStaffCohort = () => useOperation(createStaffCohort);
