import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { insightQueries, micQueries, type Handover, type SourceAnswer } from '@/api';
import { bestSource, isLocated, placeMics, placeText, radiusText } from '@/components/map/place-words';
import { useTranslation } from '@/lib/i18n';

/** A handover lists a shift's incidents; past this many, the rest go without a place rather than load the edge. */
const MAX_PLACED = 40;

// Stable, so useQueries hands back the same array while no answer changed.
const dataOf = <T>(results: { data: T }[]) => results.map((r) => r.data);

/**
 * Where each composite incident of the handover was, in words ("120 m north-east of Plaza gate 7
 * ±15 m"), named by the mics as the inventory knows them. Incidents not located yet are absent.
 */
export function useHandoverPlaces(handover: Handover | undefined): ReadonlyMap<string, string> {
  const { t } = useTranslation('place');
  const ids = useMemo(
    () =>
      [
        ...new Set(
          [...(handover?.open.items ?? []), ...(handover?.resolved.items ?? [])]
            .filter((item) => item.kind === 'composite')
            .map((item) => item.id),
        ),
      ].slice(0, MAX_PLACED),
    [handover],
  );
  const inventory = useQuery({ ...micQueries.inventory(), enabled: ids.length > 0 });
  const answers: (SourceAnswer | undefined)[] = useQueries({
    queries: ids.map((id) => insightQueries.source(id)),
    combine: dataOf,
  });
  return useMemo(() => {
    const places = new Map<string, string>();
    const mics = placeMics(
      (inventory.data?.mics ?? []).map((mic) => ({ id: mic.id, name: mic.name, location: mic.location })),
    );
    if (mics.length === 0) return places;
    ids.forEach((id, i) => {
      const source = bestSource(answers[i]);
      if (source === null) return;
      const words = placeText(t, source, mics);
      places.set(id, isLocated(source) ? `${words} ${radiusText(t, source.radius_m)}` : words);
    });
    return places;
  }, [ids, answers, inventory.data, t]);
}
