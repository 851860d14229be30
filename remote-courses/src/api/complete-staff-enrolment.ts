import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { EnrolmentRecordResponse } from 'shared/schemas/enrolments-staff-api';

/** POST /api/courses/staff/enrolments/:reference/completar: marks a paid enrolment 'Completado' (audited). */
export const completeStaffEnrolment = (client: ApiClient, reference: string, token: string) =>
  client.request<EnrolmentRecordResponse>('POST', `/api/courses/staff/enrolments/${encodeURIComponent(reference)}/completar`, undefined, {
    token,
  });

export const useCompleteStaffEnrolment = () => useOperation(completeStaffEnrolment);
