import { MARKER_STATES, stateRank, type MarkerMic, type MarkerState } from './mic-marker-state';

export type StateCounts = Record<MarkerState, number>;

export interface ClusterNode {
  kind: 'cluster';
  id: number;
  lat: number;
  lon: number;
  count: number;
  state: MarkerState;
  counts: StateCounts;
  pulseAt: number | null;
}

export interface MicNode {
  kind: 'mic';
  lat: number;
  lon: number;
  mic: MarkerMic;
  pulseAt: number | null;
}

export type MapNode = ClusterNode | MicNode;

const BY_RANK: MarkerState[] = [...MARKER_STATES].sort((a, b) => stateRank(a) - stateRank(b));
/** Beyond this zoom every mic stands alone. */
const MAX_ZOOM = 16;
/** A cluster's id carries its zoom in the low bits (`seed * ZOOMS + zoom`). */
const ZOOMS = 32;

export interface MicClusterIndex {
  nodes(bbox: [number, number, number, number], zoom: number): MapNode[];
  leaves(clusterId: number, limit: number): MarkerMic[];
  expansionZoom(clusterId: number): number;
}

/** The groups at one zoom: each mic's group, and each group's members and centre. */
interface Level {
  groupOf: Int32Array;
  members: number[][];
  lat: Float64Array;
  lon: Float64Array;
}

/**
 * Where the mics are, grouped per zoom only when a zoom is first drawn. Positions change rarely
 * and states every few seconds, so states are read at draw time (`clusterView`) and a new state
 * costs no regrouping. supercluster, used before, grouped every zoom from 16 down to 0 with the
 * states folded in: 0.1–0.3 s per build at 10,000 mics, on the first draw's path and again at
 * each events answer and each ten-second tick.
 */
export class MicPositions {
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  private readonly levels = new Map<number, Level>();

  constructor(
    readonly points: readonly { lat: number; lon: number }[],
    /** Mics closer than this many screen pixels share a marker. */
    readonly radiusPx: number,
  ) {
    this.x = new Float64Array(points.length);
    this.y = new Float64Array(points.length);
    points.forEach(({ lat, lon }, i) => {
      this.x[i] = (lon + 180) / 360;
      const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
      this.y[i] = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
    });
  }

  /** Whether `points` are these positions, in this order (the index then still holds for them). */
  holds(points: readonly { lat: number; lon: number }[], radiusPx: number): boolean {
    if (points.length !== this.points.length || radiusPx !== this.radiusPx) return false;
    // The same object first: from one events answer to the next only the heard mics are new
    // objects, and reading every mic's position (2,400 of them) showed in the map's answer tasks.
    for (let i = 0; i < points.length; i++) {
      const a = points[i]!;
      const b = this.points[i]!;
      if (a !== b && (a.lat !== b.lat || a.lon !== b.lon)) return false;
    }
    return true;
  }

  /**
   * Greedy grouping at one zoom, as supercluster does per zoom: each mic not yet taken takes every
   * untaken mic within the radius and they sit at their mean position. A grid of radius-sized
   * cells finds the neighbours, so a zoom costs one pass over the mics.
   */
  level(zoom: number): Level {
    const cached = this.levels.get(zoom);
    if (cached !== undefined) return cached;
    const n = this.points.length;
    const scale = 256 * 2 ** zoom;
    const r = this.radiusPx;
    const cells = new Map<number, number[]>();
    const keyOf = (cx: number, cy: number) => cx * 4_194_304 + cy;
    for (let i = 0; i < n; i++) {
      const key = keyOf(Math.floor((this.x[i]! * scale) / r), Math.floor((this.y[i]! * scale) / r));
      const cell = cells.get(key);
      if (cell === undefined) cells.set(key, [i]);
      else cell.push(i);
    }
    const groupOf = new Int32Array(n).fill(-1);
    const members: number[][] = [];
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < n; i++) {
      if (groupOf[i] !== -1) continue;
      const group = members.length;
      const px = this.x[i]! * scale;
      const py = this.y[i]! * scale;
      const cx = Math.floor(px / r);
      const cy = Math.floor(py / r);
      const taken = [i];
      groupOf[i] = group;
      let sx = this.x[i]!;
      let sy = this.y[i]!;
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const j of cells.get(keyOf(cx + dx, cy + dy)) ?? []) {
            if (groupOf[j] !== -1) continue;
            const ex = this.x[j]! * scale - px;
            const ey = this.y[j]! * scale - py;
            if (ex * ex + ey * ey > r * r) continue;
            groupOf[j] = group;
            taken.push(j);
            sx += this.x[j]!;
            sy += this.y[j]!;
          }
        }
      }
      members.push(taken);
      xs.push(sx / taken.length);
      ys.push(sy / taken.length);
    }
    const lat = new Float64Array(members.length);
    const lon = new Float64Array(members.length);
    for (let g = 0; g < members.length; g++) {
      if (members[g]!.length === 1) {
        lat[g] = this.points[members[g]![0]!]!.lat;
        lon[g] = this.points[members[g]![0]!]!.lon;
      } else {
        lon[g] = xs[g]! * 360 - 180;
        lat[g] = (Math.atan(Math.sinh(Math.PI * (1 - 2 * ys[g]!))) * 180) / Math.PI;
      }
    }
    const built = { groupOf, members, lat, lon };
    this.levels.set(zoom, built);
    return built;
  }
}

