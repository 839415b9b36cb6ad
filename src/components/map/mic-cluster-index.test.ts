import { describe, expect, it, vi } from 'vitest';
import { clusterView, MicGrouping, MicPositions } from './mic-cluster-index';
import type { MarkerMic } from './mic-marker-state';

const mic = (id: string, lat: number, lon: number, state: MarkerMic['state'] = 'active'): MarkerMic => ({
  id,
  name: id,
  lat,
  lon,
  state,
  freshness: 0,
});
const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

describe('mic groups', () => {
  it('group mics within the radius, read states at draw time and split as the map zooms in', () => {
    // Three mics about 10 m apart in Seoul, one in Busan.
    const mics = [mic('a', 37.5, 127), mic('b', 37.5, 127.0001), mic('c', 37.5001, 127), mic('far', 35.1, 129.0)];
    const positions = new MicPositions(mics, 56);
    const at7 = clusterView(positions, mics, new Map()).nodes(WORLD, 7);
    expect(at7.map((n) => (n.kind === 'mic' ? n.mic.id : n.count)).sort()).toEqual([3, 'far']);

    // A new state for the same positions: the index holds, the cluster shows the state.
    const heard = mics.map((m) => (m.id === 'b' ? { ...m, state: 'fresh' as const } : m));
    expect(positions.holds(heard, 56)).toBe(true);
    expect(positions.holds(heard.slice(1), 56)).toBe(false);
    expect(positions.holds([...heard.slice(0, 3), mic('far', 35.2, 129)], 56)).toBe(false);
    const view = clusterView(positions, heard, new Map([['c', 1000]]));
    const cluster = view.nodes(WORLD, 7).find((n) => n.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(cluster).toMatchObject({ count: 3, state: 'fresh', pulseAt: 1000 });
    expect(cluster.counts).toEqual({ fresh: 1, recent: 0, unknown: 0, inactive: 0, active: 2 });
    expect(cluster.lat).toBeCloseTo(37.50003, 4);
    expect(view.leaves(cluster.id, 2)).toHaveLength(2);
    expect(
      view
        .leaves(cluster.id, 10)
        .map((m) => m.id)
        .sort(),
    ).toEqual(['a', 'b', 'c']);

    // Zooming to the expansion zoom shows more than one marker where the cluster was.
    const expansion = view.expansionZoom(cluster.id);
    expect(expansion).toBeGreaterThan(7);
    const around: [number, number, number, number] = [126.99, 37.49, 127.01, 37.51];
    expect(view.nodes(around, expansion - 1)).toHaveLength(1);
    expect(view.nodes(around, expansion).length).toBeGreaterThan(1);
    expect(view.nodes(around, 17).every((n) => n.kind === 'mic')).toBe(true);
  });

  it('keep only what is inside the view, across the antimeridian too', () => {
    const mics = [mic('fiji', -17.7, 178.9), mic('samoa', -13.8, -172.1), mic('seoul', 37.5, 127)];
    const view = clusterView(new MicPositions(mics, 56), mics, new Map());
    const ids = (bbox: [number, number, number, number]) =>
      view
        .nodes(bbox, 5)
        .map((n) => (n.kind === 'mic' ? n.mic.id : `cluster ${n.count}`))
        .sort();
    expect(ids([170, -30, 200, 0])).toEqual(['fiji', 'samoa']);
    expect(ids([120, 30, 135, 40])).toEqual(['seoul']);
    expect(ids([-540, -90, 540, 90])).toEqual(['fiji', 'samoa', 'seoul']);
  });

  it('are kept while only states and pulses change, and made again when a mic moves', () => {
    const mics = [mic('a', 37.5, 127), mic('b', 37.5, 127.0001), mic('far', 35.1, 129.0)];
    const grouping = new MicGrouping();
    const level = vi.spyOn(MicPositions.prototype, 'level');
    const groupsAt7 = () => level.mock.results.at(-1)?.value as unknown;
    grouping.view(mics, new Map(), 56).nodes(WORLD, 7);
    const first = groupsAt7();
    // Each answer and tick brings new objects with new states; a new event brings a pulse.
    const heard = mics.map((m) => ({ ...m, state: 'fresh' as const }));
    const nodes = grouping.view(heard, new Map([['a', 1000]]), 56).nodes(WORLD, 7);
    expect(groupsAt7()).toBe(first);
    expect(nodes.find((n) => n.kind === 'cluster')).toMatchObject({ count: 2, state: 'fresh', pulseAt: 1000 });
    grouping.view([...heard.slice(0, 2), mic('far', 35.2, 129)], new Map(), 56).nodes(WORLD, 7);
    expect(groupsAt7()).not.toBe(first);
    level.mockRestore();
  });
});
