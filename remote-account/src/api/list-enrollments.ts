import type { ApiClient } from 'shared/api/client';
import { useOperation } from 'shared/api/context';
import type { EnrollmentsResponse } from 'shared/schemas/account-api';

/** GET /api/account/enrollments: the signed-in user's paid or completed enrolments (Mis Cursos). */
export const listEnrollments = (client: ApiClient, token: string) =>
  client.request<EnrollmentsResponse>('GET', '/api/account/enrollments', undefined, { token });

export const useListEnrollments = () => useOperation(listEnrollments);
