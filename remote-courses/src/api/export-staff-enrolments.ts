import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { EnrolmentExportQueryInput } from 'shared/schemas/enrolments-staff-api';

/**
 * GET /api/courses/staff/enrolments/exportar: the CSV of the filter (no search, so nothing personal in the URL) as a
 * Blob, or null when it could not be had. The server records the export.
 */
export const exportStaffEnrolments = (client: ApiClient, query: EnrolmentExportQueryInput, token: string) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return client.download(`/api/courses/staff/enrolments/exportar${search ? `?${search}` : ''}`, { token, accept: 'text/csv' });
};

export const useExportStaffEnrolments = () => useOperation(exportStaffEnrolments);
