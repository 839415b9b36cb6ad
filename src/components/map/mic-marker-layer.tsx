import { useComputedColorScheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { MicGrouping, type ClusterNode, type MapNode } from './mic-cluster-index';
import { canvasRenderer, StillMap } from './bitmap-canvas';
import { drawExtent, drawGlyph, hitRadius, type DrawingContext, type Glyph, type GlyphStyle } from './mic-glyph';
import type { MarkerMic } from './mic-marker-state';
import { L } from './leaflet-setup';
import { PulseRings, type PulseSpot } from './pulse-rings';

export interface ClusterHit extends ClusterNode {
  /** Up to `CLUSTER_LEAF_LIMIT` of the mics inside. */
  leaves: MarkerMic[];
  expansionZoom: number;
}

export type HoverHit =
  | { kind: 'mic'; mic: MarkerMic; x: number; y: number }
  | { kind: 'cluster'; cluster: ClusterHit; x: number; y: number };

export interface DrawnSummary {
  /** Markers drawn for single mics. */
  mics: number;
  clusters: number;
  /** Mics represented in the view: single markers plus the counts of the clusters. */
  represented: number;
}

export interface MicMarkerLayerProps {
  mics: readonly MarkerMic[];
  /** Mic id to the time its pulse started (a new event); pulses last `PULSE_MS`. */
  pulses?: ReadonlyMap<string, number>;
  selectedId?: string | null;
  /** Marker size factor: 1 on a desk, larger on a wall display. */
  scale?: number;
  onMicClick?: (mic: MarkerMic) => void;
  /** Without it a click on a cluster zooms into it. */
  onClusterClick?: (cluster: ClusterHit) => void;
  onHover?: (hit: HoverHit | null) => void;
  onDraw?: (summary: DrawnSummary) => void;
}

export const CLUSTER_LEAF_LIMIT = 200;
const HOVER_LEAF_LIMIT = 6;
const EMPTY_PULSES: ReadonlyMap<string, number> = new Map();
const PANE = 'mic-markers';
/** Under the markers (a ring starts at a marker's edge), above every other layer. */
const PULSE_PANE = 'mic-pulses';

interface CanvasInternals {
  _renderer: { _drawing: boolean; _ctx: DrawingContext };
  _point: L.Point;
  _pxBounds: L.Bounds;
  _empty(): boolean;
}

/**
 * One canvas-drawn marker. Leaflet's canvas renderer does the hard parts (pan and zoom
 * animation, hit testing, dirty-region redraws); this class only draws its own shape.
 */
class GlyphMarker extends L.CircleMarker {
  glyph: Glyph;
  style: GlyphStyle;
  node: MapNode;

  constructor(node: MapNode, glyph: Glyph, style: GlyphStyle, renderer: L.Renderer) {
    super([node.lat, node.lon], {
      radius: hitRadius(glyph, style.scale),
      renderer,
      pane: PANE,
      bubblingMouseEvents: false,
    });
    this.glyph = glyph;
    this.style = style;
    this.node = node;
  }

  update(node: MapNode, glyph: Glyph, style: GlyphStyle): void {
    this.node = node;
    const moved = !this.getLatLng().equals([node.lat, node.lon]);
    const changed = !sameGlyph(this.glyph, glyph) || this.style !== style;
    this.glyph = glyph;
    this.style = style;
    if (moved) this.setLatLng([node.lat, node.lon]);
    if (changed) this.setRadius(hitRadius(glyph, style.scale));
  }

  _updatePath(): void {
    const self = this as unknown as CanvasInternals;
    if (!self._renderer._drawing || self._empty()) return;
    drawGlyph(self._renderer._ctx, self._point.x, self._point.y, this.glyph, this.style);
  }

  _updateBounds(): void {
    const self = this as unknown as CanvasInternals;
    const extent = drawExtent(this.glyph, this.style.scale);
    self._pxBounds = L.bounds(self._point.subtract([extent, extent]), self._point.add([extent, extent]));
  }
}

/**
 * Whether a marker would look the same. Freshness is compared in 32 steps: it falls a little at
 * every answer and tick for every heard mic, and a step less than 1/32 of its halo is not seen.
 */
function sameGlyph(a: Glyph, b: Glyph): boolean {
  if (a.kind !== b.kind || a.state !== b.state || a.selected !== b.selected) return false;
  if (a.kind === 'mic' && b.kind === 'mic') return Math.round(a.freshness * 32) === Math.round(b.freshness * 32);
  return a.kind === 'cluster' && b.kind === 'cluster' && a.count === b.count;
}

function glyphOf(node: MapNode, selectedId: string | null): Glyph {
  if (node.kind === 'mic') {
    return {
      kind: 'mic',
      state: node.mic.state,
      freshness: node.mic.freshness,
      selected: node.mic.id === selectedId,
    };
  }
  return { kind: 'cluster', state: node.state, count: node.count, selected: false };
}

const keyOf = (node: MapNode) => (node.kind === 'mic' ? `m:${node.mic.id}` : `c:${node.id}`);

/**
 * Mics as canvas markers, grouped per zoom (MicPositions): thousands of mics cost a few hundred
 * drawn shapes, and no DOM node per mic. Clusters show their count and most urgent state.
 */
export function MicMarkerLayer({
  mics,
  pulses = EMPTY_PULSES,
  selectedId = null,
  scale = 1,
  onMicClick,
  onClusterClick,
  onHover,
  onDraw,
}: MicMarkerLayerProps) {
  const map = useMap();
  const dark = useComputedColorScheme('light') === 'dark';
  const reducedMotion = useReducedMotion() ?? false;
  const style = useMemo<GlyphStyle>(() => ({ scale, dark, reducedMotion }), [scale, dark, reducedMotion]);
  // The grouping is kept while the mics stay where they are: a new state (an event, the clock's
  // tick, the events answer) only re-reads the states of the groups drawn.
  const [grouping] = useState(() => new MicGrouping());
  const index = useMemo(() => grouping.view(mics, pulses, 56 * scale), [grouping, mics, pulses, scale]);
  const callbacks = useRef({ onMicClick, onClusterClick, onHover, onDraw });
  useEffect(() => {
    callbacks.current = { onMicClick, onClusterClick, onHover, onDraw };
  });

  const still = useContext(StillMap);
  const [{ renderer, group, layers, rings }] = useState(() => {
    if (map.getPane(PANE) === undefined) map.createPane(PANE).style.zIndex = '450';
    let pulsePane = map.getPane(PULSE_PANE);
    if (pulsePane === undefined) {
      pulsePane = map.createPane(PULSE_PANE);
      pulsePane.style.zIndex = '449';
      pulsePane.style.pointerEvents = 'none';
    }
    return {
      renderer: canvasRenderer(still, { padding: 0.3, pane: PANE }),
      group: L.layerGroup(),
      layers: new Map<string, GlyphMarker>(),
      rings: new PulseRings(map, pulsePane),
    };
  });

  useEffect(() => {
    group.addTo(map);
    return () => {
      group.clearLayers();
      group.remove();
      layers.clear();
      rings.clear();
    };
  }, [map, group, layers, rings]);

  useEffect(() => {
    const clusterHit = (node: ClusterNode, limit: number): ClusterHit => ({
      ...node,
      leaves: index.leaves(node.id, limit),
      expansionZoom: index.expansionZoom(node.id),
    });

    const create = (node: MapNode, glyph: Glyph) => {
      const marker = new GlyphMarker(node, glyph, style, renderer);
      marker.on('click', () => {
        const current = marker.node;
        if (current.kind === 'mic') callbacks.current.onMicClick?.(current.mic);
        else {
          const hit = clusterHit(current, CLUSTER_LEAF_LIMIT);
          if (callbacks.current.onClusterClick) callbacks.current.onClusterClick(hit);
          else map.setView([hit.lat, hit.lon], Math.min(hit.expansionZoom, map.getMaxZoom()));
        }
      });
      marker.on('mouseover', () => {
        const current = marker.node;
        const point = map.latLngToContainerPoint([current.lat, current.lon]);
        callbacks.current.onHover?.(
          current.kind === 'mic'
            ? { kind: 'mic', mic: current.mic, x: point.x, y: point.y }
            : { kind: 'cluster', cluster: clusterHit(current, HOVER_LEAF_LIMIT), x: point.x, y: point.y },
        );
      });
      marker.on('mouseout', () => callbacks.current.onHover?.(null));
      return marker;
    };

    const update = () => {
      const bounds = map.getBounds().pad(0.25);
      const nodes = index.nodes(
        [bounds.getWest(), Math.max(-90, bounds.getSouth()), bounds.getEast(), Math.min(90, bounds.getNorth())],
        map.getZoom(),
      );
      const seen = new Set<string>();
      const spots: PulseSpot[] = [];
      const summary: DrawnSummary = { mics: 0, clusters: 0, represented: 0 };
      const view = map.getBounds();
      for (const node of nodes) {
        const key = keyOf(node);
        seen.add(key);
        const glyph = glyphOf(node, selectedId);
        const existing = layers.get(key);
        if (existing) existing.update(node, glyph, style);
        else {
          const marker = create(node, glyph);
          layers.set(key, marker);
          group.addLayer(marker);
        }
        if (node.pulseAt !== null) spots.push({ key, lat: node.lat, lon: node.lon, glyph, pulseAt: node.pulseAt });
        if (view.contains([node.lat, node.lon])) {
          if (node.kind === 'mic') summary.mics += 1;
          else summary.clusters += 1;
          summary.represented += node.kind === 'mic' ? 1 : node.count;
        }
      }
      for (const [key, marker] of layers) {
        if (seen.has(key)) continue;
        group.removeLayer(marker);
        marker.off();
        layers.delete(key);
      }
      rings.show(spots, style);
      callbacks.current.onDraw?.(summary);
    };
    const leave = () => callbacks.current.onHover?.(null);

    update();
    map.on('moveend', update);
    map.on('movestart', leave);
    return () => {
      map.off('moveend', update);
      map.off('movestart', leave);
    };
  }, [map, index, style, selectedId, renderer, group, layers, rings]);

  return null;
}
