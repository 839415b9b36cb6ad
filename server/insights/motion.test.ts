import { describe, expect, it } from 'vitest';
import { distanceMeters, offsetPlace, type Place } from './geo.js';
import { classifyMotion } from './motion.js';

const origin = { latitude: 37.5, longitude: 127 };
const scale = 1000 / distanceMeters(origin, offsetPlace(origin, 1000, 90));
const places = new Map<string, Place>(
  Object.entries({ a: 0, b: 343, c: 686 }).map(([id, m]) => [id, offsetPlace(origin, m * scale, 90)]),
);
const T = Date.parse('2026-11-25T00:00:00Z');
const at = (micId: string, s: number) => ({ micId, at: T + Math.round(s * 1000) });
const rules = { toleranceS: 1 };

describe('stationary or moving', () => {
  it('calls a sound heard within the travel time stationary, started at the first mic', () => {
    // b is 343 m from a: 1 s of travel plus 1 s of tolerance.
    expect(classifyMotion([at('b', 2), at('a', 0), at('c', 1.5)], places, rules)).toEqual({
      kind: 'stationary',
      origin_mic_id: 'a',
      spread_s: 2,
      speed_mps: null,
    });
  });

  it('calls it moving a moment past travel time and tolerance, with the speed to the last mic', () => {
    const motion = classifyMotion([at('a', 0), at('b', 2.01), at('c', 30)], places, rules);
    expect(motion).toMatchObject({ kind: 'moving', origin_mic_id: 'a', spread_s: 30 });
    expect(motion.speed_mps).toBeCloseTo(686 / 30, 0);
  });

  it('explains a mic that first heard the repeat of a sound standing still', () => {
    const repeated = [at('a', 0), at('a', 6), at('b', 7)];
    expect(classifyMotion(repeated, places, rules).kind).toBe('stationary');
  });

  it('knows nothing from one mic or none, and ignores mics without a place', () => {
    expect(classifyMotion([at('a', 0), at('a', 5), at('ghost', 60)], places, rules)).toEqual({
      kind: 'unknown',
      origin_mic_id: 'a',
      spread_s: 0,
      speed_mps: null,
    });
    expect(classifyMotion([], places, rules).kind).toBe('unknown');
  });
});
