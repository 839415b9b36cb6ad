import { Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { FilterDrawer } from '@/components/filter-drawer';
import { BaseMap } from '@/components/map/base-map';
import { FitToMics } from '@/components/map/fit-to-mics';
import { MicMarkerLayer, type DrawnSummary, type HoverHit } from '@/components/map/mic-marker-layer';
import { InventoryNote } from '@/components/inventory-note';
import { QueryError, StaleDataNotice } from '@/components/query-feedback';
import { useTranslation } from '@/lib/i18n';
import { usePhone } from '@/lib/screens';
import { useSearchParamsState } from '@/lib/search-params';
import { CoveragePanel } from './coverage-panel';
import { FocusOn } from './focus-on';
import { HoverCard } from './hover-card';
import { InsightRings } from './insight-rings';
import { mapSearch } from './map-filters';
import { MapFilterRow } from './map-filter-row';
import { MapHeader } from './map-header';
import { MapLegend } from './map-legend';
import { MapOverlay } from './map-overlay';
import { RecentPlacesLayer } from './recent-places-layer';
import { SelectionPopup } from './selection-popup';
import { coverageSearch, useCoverage } from './use-coverage';
import { useMapData } from './use-map-data';
import { useMapSelection } from './use-map-selection';
import classes from './map-page.module.css';
import './locales';

// The coverage grid draws only once asked for: its code is not part of the map's first paint.
const CoverageLayer = lazy(async () => ({ default: (await import('./coverage-layer')).CoverageLayer }));

export function Component() {
  const { t } = useTranslation();
  const [filters, updateFilters] = useSearchParamsState(mapSearch, { replace: true });

  const phone = usePhone();
  const data = useMapData(filters);
  const { mics, recent, markers } = data;
  const selected = useMapSelection(data.shown);
  const [hover, setHover] = useState<HoverHit | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [userMoved, setUserMoved] = useState(false);
  const [placesShown, setPlacesShown] = useState(false);
  const [{ coverage: category }, setCoverage] = useSearchParamsState(coverageSearch, { replace: true });
  const coverage = useCoverage(mics.data?.mics, category);
  // How many mics the map draws, for the tests, written straight to the element: as the page's
  // state it re-rendered the whole page after each draw of the markers.
  const wrap = useRef<HTMLDivElement>(null);
  const onDraw = useCallback(
    (drawn: DrawnSummary) => wrap.current?.setAttribute('data-mics-drawn', String(drawn.represented)),
    [],
  );

  const resetView = useCallback(() => setResetSignal((n) => n + 1), []);
  // Over the map, not above it: arriving with the answers, above it they pushed the map down.
  const notes = [
    ...(recent.data !== undefined && recent.data.total_cnt > recent.data.results.length
      ? [t('map:capped', { size: recent.data.results.length, total: recent.data.total_cnt })]
      : []),
    ...(data.withoutPosition > 0 ? [t('map:noPosition', { count: data.withoutPosition })] : []),
  ];

  // On a phone the map takes the screen and its filters open from a button over it. This and the
  // legend are kept as the same elements while their inputs stay: the page re-renders with each
  // answer (inventory, events, names, rings, places) and each hover, and they were drawn again each time.
  const { allMics } = data;
  const events = recent.data?.results;
  const filterRow = useMemo(
    () => (
      <FilterDrawer
        active={
          Number(filters.edgeId !== null) +
          Number(filters.status !== null) +
          Number(filters.label !== null) +
          Number(filters.windowMinutes !== mapSearch.defaults.windowMinutes)
        }
        className={classes.filtersButton}
      >
        <MapFilterRow filters={filters} mics={allMics} events={events} onChange={updateFilters} />
      </FilterDrawer>
    ),
    [filters, allMics, events, updateFilters],
  );

  // The markers and the coverage panel too: a hover, a popup or an incident's place re-renders the page.
  const selectedId = selected.selection?.kind === 'mic' ? selected.selection.id : null;
  // The popup's mic, looked up when one is opened: an index of every mic cost the first render.
  const selectedMic = useMemo(
    () => new Map(selectedId === null ? [] : (allMics ?? []).filter((m) => m.id === selectedId).map((m) => [m.id, m])),
    [allMics, selectedId],
  );
  const { onMicClick, onClusterClick } = selected;
  const markerLayer = useMemo(
    () => (
      <MicMarkerLayer
        mics={markers}
        selectedId={selectedId}
        onMicClick={onMicClick}
        onClusterClick={onClusterClick}
        onHover={setHover}
        onDraw={onDraw}
      />
    ),
    [markers, selectedId, onMicClick, onClusterClick, onDraw],
  );
  const coveragePanel = useMemo(
    () => (
      <CoveragePanel
        category={category}
        events={events}
        filtered={filters.label}
        counted={coverage?.mics.length ?? null}
        inDb={coverage?.inDb ?? true}
        onChange={(next) => setCoverage({ coverage: next })}
      />
    ),
    [category, events, filters.label, coverage, setCoverage],
  );

  const { shown } = data;

  return (
    <Stack gap="sm" className={classes.page}>
      <MapHeader
        markers={markers}
        total={mics.data?.mics.length ?? 0}
        heardCount={data.heardCount}
        windowMinutes={filters.windowMinutes}
        userMoved={userMoved}
        onFind={selected.openMic}
        onReset={resetView}
      />
      {!phone && filterRow}
      {mics.isError && mics.data === undefined && (
        <QueryError error={mics.error} onRetry={() => void mics.refetch()} retrying={mics.isFetching} />
      )}
      <StaleDataNotice query={data.staleQuery} />
      <InventoryNote inventory={mics.data} />
      <div
        className={classes.mapWrap}
        data-testid="mic-map"
        data-mics-shown={markers.length}
        ref={wrap}
        data-mics-drawn={0}
        data-user-moved={userMoved}
      >
        <BaseMap center={[36.4, 127.9]} zoom={7} height="100%" label={t('map:region')} afterPaint>
          {markerLayer}
          <InsightRings shown={shown} />
          {coverage !== null && (
            <Suspense fallback={null}>
              <CoverageLayer mics={coverage.mics} />
            </Suspense>
          )}
          <RecentPlacesLayer windowMinutes={filters.windowMinutes} onShown={setPlacesShown} />
          <FitToMics points={shown.markers} resetSignal={resetSignal} onUserMovedChange={setUserMoved} />
          <FocusOn request={selected.focus} />
          <SelectionPopup
            selection={selected.selection}
            micsById={selectedMic}
            markersById={data.drawn}
            lastHeard={data.lastHeard}
            filters={filters}
            onClosed={selected.closed}
            onOpenMic={selected.openMic}
            onZoomIn={selected.zoomIntoCluster}
          />
        </BaseMap>
        {hover !== null && <HoverCard hover={hover} />}
        {coveragePanel}
        <MapOverlay loading={mics.isPending} shown={markers.length} total={mics.data?.mics.length} />
        {notes.length > 0 && (
          <Stack gap={2} className={classes.notes}>
            {notes.map((note) => (
              <Text key={note} size="xs">
                {note}
              </Text>
            ))}
          </Stack>
        )}
        {phone && filterRow}
        <MapLegend phone={phone} windowMinutes={filters.windowMinutes} shown={shown} placesShown={placesShown} />
      </div>
    </Stack>
  );
}
