import { Button, Group, Loader, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconFocusCentered, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Popup, useMap } from 'react-leaflet';
import { useSearchParams } from 'react-router-dom';
import { eventQueries, micQueries, type Mic } from '@/api';
import { BaseMap } from '@/components/map/base-map';
import { FitToMics } from '@/components/map/fit-to-mics';
import { MicMarkerLayer, type ClusterHit, type DrawnSummary, type HoverHit } from '@/components/map/mic-marker-layer';
import { formatWindow, MicMarkerLegend } from '@/components/map/mic-marker-legend';
import { lastHeardByMic, type MarkerMic } from '@/components/map/mic-marker-state';
import { QueryError, StaleDataNotice } from '@/components/query-feedback';
import { localName } from '@/lib/i18n';
import { ClusterPopupContent } from './cluster-popup';
import {
  filterMarkerMics,
  readMapFilters,
  STATUS_FILTERS,
  WINDOW_CHOICES,
  writeMapFilters,
  type MapFilters,
} from './map-filters';
import { MicPopupContent } from './mic-popup';
import classes from './map-page.module.css';
import './locales';

const MICS_REFRESH_MS = 30_000;
const EVENTS_REFRESH_MS = 10_000;
const RECENT_EVENTS = 100;
const FOCUS_ZOOM = 16;

type Selection = { kind: 'mic'; id: string } | { kind: 'cluster'; hit: ClusterHit } | null;
interface FocusRequest {
  lat: number;
  lon: number;
  minZoom: number;
  n: number;
}

/** Moves the map when the page asks (find a mic, zoom into a cluster). */
function FocusOn({ request }: { request: FocusRequest | null }) {
  const map = useMap();
  useEffect(() => {
    if (request === null) return;
    // Not animated: a popup opening at the same time must measure the final view to pan into it.
    map.setView([request.lat, request.lon], Math.max(map.getZoom(), request.minZoom), { animate: false });
  }, [map, request]);
  return null;
}

