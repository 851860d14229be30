import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { CohortResponse, UpdateCohortRequest } from 'shared/schemas/cohorts-api';

/** PUT /api/courses/staff/cohorts/:id: edits, opens or closes a cohort (audited as courses.cohort.update). */
export const updateStaffCohort = (client: ApiClient, id: number, body: UpdateCohortRequest, token: string) =>
  client.request<CohortResponse>('PUT', `/api/courses/staff/cohorts/${encodeURIComponent(String(id))}`, body, { token });

export const useUpdateStaffCohort = () => useOperation(updateStaffCohort);
