import { useCallback, useState } from 'react';
import type { ClusterHit } from '@/components/map/mic-marker-layer';
import type { MarkerMic } from '@/components/map/mic-marker-state';
import type { FocusRequest } from './focus-on';

const FOCUS_ZOOM = 16;

export type Selection = { kind: 'mic'; id: string } | { kind: 'cluster'; hit: ClusterHit } | null;

/** Names a selection, as the key of its popup. */
export function keyOf(selection: Selection): string | null {
  if (selection === null) return null;
  return selection.kind === 'mic' ? `mic:${selection.id}` : `cluster:${selection.hit.id}`;
}

/** Which popup is open, and where the map was asked to move to show it. */
export function useMapSelection(markersById: { get(id: string): MarkerMic | undefined }) {
  const [selection, setSelection] = useState<Selection>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);

  const focusOn = useCallback((lat: number, lon: number, minZoom: number) => {
    setFocus((previous) => ({ lat, lon, minZoom, n: (previous?.n ?? 0) + 1 }));
  }, []);
  const openMic = useCallback(
    (id: string) => {
      const marker = markersById.get(id);
      if (marker === undefined) return;
      setSelection({ kind: 'mic', id });
      focusOn(marker.lat, marker.lon, FOCUS_ZOOM);
    },
    [markersById, focusOn],
  );
  const zoomIntoCluster = useCallback(
    (hit: ClusterHit) => {
      setSelection(null);
      focusOn(hit.lat, hit.lon, hit.expansionZoom);
    },
    [focusOn],
  );
  const onMicClick = useCallback((mic: MarkerMic) => setSelection({ kind: 'mic', id: mic.id }), []);
  const onClusterClick = useCallback((hit: ClusterHit) => setSelection({ kind: 'cluster', hit }), []);
  /** A popup closed by Leaflet: forget it, unless another one was selected meanwhile. */
  const closed = useCallback((key: string) => setSelection((current) => (keyOf(current) === key ? null : current)), []);

  return { selection, focus, openMic, zoomIntoCluster, onMicClick, onClusterClick, closed };
}
