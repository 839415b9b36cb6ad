import { Group, Stack, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PathOptions } from 'leaflet';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { memo, useMemo } from 'react';
import { insightQueries } from '@/api/insights';
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

type RingStyles = Record<InsightRing['kind'], PathOptions>;

/**
 * One ring, drawn again only when it changes: the page re-renders with each answer and hover, and
 * each time every ring was moved (a new `center`) and restyled (a new `pathOptions`), each a
 * redraw of the map's canvas; the city's edge has some 360 rings.
 */
const Ring = memo(function Ring({ ring, label, styles }: { ring: InsightRing; label: string; styles: RingStyles }) {
  const center = useMemo<[number, number]>(() => [ring.lat, ring.lng], [ring.lat, ring.lng]);
  return (
    <CircleMarker
      center={center}
      radius={ring.kind === 'unusual' ? 20 : 16}
      interactive
      bubblingMouseEvents
      pathOptions={styles[ring.kind]}
    >
      <Tooltip direction="top" offset={[0, -18]}>
        {label}
      </Tooltip>
    </CircleMarker>
  );
});

/**
 * A ring around each mic the insights flag: amber for unusual activity now, dashed grey for a mic
 * that may be deaf, over the canvas of every mic. It reads the insights itself, as the legend
 * does: read at the page's root, each of their answers re-rendered the whole page (in its first
 * seconds too).
 */
export function InsightRings({ shown }: Shown) {
  const { t } = useTranslation('map');
  const rings = useInsightRings(shown);
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  // Drawn on the map's canvas, which takes colours, not classes: given as classes they were
  // ignored and every ring drew in Leaflet's default blue, unlike the legend (the legend's colours).
  const styles = useMemo<RingStyles>(
    () => ({
      unusual: { color: theme.colors.orange[dark ? 4 : 7], weight: 3, fill: false },
      deaf: { color: theme.colors.gray[dark ? 4 : 7], weight: 2.5, dashArray: '5 4', fill: false },
    }),
    [theme, dark],
  );
  return rings.map((ring) => (
    <Ring
      key={ring.micId}
      ring={ring}
      styles={styles}
      label={t(ring.kind === 'unusual' ? 'insights.unusualRing' : 'insights.deafRing', { name: ring.name })}
    />
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
