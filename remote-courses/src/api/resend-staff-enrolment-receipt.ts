import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { EnrolmentResendResponse } from 'shared/schemas/enrolments-staff-api';

/** POST /api/courses/staff/enrolments/:reference/reenviar: the receipt again, to the enrolment's own address (audited). */
export const resendStaffEnrolmentReceipt = (client: ApiClient, reference: string, token: string) =>
  client.request<EnrolmentResendResponse>('POST', `/api/courses/staff/enrolments/${encodeURIComponent(reference)}/reenviar`, undefined, {
    token,
  });

export const useResendStaffEnrolmentReceipt = () => useOperation(resendStaffEnrolmentReceipt);
