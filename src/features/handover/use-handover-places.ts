import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { insightQueries } from '@/api/insights';
import { micQueries } from '@/api';
import { type Handover } from '@/api/handover';
import { bestSource, isLocated, placeMics, placeText, radiusText } from '@/components/map/place-words';
import { useTranslation } from '@/lib/i18n';

/** A handover lists a shift's incidents; past this many, the rest go without a place rather than load the edge. */
const MAX_PLACED = 40;
// One empty answer, so the report is not redrawn while the inventory comes and the places do not.
const NO_PLACES: ReadonlyMap<string, string> = new Map();

/**
 * Where each composite incident of the handover was, in words ("120 m north-east of Plaza gate 7
 * ±15 m"), named by the mics as the inventory knows them. Incidents not located yet are absent.
 * The places come in one request and are worded once with the inventory: asked one request per
 * incident, each of a city's 25 answers re-worded every place against its 2,400 mics and redrew
 * the report's hundred rows.
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
  const answers = useQuery({ ...insightQueries.sources(ids), enabled: ids.length > 0 }).data?.sources;
  const mics = useMemo(
    () =>
      placeMics((inventory.data?.mics ?? []).map((mic) => ({ id: mic.id, name: mic.name, location: mic.location }))),
    [inventory.data],
  );
  return useMemo(() => {
    if (mics.length === 0 || answers === undefined) return NO_PLACES;
    const places = new Map<string, string>();
    for (const id of ids) {
      const source = bestSource(answers[id]);
      if (source === null) continue;
      const words = placeText(t, source, mics);
      places.set(id, isLocated(source) ? `${words} ${radiusText(t, source.radius_m)}` : words);
    }
    return places;
  }, [ids, answers, mics, t]);
}
