import { describe, expect, it } from 'vitest';
import { buildClusterIndex } from './mic-cluster-index';
import {
  lastHeardByMic,
  markerState,
  placeMarkers,
  recency,
  toMarkerMics,
  worstState,
  type MarkerMic,
} from './mic-marker-state';
import { parseWindowMinutes } from '@/lib/time-window';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const WINDOW = 15 * 60_000;

describe('recency classification', () => {
  it('calls events within two minutes fresh and stronger the newer they are', () => {
    const justNow = recency(NOW - 10_000, NOW, WINDOW);
    const minuteAgo = recency(NOW - 60_000, NOW, WINDOW);
    expect(justNow?.state).toBe('fresh');
    expect(minuteAgo?.state).toBe('fresh');
    expect(justNow!.freshness).toBeGreaterThan(minuteAgo!.freshness);
  });

  it('calls older events in the window recent and nothing outside it', () => {
    expect(recency(NOW - 10 * 60_000, NOW, WINDOW)?.state).toBe('recent');
    expect(recency(NOW - 16 * 60_000, NOW, WINDOW)).toBeNull();
    expect(recency(undefined, NOW, WINDOW)).toBeNull();
  });

  it('treats a clock-skewed future event as heard now', () => {
    expect(recency(NOW + 5_000, NOW, WINDOW)).toEqual({ state: 'fresh', freshness: 1 });
  });

  it('falls back to the device status, keeping unknown statuses apart', () => {
    expect(markerState('active', undefined, NOW, WINDOW).state).toBe('active');
    expect(markerState('inactive', NOW - 20 * 60_000, NOW, WINDOW).state).toBe('inactive');
    expect(markerState('maintenance', undefined, NOW, WINDOW).state).toBe('unknown');
    expect(markerState('inactive', NOW - 30_000, NOW, WINDOW).state).toBe('fresh');
  });

  it('keeps the newest event per mic', () => {
    const last = lastHeardByMic([
      { mic: { id: 'a' }, created_at: '2026-11-21T11:50:00Z' },
      { mic: { id: 'a' }, created_at: '2026-11-21T11:58:00Z' },
      { mic: { id: 'b' }, created_at: 'not a date' },
    ]);
    expect([...last]).toEqual([['a', Date.parse('2026-11-21T11:58:00Z')]]);
  });
});

describe('markers placed once, heard mics laid over them', () => {
  const mics = [
    { id: 'a', name: 'A', status: 'active', location: { latitude: 37.5, longitude: 127 } },
    { id: 'b', name: 'B', status: 'inactive', location: { latitude: 37.6, longitude: 127.1 } },
    { id: 'c', name: 'C', status: 'active', location: { latitude: Number.NaN, longitude: 127.2 } },
    { id: 'd', name: 'D', status: 'maintenance', location: { latitude: 37.7, longitude: 127.3 } },
    { id: 'e', name: 'E', status: 'active', location: { latitude: 37.8, longitude: 127.4 } },
  ];
  const ids = (markers: readonly MarkerMic[]) => markers.map((marker) => marker.id);

  it('draws every mic as the full classification does, heard or not', () => {
    const lastHeard = new Map([
      ['b', NOW - 30_000],
      ['d', NOW - 10 * 60_000],
      ['a', NOW - 20 * 60_000],
      ['c', NOW],
      ['gone', NOW],
    ]);
    expect(placeMarkers(mics).withHeard(lastHeard, NOW, WINDOW).drawn.markers).toEqual(
      toMarkerMics(mics, lastHeard, NOW, WINDOW),
    );
  });

  it('gives heard mics fresh or recent by their last event and the window', () => {
    const placed = placeMarkers(mics);
    const lastHeard = new Map([
      ['b', NOW - 30_000],
      ['d', NOW - 10 * 60_000],
      ['a', NOW - 20 * 60_000],
    ]);
    const { drawn, heard } = placed.withHeard(lastHeard, NOW, WINDOW);
    expect(drawn.get('b')).toMatchObject({ state: 'fresh' });
    expect(drawn.get('d')).toMatchObject({ state: 'recent' });
    expect(drawn.get('a')).toMatchObject({ state: 'active', freshness: 0 });
    expect(ids(heard)).toEqual(['b', 'd']);
    // A one-hour window still holds a's event; an hour later the 15-minute one holds none.
    expect(placed.withHeard(lastHeard, NOW, 60 * 60_000).drawn.get('a')).toMatchObject({ state: 'recent' });
    expect(placed.withHeard(lastHeard, NOW + 60 * 60_000, WINDOW).heard).toEqual([]);
  });

  it('reuses the placed markers as objects when only the heard mics change', () => {
    const placed = placeMarkers(mics);
    const first = placed.withHeard(new Map([['b', NOW]]), NOW, WINDOW).drawn;
    const second = placed.withHeard(new Map([['d', NOW]]), NOW, WINDOW).drawn;
    expect(first.get('a')).toBe(placed.get('a'));
    expect(first.get('d')).toBe(placed.get('d'));
    expect(second.get('a')).toBe(placed.get('a'));
    expect(second.get('b')).toBe(placed.get('b'));
    expect(second.get('d')).toMatchObject({ state: 'fresh' });
    // Nothing heard in the window: the placed markers themselves, so nothing is drawn again.
    expect(placed.withHeard(new Map([['a', NOW - WINDOW - 1]]), NOW, WINDOW).drawn).toBe(placed);
  });

  it('leaves out mics without a map position, heard or not', () => {
    const placed = placeMarkers(mics);
    expect(placed.has('c')).toBe(false);
    const { drawn, heard } = placed.withHeard(new Map([['c', NOW]]), NOW, WINDOW);
    expect(ids(drawn.markers)).toEqual(['a', 'b', 'd', 'e']);
    expect(heard).toEqual([]);
  });

  it('keeps the inventory order, whatever order the mics were heard in', () => {
    const lastHeard = new Map([
      ['e', NOW],
      ['a', NOW - 60_000],
      ['d', NOW - 5 * 60_000],
    ]);
    const { drawn, heard } = placeMarkers(mics).withHeard(lastHeard, NOW, WINDOW);
    expect(ids(drawn.markers)).toEqual(['a', 'b', 'd', 'e']);
    expect(ids(heard)).toEqual(['a', 'd', 'e']);
  });
});

