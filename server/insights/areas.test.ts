import { describe, expect, it } from 'vitest';
import { clusterAreas, neighbourIndex, neighbourIndexInSlices } from './areas.js';
import { neighboursOf } from './corroboration.js';
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

  it('finds every neighbour the exhaustive search finds, wherever the mics stand', () => {
    // Mics strewn over 3 km around Seoul, Busan and Incheon: pairs straddle cell rows and columns.
    const places = [origin, { latitude: 35.1, longitude: 129.04 }, { latitude: 37.45, longitude: 126.45 }].flatMap(
      (centre, c) =>
        Array.from({ length: 60 }, (_, i) => ({
          id: `m${c}-${i}`,
          name: `Mic ${c}-${i}`,
          ...offsetPlace(centre, ((i * 7919) % 3000) + (i % 7) * 13.7, (i * 137.508) % 360),
        })),
    );
    const byId = new Map(places.map((p) => [p.id, p]));
    const near = neighbourIndex(places, 500);
    for (const p of places) expect(near.get(p.id), p.id).toEqual(neighboursOf(p.id, byId, 500).sort());
    // The demo's own pair (mic-0020 and mic-0036, 445 m apart) that the index used to miss.
    const pair = neighbourIndex(
      [
        { id: 'mic-0020', latitude: 37.561262, longitude: 126.986134 },
        { id: 'mic-0036', latitude: 37.564399, longitude: 126.982994 },
      ],
      500,
    );
    expect(pair.get('mic-0020')).toEqual(['mic-0036']);
  });

  it('finds the same neighbours in slices, giving the event loop turns as it goes', async () => {
    // 2,000 mics over 2 km: a few hundred neighbours each, found 500 mics at a time.
    const places = Array.from({ length: 2000 }, (_, i) => ({
      id: `m-${i}`,
      ...offsetPlace(origin, (i * 7919) % 2000, (i * 137.508) % 360),
    }));
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    const got = await neighbourIndexInSlices(places, 500, 500);
    clearInterval(counting);
    expect(got).toEqual(neighbourIndex(places, 500));
    // Timers ran while it searched: with one task for all of it, none could have.
    expect(turns).toBeGreaterThan(0);
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
