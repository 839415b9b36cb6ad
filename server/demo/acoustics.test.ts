import { describe, expect, it } from 'vitest';
import { CLOCK_SCATTER_MS, type Truth } from './acoustics.js';
import { distanceMeters, offsetPlace } from './geo.js';
import { Soundscape, SPEED_OF_SOUND_MPS, type Detection, type PlacedMic } from './physics.js';
import { Random } from './random.js';

const centre = { latitude: 37.4979, longitude: 127.0276 };
const mics: PlacedMic[] = [0, 72, 144, 216, 288].map((bearing, i) => ({
  id: `mic-${i}`,
  site: 0,
  edgeId: 'edge-seoul-01',
  labels: [],
  ...offsetPlace(centre, 120, bearing),
}));

function incidents(count: number): Detection[][] {
  const world = new Soundscape(mics, { deaf: -1, deafSince: 0, noisy: new Map() });
  const rng = new Random(11);
  return Array.from({ length: count }, (_, n) => world.incident(rng, 1_000_000 + n * 100_000, 0));
}

describe('demo acoustics', () => {
  const all = incidents(400);
  const heard = all.flat();

  it('keeps every incident detection true to its source: arrival after distance / 343 m/s, clocks within a few ms unless off', () => {
    expect(heard.length).toBeGreaterThan(1000);
    for (const d of heard) {
      const truth = d.truth!;
      const travelMs = (distanceMeters(truth, mics[d.mic]!) / SPEED_OF_SOUND_MPS) * 1000;
      const error = d.at - truth.emittedAt - travelMs - truth.clockOffsetMs;
      expect(Math.abs(error)).toBeLessThanOrEqual(CLOCK_SCATTER_MS + 0.5);
    }
  });

  it('gives levels falling 20·log10(distance) from one source level per incident, a little scattered, low behind a wall', () => {
    for (const detections of all) {
      const corrected = detections.map(
        (d) => d.level! + 20 * Math.log10(distanceMeters(d.truth!, mics[d.mic]!)) + d.truth!.shadeDb,
      );
      if (corrected.length < 2) continue;
      const mean = corrected.reduce((s, v) => s + v, 0) / corrected.length;
      for (const v of corrected) expect(Math.abs(v - mean)).toBeLessThan(4.5);
      expect(mean).toBeGreaterThan(120);
    }
  });

  it('now and then puts one clock off by hundreds of ms, or one mic behind a wall, for a whole incident', () => {
    const faulty = (pick: (t: Truth) => number) =>
      all.filter((detections) => detections.some((d) => pick(d.truth!) !== 0)).length / all.length;
    expect(faulty((t) => t.clockOffsetMs)).toBeGreaterThan(0.05);
    expect(faulty((t) => t.clockOffsetMs)).toBeLessThan(0.25);
    expect(faulty((t) => t.shadeDb)).toBeGreaterThan(0.08);
    expect(faulty((t) => t.shadeDb)).toBeLessThan(0.3);
    for (const detections of all) {
      expect(
        new Set(detections.filter((d) => d.truth!.clockOffsetMs !== 0).map((d) => d.mic)).size,
      ).toBeLessThanOrEqual(1);
      for (const d of detections) {
        const offset = Math.abs(d.truth!.clockOffsetMs);
        expect(offset === 0 || (offset >= 150 && offset <= 600)).toBe(true);
        expect(d.truth!.shadeDb === 0 || (d.truth!.shadeDb >= 6 && d.truth!.shadeDb <= 12)).toBe(true);
      }
    }
  });
});