/** The bounding box as up to two longitude ranges (a view across the antimeridian is two). */
function lonRanges([west, , east]: [number, number, number, number]): [number, number][] {
  if (east - west >= 360) return [[-180, 180]];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const from = wrap(west);
  const to = east === 180 ? 180 : wrap(east);
  return from <= to
    ? [[from, to]]
    : [
        [from, 180],
        [-180, to],
      ];
}

/** The markers of `mics` (in the order `positions` was built from) with their states now. */
export function clusterView(
  positions: MicPositions,
  mics: readonly MarkerMic[],
  pulses: ReadonlyMap<string, number>,
): MicClusterIndex {
  const pulseOf = (mic: MarkerMic) => pulses.get(mic.id) ?? null;
  const clusterOf = (id: number) => {
    const zoom = id % ZOOMS;
    const seed = (id - zoom) / ZOOMS;
    const level = positions.level(zoom);
    return { zoom, level, group: level.groupOf[seed] ?? -1 };
  };
  return {
    nodes(bbox, zoomLevel) {
      const zoom = Math.max(0, Math.min(MAX_ZOOM + 1, Math.round(zoomLevel)));
      const south = Math.max(-90, bbox[1]);
      const north = Math.min(90, bbox[3]);
      const ranges = lonRanges(bbox);
      const inside = (lat: number, lon: number) =>
        lat >= south && lat <= north && ranges.some(([from, to]) => lon >= from && lon <= to);
      const out: MapNode[] = [];
      if (zoom > MAX_ZOOM) {
        mics.forEach((mic, i) => {
          const { lat, lon } = positions.points[i]!;
          if (inside(lat, lon)) out.push({ kind: 'mic', lat, lon, mic, pulseAt: pulseOf(mic) });
        });
        return out;
      }
      const level = positions.level(zoom);
      level.members.forEach((members, group) => {
        const lat = level.lat[group]!;
        const lon = level.lon[group]!;
        if (!inside(lat, lon)) return;
        if (members.length === 1) {
          const mic = mics[members[0]!]!;
          out.push({ kind: 'mic', lat, lon, mic, pulseAt: pulseOf(mic) });
          return;
        }
        const counts: StateCounts = { fresh: 0, recent: 0, unknown: 0, inactive: 0, active: 0 };
        let worst = 0;
        let pulseAt = 0;
        for (const i of members) {
          const mic = mics[i]!;
          counts[mic.state] += 1;
          worst = Math.max(worst, stateRank(mic.state));
          pulseAt = Math.max(pulseAt, pulses.get(mic.id) ?? 0);
        }
        out.push({
          kind: 'cluster',
          id: members[0]! * ZOOMS + zoom,
          lat,
          lon,
          count: members.length,
          state: BY_RANK[worst] ?? 'active',
          counts,
          pulseAt: pulseAt > 0 ? pulseAt : null,
        });
      });
      return out;
    },
    leaves(clusterId, limit) {
      const { level, group } = clusterOf(clusterId);
      return (level.members[group] ?? []).slice(0, limit).map((i) => mics[i]!);
    },
    expansionZoom(clusterId) {
      const { zoom, level, group } = clusterOf(clusterId);
      const members = level.members[group] ?? [];
      for (let next = zoom + 1; next <= MAX_ZOOM; next++) {
        const groupOf = positions.level(next).groupOf;
        const first = groupOf[members[0]!];
        if (members.some((i) => groupOf[i] !== first)) return next;
      }
      return MAX_ZOOM + 1;
    },
  };
}

/** The groups of a layer redrawn often: regrouped only when the mics' positions change. */
export class MicGrouping {
  private positions: MicPositions | null = null;

  view(mics: readonly MarkerMic[], pulses: ReadonlyMap<string, number>, radiusPx: number): MicClusterIndex {
    if (this.positions === null || !this.positions.holds(mics, radiusPx)) {
      this.positions = new MicPositions(mics, radiusPx);
    }
    return clusterView(this.positions, mics, pulses);
  }
}

/** Groups `mics` for drawing once. */
export function buildClusterIndex(
  mics: readonly MarkerMic[],
  pulses: ReadonlyMap<string, number>,
  radiusPx = 48,
): MicClusterIndex {
  return clusterView(new MicPositions(mics, radiusPx), mics, pulses);
}
