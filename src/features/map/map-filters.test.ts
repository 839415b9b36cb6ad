import { describe, expect, it } from 'vitest';
import { micFixture } from '@/testing/fixtures';
import { heardMarkerMics, mapSearch, placeMarkerMics, type MapFilters } from './map-filters';

const change = (params: URLSearchParams, patch: Partial<MapFilters>) =>
  mapSearch.write({ ...mapSearch.read(params), ...patch }, params);

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('map filters in the URL', () => {
  it('reads edge, status, label and window', () => {
    const filters = mapSearch.read(new URLSearchParams('edge_id=edge-busan-01&status=heard&label=scream&window=1h'));
    expect(filters).toEqual({ edgeId: 'edge-busan-01', status: 'heard', label: 'scream', windowMinutes: 60 });
  });

  it('ignores unreadable values instead of hiding every mic', () => {
    const filters = mapSearch.read(new URLSearchParams('status=broken&window=soon&edge_id=%20'));
    expect(filters).toEqual({ edgeId: null, status: null, label: null, windowMinutes: 15 });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = change(new URLSearchParams('foo=1&status=active'), {
      status: null,
      windowMinutes: 360,
      edgeId: 'edge-seoul-01',
    });
    expect(params.toString()).toBe('edge_id=edge-seoul-01&window=6h&foo=1');
    expect(change(params, { windowMinutes: 15 }).get('window')).toBeNull();
  });
});

const filterMarkerMics = (
  mics: Parameters<typeof placeMarkerMics>[0],
  filters: MapFilters,
  heard: ReadonlyMap<string, number>,
  now: number,
) => heardMarkerMics(placeMarkerMics(mics, filters), filters, heard, now).drawn.markers;

describe('the mics drawn', () => {
  const mics = [
    micFixture({ id: 'a', edge_id: 'edge-seoul-01', status: 'active' }),
    micFixture({ id: 'b', edge_id: 'edge-seoul-01', status: 'inactive' }),
    micFixture({ id: 'c', edge_id: 'edge-busan-01', status: 'active' }),
    micFixture({
      id: 'd',
      edge_id: 'edge-busan-01',
      status: 'active',
      location: { latitude: Number.NaN, longitude: 129 },
    }),
  ];
  const heard = new Map([['c', NOW - 60_000]]);
  const base = { edgeId: null, status: null, label: null, windowMinutes: 15 } as const;

  it('filters by edge server and status', () => {
    expect(filterMarkerMics(mics, { ...base, edgeId: 'edge-seoul-01' }, heard, NOW).map((m) => m.id)).toEqual([
      'a',
      'b',
    ]);
    expect(filterMarkerMics(mics, { ...base, status: 'inactive' }, heard, NOW).map((m) => m.id)).toEqual(['b']);
  });

  it('keeps only recently heard mics for the "heard" status, with their state', () => {
    const markers = filterMarkerMics(mics, { ...base, status: 'heard' }, heard, NOW);
    expect(markers).toEqual([expect.objectContaining({ id: 'c', state: 'fresh' })]);
  });

  it('leaves out mics without a usable position', () => {
    expect(filterMarkerMics(mics, base, heard, NOW).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('counts the heard mics the filters let through, and only while the window holds them', () => {
    const count = (filters: MapFilters, now: number) =>
      heardMarkerMics(placeMarkerMics(mics, filters), filters, heard, now).heardCount;
    expect(count(base, NOW)).toBe(1);
    expect(count({ ...base, edgeId: 'edge-seoul-01' }, NOW)).toBe(0);
    // An hour later the window (15 minutes) no longer holds c's event.
    expect(count(base, NOW + 3_600_000)).toBe(0);
  });
});
