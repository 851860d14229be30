import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { EnrolmentOptionsResponse } from 'shared/schemas/enrolments-staff-api';

/** GET /api/courses/staff/enrolments/opciones: the courses with their modules and the cohorts, for the filters. */
export const getStaffEnrolmentOptions = (client: ApiClient, token: string) =>
  client.request<EnrolmentOptionsResponse>('GET', '/api/courses/staff/enrolments/opciones', undefined, { token });

export const useGetStaffEnrolmentOptions = () => useOperation(getStaffEnrolmentOptions);
