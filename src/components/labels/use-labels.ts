import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { eventQueries, micQueries, type LabelName } from '@/api';
// Not through @/api's index: only pages naming categories load it, never the first paint.
import { labelQueries } from '@/api/labels';

const DAY_MINUTES = 24 * 60;
/** Without the console's names, the latest events of the last week; three full pages see every label in practice. */
const LABEL_PAGES = [1, 2, 3];
const LABEL_STALE_MS = 5 * 60_000;

// Stable, so useQueries hands back the same array while no page changed.
const dataOf = <T>(results: { data: T }[]) => results.map((r) => r.data);

export interface Category {
  id: string;
  /** ko/en names when some event carried this label; null for categories only seen in thresholds. */
  name: LabelName | null;
}

/**
 * Which labels exist: the one answer every page uses (filters, threshold categories, names). The
 * interface has no label list, so it is the union of the categories named in events (with their
 * ko/en names, useLabelNames) and what any device has a threshold for.
 */
export function useLabels({ withInventory = true }: { withInventory?: boolean } = {}): {
  categories: Category[];
  names: ReadonlyMap<string, LabelName>;
} {
  // withInventory false: the categories no event named yet wait until a picker asks for them.
  const mics = useQuery({ ...micQueries.inventory(), staleTime: LABEL_STALE_MS, enabled: withInventory });
  const { names } = useLabelNames();
  return useMemo(() => {
    const ids = new Set<string>(names.keys());
    for (const category of mics.data?.categories ?? []) ids.add(category);
    const categories = [...ids].sort().map((id) => ({ id, name: names.get(id) ?? null }));
    return { categories, names };
  }, [mics.data, names]);
}

/**
 * The names only: what a page naming categories needs. The console keeps the name of every
 * category it has seen in an event (one small answer, GET /api/labels), so a category the edge has
 * not sent lately keeps its name. A console that reads no events itself (the browser holds the
 * edge token) knows none: then the names come from the last week's newest events, as they used to.
 * It leaves out the mic inventory (the console's largest answer, thousands of mics), which only
 * the categories no event has carried yet come from.
 */
export function useLabelNames(): { names: ReadonlyMap<string, LabelName> } {
  const kept = useQuery({ ...labelQueries.names(), staleTime: LABEL_STALE_MS });
  // Also when the answer failed: names from events rather than none.
  const fromEvents = kept.data?.kept === false || kept.isError;
  const pageData = useQueries({
    queries: LABEL_PAGES.map((page) => ({
      ...eventQueries.list({ sinceMinutes: 7 * DAY_MINUTES, size: 100, page }),
      staleTime: LABEL_STALE_MS,
      enabled: fromEvents,
    })),
    combine: dataOf,
  });
  return useMemo(() => {
    const names = new Map<string, LabelName>();
    for (const label of kept.data?.labels ?? []) names.set(label.id, label.name);
    for (const page of pageData) for (const event of page?.results ?? []) names.set(event.label.id, event.label.name);
    return { names };
  }, [kept.data, pageData]);
}
