import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { useMemo } from 'react';
import { insightQueries } from '@/api';
import { useTranslation } from '@/lib/i18n';
import classes from './map-page.module.css';

/** The insight reports are refreshed by the server every few seconds at most; a minute is fresh enough for rings. */
const REFRESH_MS = 60_000;

export interface InsightRing {
  micId: string;
  name: string;
  lat: number;
  lng: number;
  kind: 'unusual' | 'deaf';
}

type Placed = { mic_id: string; mic_name: string | null; lat: number | null; lng: number | null };

/** Mics the insights point at, among those the map shows: unusual now first, then suspected deaf; each once. */
export function ringsOf(
  unusual: readonly Placed[],
  suspects: readonly Placed[],
  shown: { has(micId: string): boolean },
): InsightRing[] {
  const rings: InsightRing[] = [];
  const placed = new Set<string>();
  const add = (mic: Placed, kind: InsightRing['kind']) => {
    if (mic.lat === null || mic.lng === null || !shown.has(mic.mic_id) || placed.has(mic.mic_id)) return;
    placed.add(mic.mic_id);
    rings.push({ micId: mic.mic_id, name: mic.mic_name ?? mic.mic_id, lat: mic.lat, lng: mic.lng, kind });
  };
  for (const mic of unusual) add(mic, 'unusual');
  for (const mic of suspects) add(mic, 'deaf');
  return rings;
}

export function useInsightRings(shown: { has(micId: string): boolean }): InsightRing[] {
  const unusual = useQuery({ ...insightQueries.unusual(), refetchInterval: REFRESH_MS });
  const health = useQuery({ ...insightQueries.health(), refetchInterval: REFRESH_MS });
  // The same array while nothing changed: the rings and their legend then skip the page's re-renders.
  return useMemo(
    () => ringsOf(unusual.data?.mics ?? [], health.data?.mics ?? [], shown),
    [unusual.data, health.data, shown],
  );
}

type Shown = { shown: { has(micId: string): boolean } };

/**
 * A ring around each mic the insights flag: amber for unusual activity now, dashed grey for a mic
 * that may be deaf. Few by nature, so plain SVG circles over the canvas of every mic. It reads the
 * insights itself, as the legend does: read at the page's root, each of their answers re-rendered
 * the whole page (in its first seconds too).
 */
export function InsightRings({ shown }: Shown) {
  const { t } = useTranslation('map');
  const rings = useInsightRings(shown);
  return rings.map((ring) => (
    <CircleMarker
      key={ring.micId}
      center={[ring.lat, ring.lng]}
      radius={ring.kind === 'unusual' ? 20 : 16}
      interactive
      bubblingMouseEvents
      pathOptions={{ className: ring.kind === 'unusual' ? classes.unusualRing : classes.deafRing, fill: false }}
    >
      <Tooltip direction="top" offset={[0, -18]}>
        {t(ring.kind === 'unusual' ? 'insights.unusualRing' : 'insights.deafRing', { name: ring.name })}
      </Tooltip>
    </CircleMarker>
  ));
}

/** What the rings mean, beside the markers' own legend; only when some ring is drawn. */
export function InsightRingsLegend({ shown }: Shown) {
  const { t } = useTranslation('map');
  const rings = useInsightRings(shown);
  const kinds = new Set(rings.map((ring) => ring.kind));
  if (kinds.size === 0) return null;
  return (
    <Stack gap={2} mt={6}>
      {kinds.has('unusual') && (
        <Group gap={6} wrap="nowrap">
          <span className={`${classes.ringSwatch} ${classes.unusualSwatch}`} aria-hidden />
          <Text size="xs">{t('insights.unusualLegend')}</Text>
        </Group>
      )}
      {kinds.has('deaf') && (
        <Group gap={6} wrap="nowrap">
          <span className={`${classes.ringSwatch} ${classes.deafSwatch}`} aria-hidden />
          <Text size="xs">{t('insights.deafLegend')}</Text>
        </Group>
      )}
    </Stack>
  );
}
