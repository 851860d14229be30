import { createContext, useContext, useMemo } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCaller } from 'shared/api/use-operation';
import { todayOperationOf } from 'shared/today/operations';
import type { TodayItem } from 'shared/today/schemas';
import { useStaffResource } from 'shared/ui/staff/resource';
import type { TodayDomain } from '../../../site/staff-routes';

/** Each area's items, and the areas that did not answer (their items are missing, not zero). */
export interface TodayView {
  items: TodayItem[];
  failed: string[];
}

/**
 * Asks every domain for its part of "Hoy" at once (each answers only what the member's roles may act on), for the Hoy
 * page and the menu's counters. One that fails leaves the others and is named; an ended session is the whole answer;
 * none answering is a failure with the screen's retry.
 */
export function useToday(domains: readonly TodayDomain[], texts: { failed: string }) {
  const call = useOperationCaller();
  const loader = useMemo(
    () => ({
      load: async (): Promise<ApiResult<TodayView>> => {
        const results = await Promise.all(domains.map((d) => call(todayOperationOf(d.domain))));
        const ended = results.find(isSessionEnded);
        if (ended && ended.kind !== 'ok') return ended;
        const items: TodayItem[] = [];
        const failed: string[] = [];
        for (const [i, result] of results.entries()) {
          if (result.kind === 'ok') items.push(...result.data.items);
          else failed.push((domains[i] as TodayDomain).label);
        }
        const first = results[0];
        if (failed.length === domains.length && first && first.kind !== 'ok') return first;
        return { kind: 'ok', status: 200, data: { items, failed } };
      },
    }),
    [call, domains],
  );
  return useStaffResource(loader, texts);
}

/** The menu's counters: per section, what waits for someone there (the items that name it). */
export function sectionCounts(view: TodayView | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of view?.items ?? []) if (item.section) counts[item.section] = (counts[item.section] ?? 0) + item.count;
  return counts;
}

/** What "Hoy" and the menu say when no area answers. */
export const todayFailed = 'No pudimos revisar lo pendiente.';

export type TodayResource = ReturnType<typeof useToday>;

/**
 * The panel frame's "Hoy" answers (the menu's counters), shared with the Hoy page so that opening it does not ask every
 * domain a second time; null outside the frame (a component test of the page alone).
 */
export const TodayContext = createContext<TodayResource | null>(null);

export const useSharedToday = () => useContext(TodayContext);
