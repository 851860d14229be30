import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { EnrolmentListRequest, EnrolmentListResponse } from 'shared/schemas/enrolments-staff-api';

/** POST /api/courses/staff/enrolments/lista: a page of enrolments, newest first (POST: the search never goes in a URL). */
export const listStaffEnrolments = (client: ApiClient, body: EnrolmentListRequest, token: string) =>
  client.request<EnrolmentListResponse>('POST', '/api/courses/staff/enrolments/lista', body, { token });

export const useListStaffEnrolments = () => useOperation(listStaffEnrolments);
