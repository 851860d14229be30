import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { StaffCohortsResponse } from 'shared/schemas/cohorts-api';

/** GET /api/courses/staff/cohorts: every cohort of every course with its seats (staff only). */
export const listStaffCohorts = (client: ApiClient, token: string) =>
  client.request<StaffCohortsResponse>('GET', '/api/courses/staff/cohorts', undefined, { token });

export const useListStaffCohorts = () => useOperation(listStaffCohorts);
