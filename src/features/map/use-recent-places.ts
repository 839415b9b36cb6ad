import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { compositeEventQueries, LIVE_MERGE, unlessLive, useLive } from '@/api';
import { insightQueries, type SourceAnswer } from '@/api/insights';
import type { EstimatedPlace } from '@/components/map/estimated-place-layer';
import { bestSource, isLocated, placeMics, placeText, radiusText } from '@/components/map/place-words';
import { formatTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import './coverage-locales';

/** The newest incidents of the window whose places the map marks: a handful, each one request. */
const RECENT_INCIDENTS = 8;
const REFRESH_MS = 30_000;

// Stable, so useQueries hands back the same array while no answer changed.
const dataOf = <T>(results: { data: T }[]) => results.map((r) => r.data);

/** Where the window's newest incidents were, numbered newest first, each leading to its drill-down. */
export function useRecentPlaces(windowMinutes: number): EstimatedPlace[] {
  const { t } = useTranslation('coverage');
  const { t: tp } = useTranslation('place');
  const live = useLive();
  const list = useQuery({
    ...compositeEventQueries.list({ sinceMinutes: windowMinutes, size: RECENT_INCIDENTS, order_by: 'desc' }),
    meta: LIVE_MERGE,
    refetchInterval: unlessLive(live, REFRESH_MS),
  });
  const composites = useMemo(() => list.data?.results.slice(0, RECENT_INCIDENTS) ?? [], [list.data]);
  const answers: (SourceAnswer | undefined)[] = useQueries({
    queries: composites.map((c) => ({ ...insightQueries.source(c.id), refetchInterval: REFRESH_MS })),
    combine: dataOf,
  });
  return useMemo(
    () =>
      composites.flatMap((composite, i) => {
        const source = bestSource(answers[i]);
        if (source === null) return [];
        const mics = placeMics(
          composite.mics,
          composite.events.map((e) => e.microphone),
        );
        const index = String(i + 1);
        const words = placeText(tp, source, mics);
        const place = isLocated(source)
          ? tp('marker', { index, place: words, radius: radiusText(tp, source.radius_m) })
          : tp('markerNear', { index, place: words });
        return [
          {
            key: composite.id,
            latitude: source.latitude,
            longitude: source.longitude,
            radiusM: source.radius_m,
            located: isLocated(source),
            index,
            label: t('placeLabel', { rule: composite.rule.name, time: formatTime(composite.started_at), place }),
          },
        ];
      }),
    [composites, answers, t, tp],
  );
}
