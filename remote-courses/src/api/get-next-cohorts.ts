import { useEffect, useState } from 'react';
import type { ApiClient, RequestInit } from 'shared/api/client';
import { useApiClient, useOperation } from 'shared/api/context';
import type { NextCohortsResponse, PublicCohort } from 'shared/schemas/cohorts-api';

/** GET /api/courses/cohorts: each course's next open cohort (start date, schedule, seats left), or null. */
export const getNextCohorts = (client: ApiClient, init?: RequestInit) =>
  client.request<NextCohortsResponse>('GET', '/api/courses/cohorts', undefined, init);

export const useGetNextCohorts = () => useOperation(getNextCohorts);

/** What a course screen knows of its next cohort: still asking, the cohort (null: none announced), or unknown. */
export type NextCohortState = { kind: 'loading' } | { kind: 'ready'; cohort: PublicCohort | null } | { kind: 'unknown' };

/** The course's next open cohort, read once when the screen opens. */
export function useNextCohort(slug: string): NextCohortState {
  const client = useApiClient();
  const [state, setState] = useState<NextCohortState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void getNextCohorts(client, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      setState(res.kind === 'ok' ? { kind: 'ready', cohort: res.data.courses[slug] ?? null } : { kind: 'unknown' });
    });
    return () => controller.abort();
  }, [client, slug]);
  return state;
}