describe('cluster worst state', () => {
  it('orders fresh > recent > unknown > inactive > active', () => {
    expect(worstState(['active', 'inactive'])).toBe('inactive');
    expect(worstState(['inactive', 'unknown', 'active'])).toBe('unknown');
    expect(worstState(['recent', 'unknown'])).toBe('recent');
    expect(worstState(['recent', 'fresh', 'active'])).toBe('fresh');
    expect(worstState([])).toBe('active');
  });

  it('gives a cluster the most urgent state and the counts of its mics', () => {
    const mic = (id: string, state: MarkerMic['state'], lon: number): MarkerMic => ({
      id,
      name: id,
      lat: 37.5,
      lon,
      state,
      freshness: 0,
    });
    const index = buildClusterIndex(
      [
        mic('a', 'active', 127.0),
        mic('b', 'inactive', 127.0001),
        mic('c', 'recent', 127.0002),
        mic('far', 'fresh', 129.1),
      ],
      new Map([['b', NOW]]),
    );
    const nodes = index.nodes([120, 30, 135, 40], 8);
    const cluster = nodes.find((n) => n.kind === 'cluster');
    expect(cluster).toMatchObject({
      kind: 'cluster',
      count: 3,
      state: 'recent',
      counts: { active: 1, inactive: 1, recent: 1, fresh: 0 },
      pulseAt: NOW,
    });
    expect(nodes.find((n) => n.kind === 'mic')).toMatchObject({ mic: { id: 'far', state: 'fresh' } });
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(
      index
        .leaves(cluster.id, 10)
        .map((m) => m.id)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
    // Zoomed in far enough, every mic stands alone.
    expect(index.nodes([120, 30, 135, 40], 17).every((n) => n.kind === 'mic')).toBe(true);
  });
});

describe('window parsing', () => {
  it('reads minutes, hours and days and rejects nonsense', () => {
    expect(parseWindowMinutes('15m')).toBe(15);
    expect(parseWindowMinutes('90')).toBe(90);
    expect(parseWindowMinutes('2h')).toBe(120);
    expect(parseWindowMinutes('1d')).toBe(1440);
    expect(parseWindowMinutes('0m')).toBeNull();
    expect(parseWindowMinutes('-5m')).toBeNull();
    expect(parseWindowMinutes('soon')).toBeNull();
    expect(parseWindowMinutes('30d')).toBeNull();
    expect(parseWindowMinutes(null)).toBeNull();
  });
});
