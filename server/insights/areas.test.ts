import { describe, expect, it } from 'vitest';
import { clusterAreas, neighbourIndex } from './areas.js';
import { distanceMeters, offsetPlace } from './geo.js';

const origin = { latitude: 37.5, longitude: 127 };
const scale = 1000 / distanceMeters(origin, offsetPlace(origin, 1000, 90));
const at = (id: string, eastM: number, northM = 0) => {
  const east = offsetPlace(origin, Math.abs(eastM) * scale, eastM < 0 ? 270 : 90);
  return { id, name: `Mic ${id}`, ...offsetPlace(east, Math.abs(northM) * scale, northM < 0 ? 180 : 0) };
};

describe('areas', () => {
  it('finds neighbours inside the radius and not just outside it, across grid cells', () => {
    const near = neighbourIndex([at('a', 0), at('in', 499.9), at('out', 500.1), at('up', 0, 300)], 500);
    expect(near.get('a')).toEqual(['in', 'up']);
    expect(near.get('out')).toEqual(['in']);
  });

  it('grows areas around the best-connected mic and never chains a line of mics into one', () => {
    // A line every 400 m: 'b' and 'c' have two neighbours each; 'b' (smaller id) leads first.
    const areas = clusterAreas([at('a', 0), at('b', 400), at('c', 800), at('d', 1200), at('e', 5000)], 500);
    expect(areas.map((a) => [a.area_id, a.mic_ids])).toEqual([
      ['area-b', ['a', 'b', 'c']],
      ['area-d', ['d']],
      ['area-e', ['e']],
    ]);
    expect(areas[0]!.name).toBe('Mic b');
    expect(areas[0]!.lng).toBeCloseTo(at('b', 400).longitude, 6);
  });
});
