import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { insightQueries, type SourceAnswer } from '@/api/insights';
import { type CompositeEvent } from '@/api';
import type { EstimatedPlace } from '@/components/map/estimated-place-layer';
import { bestSource, isLocated, placeMics, placeParts, placeText, radiusText } from '@/components/map/place-words';
import { useTranslation, type TFunction } from '@/lib/i18n';
import classes from './wall-place.module.css';

/** A wall asks again now and then: a composite that grows may be placed better. */
const PLACE_REFRESH_MS = 30_000;
// Stable, so useQueries hands back the same answers while none changed.
const answersOf = <T,>(results: { data: T; isPending: boolean }[]) => ({
  data: results.map((r) => r.data),
  pending: results.map((r) => r.isPending),
});
const OPTIONS = { refetchInterval: PLACE_REFRESH_MS, refetchIntervalInBackground: true, retry: 1 } as const;

/** Past this, nothing waits for the first places any more: each card then asks for its own. */
const FIRST_PLACES_WAIT_MS = 3000;

/**
 * Whether the wall's first places have come (or failed, or are late): until then no card or map
 * asks for its own, which the first answer brings. The wall's LCP element is a card's place: asked
 * one request per card after the review states had drawn the cards, it came one round trip and a
 * chunk later.
 */
export const FirstPlacesIn = createContext(true);

/**
 * Asks once for the places of the incidents the wall holds when its feed first answers, beside
 * their review states, and says when that answer is in (at once when it held none). Each place is
 * then kept fresh by its own query.
 */
export function useFirstPlaces(compositeIds: readonly string[], answered: boolean): boolean {
  const [first, setFirst] = useState<readonly string[] | null>(null);
  if (first === null && answered) setFirst(compositeIds);
  const asked = first !== null && first.length > 0;
  const query = useQuery({ ...insightQueries.sources(first ?? []), enabled: asked, retry: false });
  const [late, setLate] = useState(false);
  const waiting = asked && query.isPending;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setLate(true), FIRST_PLACES_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);
  return first !== null && (!waiting || late);
}

interface WallPlace {
  text: string;
  parts: { before: string; mic: string; after: string };
  located: boolean;
  radius: string | null;
  latitude: number;
  longitude: number;
  radiusM: number;
}

function wallPlace(
  t: TFunction<'place'>,
  composite: CompositeEvent,
  answer: SourceAnswer | undefined,
): WallPlace | null {
  const source = bestSource(answer);
  if (source === null) return null;
  const mics = placeMics(
    composite.mics,
    composite.events.map((e) => e.microphone),
  );
  return {
    text: placeText(t, source, mics),
    parts: placeParts(t, source, mics),
    located: isLocated(source),
    radius: isLocated(source) ? radiusText(t, source.radius_m) : null,
    latitude: source.latitude,
    longitude: source.longitude,
    radiusM: source.radius_m,
  };
}

/**
 * The card's third line: where the incident was, in words a supervisor can send someone with
 * ("120 m north-east of Plaza gate 7 · ±15 m"), numbered as its mark on the wall's map.
 */
export function CompositePlaceLine({ composite, index }: { composite: CompositeEvent; index: number }) {
  const { t } = useTranslation('place');
  const query = useQuery({ ...insightQueries.source(composite.id), ...OPTIONS, enabled: useContext(FirstPlacesIn) });
  useAskAgainAsItGrows(composite);
  const place = wallPlace(t, composite, query.data);
  if (place === null) {
    // The line keeps its room whether or not a place comes: the feed never jumps.
    return (
      <span className={classes.place} data-testid="wall-place" data-located="false">
        {query.data === undefined ? '…' : t('unknown')}
      </span>
    );
  }
  return (
    <span className={classes.place} data-testid="wall-place" data-located={place.located}>
      <span className={classes.mark} data-located={place.located} aria-hidden>
        {place.located ? index + 1 : '?'}
      </span>
      <span className={classes.words}>
        {place.parts.before !== '' && <span className={classes.keep}>{place.parts.before}</span>}
        <span className={classes.name}>{place.parts.mic}</span>
        {place.parts.after !== '' && <span className={classes.keep}>{place.parts.after}</span>}
      </span>
      {place.radius !== null && <span className={classes.radius}>{place.radius}</span>}
    </span>
  );
}

/**
 * An incident shows on the wall with the first of its sounds, often heard by one mic so far, and
 * is answered "not located". Its place is asked again as soon as it gains sounds, not at the next
 * refresh half a minute later. The map's marks read the same queries.
 */
function useAskAgainAsItGrows(composite: CompositeEvent) {
  const client = useQueryClient();
  const seen = useRef(composite.events.length);
  const count = composite.events.length;
  useEffect(() => {
    if (count <= seen.current) return;
    seen.current = count;
    void client.invalidateQueries({ queryKey: insightQueries.source(composite.id).queryKey, exact: true });
  }, [client, composite.id, count]);
}

/**
 * The shown incidents' places for the wall's map, numbered as their cards, and the incidents whose
 * place is still asked for (not yet answered either way).
 */
export function useWallPlaces(composites: readonly CompositeEvent[]): {
  places: EstimatedPlace[];
  asking: ReadonlySet<string>;
} {
  const { t } = useTranslation('place');
  const enabled = useContext(FirstPlacesIn);
  const answers = useQueries({
    queries: composites.map((c) => ({ ...insightQueries.source(c.id), ...OPTIONS, enabled })),
    combine: answersOf,
  });
  const places = useMemo(() => placesOf(t, composites, answers.data), [t, composites, answers.data]);
  const asking = useMemo(
    () => new Set(composites.filter((_, i) => answers.pending[i] === true).map((c) => c.id)),
    [composites, answers.pending],
  );
  return { places, asking };
}

function placesOf(
  t: TFunction<'place'>,
  composites: readonly CompositeEvent[],
  answers: readonly (SourceAnswer | undefined)[],
): EstimatedPlace[] {
  return composites.flatMap((composite, i) => {
    const place = wallPlace(t, composite, answers[i]);
    if (place === null) return [];
    const index = String(i + 1);
    return [
      {
        key: composite.id,
        latitude: place.latitude,
        longitude: place.longitude,
        radiusM: place.radiusM,
        located: place.located,
        index,
        label: place.located
          ? t('marker', { index, place: place.text, radius: place.radius ?? '' })
          : t('markerNear', { index, place: place.text }),
      },
    ];
  });
}
