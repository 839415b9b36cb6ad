import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { insightQueries } from '@/api/insights';
import { micQueries, type InventoryMic } from '@/api';
import { defineSearchParams, text } from '@/lib/search-params';
import { coverageMics } from './coverage-model';

/** The coverage layer's sound category in the map's URL (`?coverage=gunshot`); absent while it is off. */
export const coverageSearch = defineSearchParams({ coverage: text() });

/** The mics the coverage layer counts for `category` (null while the layer is off). */
export function useCoverage(mics: readonly InventoryMic[] | undefined, category: string | null) {
  // Suspected deaf mics (Insights → mic health) hear nothing: they cover nothing.
  const health = useQuery({ ...insightQueries.health(), enabled: category !== null });
  // The inventory carries no thresholds: the layer reads the one figure per mic it needs.
  const levels = useQuery({ ...micQueries.levels(category ?? ''), enabled: category !== null });
  const suspects = useMemo(() => new Set(health.data?.mics.map((m) => m.mic_id) ?? []), [health.data]);
  return useMemo(
    () =>
      category === null || mics === undefined || levels.data === undefined
        ? null
        : coverageMics(mics, levels.data, suspects),
    [mics, category, levels.data, suspects],
  );
}
