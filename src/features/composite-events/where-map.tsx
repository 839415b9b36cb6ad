import { useEffect, useMemo } from 'react';
import { CircleMarker, Tooltip, useMap } from 'react-leaflet';
import type { LocatedSource, SourceAnswer } from '@/api/insights';
import { BaseMap } from '@/components/map/base-map';
import { EstimatedPlaceLayer, type EstimatedPlace, type EstimatedTrack } from '@/components/map/estimated-place-layer';
import {
  compassOf,
  droppedText,
  formatDistance,
  isLocated,
  placeText,
  radiusText,
  type PlaceMic,
} from '@/components/map/place-words';
import { useTranslation } from '@/lib/i18n';
import { NearView } from './near-view';
import { boundsFor, type WhereMic } from './where-model';
import classes from './where.module.css';
import './where-locales';

/** Shows the chosen sound: its circle and its mics; again whenever another sound is chosen or the map resizes. */
function FitToSound({ bounds }: { bounds: [[number, number], [number, number]] }) {
  const map = useMap();
  const [[south, west], [north, east]] = bounds;
  useEffect(() => {
    const fit = () =>
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [28, 28], maxZoom: 18, animate: false },
      );
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      map.invalidateSize({ pan: false });
      fit();
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, south, west, north, east]);
  return null;
}

const MIC_STYLE = {
  used: { radius: 8, weight: 2, fillOpacity: 0.95 },
  dropped: { radius: 8, weight: 3, fillOpacity: 0.15, dashArray: '3 3' },
  other: { radius: 5, weight: 1.5, fillOpacity: 0.6 },
} as const;
const MIC_CLASS = { used: classes.micUsed, dropped: classes.micDropped, other: classes.micOther } as const;

export function WhereMap({
  answer,
  selected,
  mics,
  allMics,
  onSelect,
}: {
  answer: SourceAnswer;
  selected: LocatedSource;
  /** The incident's mics, by their role for the chosen sound. */
  mics: readonly WhereMic[];
  allMics: readonly PlaceMic[];
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('where');
  const { t: tp } = useTranslation('place');
  const places = useMemo<EstimatedPlace[]>(
    () =>
      answer.sources.map((source, i) => {
        const place = placeText(tp, source, allMics);
        const index = String(i + 1);
        return {
          key: String(i),
          latitude: source.latitude,
          longitude: source.longitude,
          radiusM: source.radius_m,
          located: isLocated(source),
          index,
          selected: source === selected,
          circle: source === selected,
          label: isLocated(source)
            ? tp('marker', { index, place, radius: radiusText(tp, source.radius_m) })
            : tp('markerNear', { index, place }),
        };
      }),
    [answer, selected, allMics, tp],
  );
  const tracks = useMemo<EstimatedTrack[]>(
    () =>
      answer.tracks.map((track, i) => ({
        key: String(i),
        points: track.source_indexes.flatMap((index) => {
          const s = answer.sources[index];
          return s === undefined ? [] : [[s.latitude, s.longitude] as const];
        }),
        headingDeg: track.heading_deg,
        label: tp('trackLabel', {
          text: tp('track', { direction: tp(`compass.${compassOf(track.heading_deg)}`), speed: track.speed_mps }),
        }),
      })),
    [answer, tp],
  );
  const why = new Map(selected.dropped.map((d) => [d.mic_id, droppedText(tp, d)]));
  const distance = new Map(selected.residuals.map((r) => [r.mic_id, r.distance_m]));

  return (
    <NearView height={340} label={t('mapLabel')}>
      <BaseMap
        height={340}
        label={t('mapLabel')}
        preferCanvas={false}
        center={[selected.latitude, selected.longitude]}
        zoom={16}
      >
        <FitToSound bounds={boundsFor(selected, mics)} />
        {mics.map((mic) => (
          <CircleMarker
            key={`${mic.id}-${mic.role}`}
            center={[mic.latitude, mic.longitude]}
            radius={MIC_STYLE[mic.role].radius}
            // Read once, at creation: the key changes with the role.
            className={MIC_CLASS[mic.role]}
            pathOptions={MIC_STYLE[mic.role]}
          >
            <Tooltip>
              {mic.role === 'used'
                ? t('micTooltip.used', { name: mic.name, distance: formatDistance(tp, distance.get(mic.id) ?? 0) })
                : mic.role === 'dropped'
                  ? t('micTooltip.dropped', { name: mic.name, why: why.get(mic.id) ?? '' })
                  : t('micTooltip.other', { name: mic.name })}
            </Tooltip>
          </CircleMarker>
        ))}
        <EstimatedPlaceLayer places={places} tracks={tracks} onSelect={(key) => onSelect(Number(key))} />
      </BaseMap>
    </NearView>
  );
}