/** A tick so "heard within N minutes" ages even when no new data arrives. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), everyMs);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);
  return now;
}

function HoverCard({ hover }: { hover: HoverHit }) {
  const { t } = useTranslation();
  return (
    <div className={classes.hover} style={{ left: hover.x, top: hover.y }} aria-hidden>
      {hover.kind === 'mic' ? (
        <>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hover.mic.name}
          </Text>
          <Text size="xs">{t(`map:state.${hover.mic.state}`)}</Text>
        </>
      ) : (
        <>
          <Text size="sm" fw={600}>
            {t('map:cluster.title', { count: hover.cluster.count })}
          </Text>
          <Text size="xs">{t('map:cluster.breakdown', { state: t(`map:state.${hover.cluster.state}`) })}</Text>
          {hover.cluster.leaves.map((mic) => (
            <Text key={mic.id} size="xs" truncate="end">
              {mic.name}
            </Text>
          ))}
          {hover.cluster.count > hover.cluster.leaves.length && (
            <Text size="xs" c="dimmed">
              {t('map:cluster.more', { count: hover.cluster.count - hover.cluster.leaves.length })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('map:cluster.hoverHint')}
          </Text>
        </>
      )}
    </div>
  );
}

function Filters({
  filters,
  edges,
  labels,
  onChange,
}: {
  filters: MapFilters;
  edges: string[];
  labels: { value: string; label: string }[];
  onChange: (patch: Partial<MapFilters>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('map:filters.edge')}
        placeholder={t('map:filters.allEdges')}
        data={edges}
        value={filters.edgeId}
        onChange={(edgeId) => onChange({ edgeId })}
        clearable
        w={190}
      />
      <Select
        label={t('map:filters.status')}
        placeholder={t('map:filters.allStatuses')}
        data={STATUS_FILTERS.map((value) => ({ value, label: t(`map:filters.${value}`) }))}
        value={filters.status}
        onChange={(status) => onChange({ status: STATUS_FILTERS.find((s) => s === status) ?? null })}
        clearable
        w={160}
      />
      <Select
        label={t('map:filters.soundLabel')}
        placeholder={t('map:filters.allLabels')}
        data={labels}
        value={filters.label}
        onChange={(label) => onChange({ label })}
        clearable
        searchable
        w={170}
      />
      <Select
        label={t('map:filters.window')}
        data={[...new Set<number>([...WINDOW_CHOICES, filters.windowMinutes])]
          .sort((a, b) => a - b)
          .map((minutes) => ({ value: String(minutes), label: formatWindow(t, minutes) }))}
        value={String(filters.windowMinutes)}
        onChange={(value) => value !== null && onChange({ windowMinutes: Number(value) })}
        allowDeselect={false}
        w={150}
      />
    </>
  );
}

export function Component() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => readMapFilters(new URLSearchParams(search)), [search]);
  const updateFilters = useCallback(
    (patch: Partial<MapFilters>) => setParams((current) => writeMapFilters(current, patch), { replace: true }),
    [setParams],
  );

  const mics = useQuery({
    ...micQueries.every({}),
    // After a failed read, mics are tried at the event pace so the stale notice clears soon after the edge returns.
    refetchInterval: (query) => (query.state.status === 'error' ? EVENTS_REFRESH_MS : MICS_REFRESH_MS),
  });
  const labelIds = filters.label === null ? undefined : [filters.label];
  const recent = useQuery({
    ...eventQueries.list({ sinceMinutes: filters.windowMinutes, size: RECENT_EVENTS, label_id: labelIds }),
    refetchInterval: EVENTS_REFRESH_MS,
  });
  // The latest events of any time, only to offer label names in the filter.
  const labelSource = useQuery({ ...eventQueries.list({ size: RECENT_EVENTS }), staleTime: 5 * 60_000 });

  const tick = useNow(EVENTS_REFRESH_MS);
  const now = Math.max(tick, recent.dataUpdatedAt);
  const lastHeard = useMemo(() => lastHeardByMic(recent.data?.results ?? []), [recent.data]);
  const allMics = mics.data;
  const markers = useMemo(
    () => filterMarkerMics(allMics ?? [], filters, lastHeard, now),
    [allMics, filters, lastHeard, now],
  );
  const micsById = useMemo(() => new Map((allMics ?? []).map((mic) => [mic.id, mic])), [allMics]);
  const markersById = useMemo(() => new Map(markers.map((m) => [m.id, m])), [markers]);
  const edges = useMemo(() => [...new Set((allMics ?? []).map((mic) => mic.edge_id))].sort(), [allMics]);
  const labels = useMemo(() => {
    const byId = new Map<string, string>();
    for (const event of [...(labelSource.data?.results ?? []), ...(recent.data?.results ?? [])]) {
      byId.set(event.label.id, localName(event.label.name, i18n.language));
    }
    if (filters.label !== null && !byId.has(filters.label)) byId.set(filters.label, filters.label);
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [labelSource.data, recent.data, filters.label, i18n.language]);

  const [selection, setSelection] = useState<Selection>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [hover, setHover] = useState<HoverHit | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [userMoved, setUserMoved] = useState(false);
  const [drawn, setDrawn] = useState<DrawnSummary>({ mics: 0, clusters: 0, represented: 0 });

  const openMic = useCallback(
    (id: string) => {
      const marker = markersById.get(id);
      if (marker === undefined) return;
      setSelection({ kind: 'mic', id });
      setFocus((previous) => ({ lat: marker.lat, lon: marker.lon, minZoom: FOCUS_ZOOM, n: (previous?.n ?? 0) + 1 }));
    },
    [markersById],
  );
  const onMicClick = useCallback((mic: MarkerMic) => setSelection({ kind: 'mic', id: mic.id }), []);
  const onClusterClick = useCallback((hit: ClusterHit) => setSelection({ kind: 'cluster', hit }), []);

  const selectedMic: Mic | undefined = selection?.kind === 'mic' ? micsById.get(selection.id) : undefined;
  const selectedMarker = selection?.kind === 'mic' ? markersById.get(selection.id) : undefined;
  const micPosition = useMemo(
    () => (selectedMarker === undefined ? null : ([selectedMarker.lat, selectedMarker.lon] as [number, number])),
    [selectedMarker],
  );
  const clusterHit = selection?.kind === 'cluster' ? selection.hit : null;
  const clusterPosition = useMemo(
    () => (clusterHit === null ? null : ([clusterHit.lat, clusterHit.lon] as [number, number])),
    [clusterHit],
  );

  const heardCount = markers.filter((m) => m.state === 'fresh' || m.state === 'recent').length;
  const withoutPosition =
    (allMics?.length ?? 0) -
    filterMarkerMics(allMics ?? [], { ...filters, status: null, edgeId: null }, new Map(), now).length;
  const staleQuery = mics.isError ? mics : recent;
  const [findText, setFindText] = useState('');
  const findData = useMemo(() => markers.map((m) => ({ value: m.id, label: `${m.name} · ${m.id}` })), [markers]);

  return (
    <Stack gap="sm" className={classes.page}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('map:title')}</Title>
          <Text size="sm" role="status" aria-live="polite" data-testid="map-summary">
            {t('map:summary', { shown: markers.length, total: allMics?.length ?? 0 })}
            {' · '}
            {t('map:heardSummary', { count: heardCount, window: formatWindow(t, filters.windowMinutes) })}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Select
            label={t('map:filters.find')}
            data-shortcut="search"
            placeholder={t('map:filters.findPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            data={findData}
            value={null}
            searchValue={findText}
            onSearchChange={setFindText}
            onChange={(id) => {
              if (id === null) return;
              setFindText('');
              openMic(id);
            }}
            searchable
            limit={50}
            nothingFoundMessage={t('map:filters.nothingFound')}
            w={260}
          />
          <Tooltip label={t('map:resetHint')} disabled={!userMoved}>
            <Button
              variant={userMoved ? 'filled' : 'light'}
              leftSection={<IconFocusCentered size={16} aria-hidden />}
              onClick={() => setResetSignal((n) => n + 1)}
            >
              {t('map:resetView')}
            </Button>
          </Tooltip>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('map:filters.label')}>
        <Filters filters={filters} edges={edges} labels={labels} onChange={updateFilters} />
        {(filters.edgeId !== null || filters.status !== null || filters.label !== null) && (
          <Button variant="subtle" onClick={() => updateFilters({ edgeId: null, status: null, label: null })}>
            {t('map:filters.clear')}
          </Button>
        )}
      </Group>
      {mics.isError && mics.data === undefined && (
        <QueryError error={mics.error} onRetry={() => void mics.refetch()} retrying={mics.isFetching} />
      )}
      <StaleDataNotice query={staleQuery} />
      {recent.data !== undefined && recent.data.total_cnt > recent.data.results.length && (
        <Text size="xs" c="dimmed">
          {t('map:capped', { size: recent.data.results.length, total: recent.data.total_cnt })}
        </Text>
      )}
      {withoutPosition > 0 && (
        <Text size="xs" c="dimmed">
          {t('map:noPosition', { count: withoutPosition })}
        </Text>
      )}
      <div
        className={classes.mapWrap}
        data-testid="mic-map"
        data-mics-shown={markers.length}
        data-mics-drawn={drawn.represented}
        data-user-moved={userMoved}
      >
        <BaseMap center={[36.4, 127.9]} zoom={7} height="100%" label={t('map:region')}>
          <MicMarkerLayer
            mics={markers}
            selectedId={selection?.kind === 'mic' ? selection.id : null}
            onMicClick={onMicClick}
            onClusterClick={onClusterClick}
            onHover={setHover}
            onDraw={setDrawn}
          />
          <FitToMics points={markers} resetSignal={resetSignal} onUserMovedChange={setUserMoved} />
          <FocusOn request={focus} />
          {selectedMic !== undefined && micPosition !== null && (
            <Popup
              key={`mic:${selectedMic.id}`}
              position={micPosition}
              maxWidth={380}
              minWidth={340}
              eventHandlers={{
                remove: () => setSelection((s) => (s?.kind === 'mic' && s.id === selectedMic.id ? null : s)),
              }}
            >
              <MicPopupContent
                mic={selectedMic}
                marker={selectedMarker}
                lastHeardAt={lastHeard.get(selectedMic.id)}
                windowMinutes={filters.windowMinutes}
                label={filters.label}
              />
            </Popup>
          )}
          {clusterHit !== null && clusterPosition !== null && (
            <Popup
              key={`cluster:${clusterHit.id}`}
              position={clusterPosition}
              eventHandlers={{
                remove: () => setSelection((s) => (s?.kind === 'cluster' && s.hit.id === clusterHit.id ? null : s)),
              }}
            >
              <ClusterPopupContent
                cluster={clusterHit}
                onOpenMic={openMic}
                onZoomIn={() => {
                  setSelection(null);
                  setFocus((previous) => ({
                    lat: clusterHit.lat,
                    lon: clusterHit.lon,
                    minZoom: clusterHit.expansionZoom,
                    n: (previous?.n ?? 0) + 1,
                  }));
                }}
              />
            </Popup>
          )}
        </BaseMap>
        {hover !== null && <HoverCard hover={hover} />}
        {mics.isPending && (
          <Paper className={classes.legend} style={{ left: '50%', bottom: '50%', transform: 'translate(-50%, 50%)' }}>
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t('query.loading')}</Text>
            </Group>
          </Paper>
        )}
        {allMics !== undefined && markers.length === 0 && (
          <Paper
            className={classes.legend}
            style={{ left: '50%', bottom: '50%', transform: 'translate(-50%, 50%)' }}
            role="status"
          >
            <Text size="sm">{allMics.length === 0 ? t('map:emptyAll') : t('map:empty')}</Text>
          </Paper>
        )}
        <div className={classes.legend}>
          <MicMarkerLegend windowMinutes={filters.windowMinutes} />
        </div>
      </div>
    </Stack>
  );
}
