import { describe, expect, it } from 'vitest';
import { buildClusterIndex } from './mic-cluster-index';
import { lastHeardByMic, markerState, recency, worstState, type MarkerMic } from './mic-marker-state';
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
