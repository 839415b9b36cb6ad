import Supercluster from 'supercluster';
import { MARKER_STATES, stateRank, type MarkerMic, type MarkerState } from './mic-marker-state';

export interface MicPointProps {
  mic: MarkerMic;
  pulseAt: number | null;
}

/** Per-cluster aggregate: the most urgent state, how many of each, and the newest pulse. */
export interface ClusterProps {
  worst: number;
  fresh: number;
  recent: number;
  unknown: number;
  inactive: number;
  active: number;
  pulseAt: number;
}

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

export interface MicClusterIndex {
  nodes(bbox: [number, number, number, number], zoom: number): MapNode[];
  leaves(clusterId: number, limit: number): MarkerMic[];
  expansionZoom(clusterId: number): number;
}

/**
 * A supercluster index over mics. Aggregates travel with the clusters (map/reduce), so the
 * worst state of a cluster of 5,000 mics costs nothing at draw time.
 */
export function buildClusterIndex(
  mics: readonly MarkerMic[],
  pulses: ReadonlyMap<string, number>,
  radiusPx = 48,
): MicClusterIndex {
  const index = new Supercluster<MicPointProps, ClusterProps>({
    // supercluster measures in 512-px tiles at Leaflet's zoom numbers (256-px tiles): double it.
    radius: radiusPx * 2,
    maxZoom: 16,
    minPoints: 2,
    map: ({ mic, pulseAt }) => ({
      worst: stateRank(mic.state),
      fresh: mic.state === 'fresh' ? 1 : 0,
      recent: mic.state === 'recent' ? 1 : 0,
      unknown: mic.state === 'unknown' ? 1 : 0,
      inactive: mic.state === 'inactive' ? 1 : 0,
      active: mic.state === 'active' ? 1 : 0,
      pulseAt: pulseAt ?? 0,
    }),
    reduce: (acc, props) => {
      acc.worst = Math.max(acc.worst, props.worst);
      acc.fresh += props.fresh;
      acc.recent += props.recent;
      acc.unknown += props.unknown;
      acc.inactive += props.inactive;
      acc.active += props.active;
      acc.pulseAt = Math.max(acc.pulseAt, props.pulseAt);
    },
  });
  index.load(
    mics.map((mic) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [mic.lon, mic.lat] },
      properties: { mic, pulseAt: pulses.get(mic.id) ?? null },
    })),
  );

  return {
    nodes(bbox, zoom) {
      return index.getClusters(bbox, Math.round(zoom)).map((feature): MapNode => {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          return {
            kind: 'cluster',
            id: props.cluster_id,
            lat,
            lon,
            count: props.point_count,
            state: BY_RANK[props.worst] ?? 'active',
            counts: {
              fresh: props.fresh,
              recent: props.recent,
              unknown: props.unknown,
              inactive: props.inactive,
              active: props.active,
            },
            pulseAt: props.pulseAt > 0 ? props.pulseAt : null,
          };
        }
        const point = props as MicPointProps;
        return { kind: 'mic', lat, lon, mic: point.mic, pulseAt: point.pulseAt };
      });
    },
    leaves(clusterId, limit) {
      return index.getLeaves(clusterId, limit).map((leaf) => (leaf.properties as MicPointProps).mic);
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}
