import { describe, expect, it } from 'vitest';
import { corroborate, neighbourQuery, type HeardEvent, type MicPlace } from './corroboration.js';
import { neighbourIndex } from './areas.js';
import { distanceMeters, offsetPlace } from './geo.js';

const origin = { latitude: 37.4979, longitude: 127.0276 };
const rules = { radiusM: 500, windowMs: 10_000 };

/** The flat offset is off by about a millimetre per metre at this latitude: scale it to the haversine's metres. */
const scale = 1000 / distanceMeters(origin, offsetPlace(origin, 1000, 90));

/** Mics east (positive) or west (negative) of the origin at the given distances. */
function micsAt(meters: Record<string, number>): Map<string, MicPlace> {
  const places = new Map<string, MicPlace>();
  for (const [id, d] of Object.entries(meters)) {
    places.set(id, { id, ...offsetPlace(origin, Math.abs(d) * scale, d < 0 ? 270 : 90) });
  }
  return places;
}

const T = Date.parse('2026-11-22T12:00:00Z');
const ev = (id: string, micId: string, labelId: string, offsetMs: number): HeardEvent => ({
  id,
  micId,
  labelId,
  at: T + offsetMs,
});

describe('corroboration', () => {
  // 499.9 m and 500.1 m away: one just inside the radius, one just outside.
  const places = micsAt({ a: 0, inside: 499.9, outside: 500.1, near: -100 });

  it('places the test mics where the radius edge is', () => {
    expect(distanceMeters(places.get('a')!, places.get('inside')!)).toBeLessThan(500);
    expect(distanceMeters(places.get('a')!, places.get('outside')!)).toBeGreaterThan(500);
  });

  it('counts a neighbour just inside the radius and not one just outside', () => {
    const page = [ev('e1', 'a', 'scream', 0)];
    const around = [ev('x1', 'inside', 'scream', 1_000), ev('x2', 'outside', 'scream', 1_000)];
    expect(corroborate(page, [...page, ...around], places, rules).get('e1')).toEqual(['a', 'inside']);
    // The same with the neighbours found by the grid index beforehand.
    const near = neighbourIndex([...places.values()], rules.radiusM);
    expect(corroborate(page, [...page, ...around], places, rules, near).get('e1')).toEqual(['a', 'inside']);
  });

  it('includes both window edges (±10 s) and nothing a millisecond beyond', () => {
    const page = [ev('e1', 'a', 'scream', 0)];
    const at = (id: string, micId: string, ms: number) => ev(id, micId, 'scream', ms);
    expect(corroborate(page, [at('x', 'near', 10_000)], places, rules).get('e1')).toEqual(['a', 'near']);
    expect(corroborate(page, [at('x', 'near', -10_000)], places, rules).get('e1')).toEqual(['a', 'near']);
    expect(corroborate(page, [at('x', 'near', 10_001)], places, rules).get('e1')).toEqual(['a']);
    expect(corroborate(page, [at('x', 'near', -10_001)], places, rules).get('e1')).toEqual(['a']);
  });

  it('needs the same label, and never counts the own mic twice or a mic twice', () => {
    const page = [ev('e1', 'a', 'scream', 0)];
    const around = [
      ev('x1', 'near', 'siren', 0),
      ev('x2', 'a', 'scream', 2_000),
      ev('x3', 'inside', 'scream', 3_000),
      ev('x4', 'inside', 'scream', 4_000),
    ];
    expect(corroborate(page, around, places, rules).get('e1')).toEqual(['a', 'inside']);
  });

  it('leaves an event of a mic without a place heard by its own mic only', () => {
    const page = [ev('e1', 'ghost', 'scream', 0)];
    expect(corroborate(page, [ev('x', 'a', 'scream', 0)], places, rules).get('e1')).toEqual(['ghost']);
  });

  it('asks for the page mics’ neighbours, its labels and its span widened by the window', () => {
    const page = [ev('e1', 'a', 'scream', 0), ev('e2', 'near', 'siren', 60_000)];
    const query = neighbourQuery(page, places, rules, 50)!;
    expect(query.micIds).toEqual(['a', 'near', 'inside']);
    expect(query.labelIds).toEqual(['scream', 'siren']);
    expect(query.start).toBe(T - 10_000);
    expect(query.end).toBe(T + 70_000);
    expect(query.capped).toBe(false);
    const capped = neighbourQuery(page, places, rules, 2)!;
    expect(capped.micIds).toEqual(['a', 'near']);
    expect(capped.capped).toBe(true);
  });

  it('asks the same with neighbours found beforehand by the grid index', () => {
    const page = [ev('e1', 'a', 'scream', 0), ev('e2', 'near', 'siren', 60_000)];
    const near = neighbourIndex([...places.values()], rules.radiusM);
    expect(neighbourQuery(page, places, rules, 50, near)).toEqual(neighbourQuery(page, places, rules, 50));
    expect(neighbourQuery(page, places, rules, 2, near)).toEqual(neighbourQuery(page, places, rules, 2));
  });
});
