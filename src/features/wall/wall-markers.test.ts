import { describe, expect, it } from 'vitest';
import { toMarkerMics } from '@/components/map/mic-marker-state';
import { heardMarkers, idleMarkers } from './wall-markers';

const mics = [
  { id: 'a', name: 'A', status: 'active', location: { latitude: 37.5, longitude: 127 } },
  { id: 'b', name: 'B', status: 'inactive', location: { latitude: 37.6, longitude: 127.1 } },
  { id: 'c', name: 'C', status: 'active', location: { latitude: Number.NaN, longitude: 127.2 } },
  { id: 'd', name: 'D', status: 'maintenance', location: { latitude: 37.7, longitude: 127.3 } },
];
const WINDOW = 15 * 60_000;
const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('heardMarkers', () => {
  it('draws every mic as the full classification does, heard or not', () => {
    const lastHeard = new Map([
      ['b', NOW - 30_000],
      ['d', NOW - 10 * 60_000],
      ['a', NOW - 20 * 60_000],
      ['c', NOW],
      ['gone', NOW],
    ]);
    expect(heardMarkers(idleMarkers(mics, WINDOW), lastHeard, NOW, WINDOW)).toEqual(
      toMarkerMics(mics, lastHeard, NOW, WINDOW),
    );
  });

  it('hands back the idle markers themselves while no mic is heard', () => {
    const idle = idleMarkers(mics, WINDOW);
    expect(heardMarkers(idle, new Map([['a', NOW - WINDOW - 1]]), NOW, WINDOW)).toBe(idle.markers);
  });

  it('keeps the unheard mics as the same objects', () => {
    const idle = idleMarkers(mics, WINDOW);
    const markers = heardMarkers(idle, new Map([['b', NOW]]), NOW, WINDOW);
    expect(markers[0]).toBe(idle.markers[0]);
    expect(markers[1]).toMatchObject({ id: 'b', state: 'fresh' });
  });
});
