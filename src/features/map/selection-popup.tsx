import { useMemo } from 'react';
import { Popup } from 'react-leaflet';
import type { InventoryMic } from '@/api';
import type { MarkerMic } from '@/components/map/mic-marker-state';
import { ClusterPopupContent } from './cluster-popup';
import type { MapFilters } from './map-filters';
import { MicPopupContent } from './mic-popup';
import { keyOf, type Selection } from './use-map-selection';

/** The popup of the selected mic or cluster, anchored where it stands on the map. */
export function SelectionPopup({
  selection,
  micsById,
  markersById,
  lastHeard,
  filters,
  onClosed,
  onOpenMic,
  onZoomIn,
}: {
  selection: Selection;
  micsById: ReadonlyMap<string, InventoryMic>;
  markersById: { get(id: string): MarkerMic | undefined };
  lastHeard: ReadonlyMap<string, number>;
  filters: MapFilters;
  onClosed: (key: string) => void;
  onOpenMic: (micId: string) => void;
  onZoomIn: (hit: Extract<Selection, { kind: 'cluster' }>['hit']) => void;
}) {
  const key = keyOf(selection);
  const anchor =
    selection?.kind === 'cluster'
      ? selection.hit
      : selection?.kind === 'mic'
        ? markersById.get(selection.id)
        : undefined;
  const lat = anchor?.lat;
  const lon = anchor?.lon;
  // One array per place: Leaflet pans to a popup whose position is set again, undoing the user's panning.
  const position = useMemo(
    () => (lat === undefined || lon === undefined ? null : ([lat, lon] as [number, number])),
    [lat, lon],
  );
  if (selection === null || key === null || position === null) return null;
  const eventHandlers = { remove: () => onClosed(key) };
  if (selection.kind === 'cluster') {
    const hit = selection.hit;
    return (
      <Popup key={key} position={position} eventHandlers={eventHandlers}>
        <ClusterPopupContent cluster={hit} onOpenMic={onOpenMic} onZoomIn={() => onZoomIn(hit)} />
      </Popup>
    );
  }
  const mic = micsById.get(selection.id);
  const marker = markersById.get(selection.id);
  if (mic === undefined || marker === undefined) return null;
  return (
    <Popup key={key} position={position} maxWidth={380} minWidth={340} eventHandlers={eventHandlers}>
      <MicPopupContent
        mic={mic}
        marker={marker}
        lastHeardAt={lastHeard.get(mic.id)}
        windowMinutes={filters.windowMinutes}
        label={filters.label}
      />
    </Popup>
  );
}
