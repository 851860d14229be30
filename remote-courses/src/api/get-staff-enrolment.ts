import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { EnrolmentRecordResponse } from 'shared/schemas/enrolments-staff-api';

/** GET /api/courses/staff/enrolments/:reference: one enrolment with the student's data and its payment history. */
export const getStaffEnrolment = (client: ApiClient, reference: string, token: string) =>
  client.request<EnrolmentRecordResponse>('GET', `/api/courses/staff/enrolments/${encodeURIComponent(reference)}`, undefined, { token });

export const useGetStaffEnrolment = () => useOperation(getStaffEnrolment);
