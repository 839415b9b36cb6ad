import { describe, expect, it } from 'vitest';
import type { Point } from './frame.js';
import { orderKept, orderScore, type Stamps } from './ordering.js';
import { SPEED_OF_SOUND_MPS } from './types.js';

/** Three mics on a line 600 m apart, and a fourth off it. */
const mics: Point[] = [
  { x: 0, y: 0 },
  { x: 600, y: 0 },
  { x: 1200, y: 0 },
  { x: 600, y: 500 },
];
const travelMs = (from: Point, to: Point) => (Math.hypot(from.x - to.x, from.y - to.y) / SPEED_OF_SOUND_MPS) * 1000;

/** Whole-second stamps of a sound made at `madeAt` (ms) at `source`, one mic's clock off by `offMs`. */
function stamped(source: Point, madeAt: number, off: { mic: number; ms: number } | null = null): Stamps {
  return {
    times: mics.map((m, i) => Math.floor((madeAt + travelMs(source, m) + (off?.mic === i ? off.ms : 0)) / 1000) * 1000),
    resolutionMs: 1000,
  };
}

describe('what whole-second stamps say of where a sound was', () => {
  const source = { x: 150, y: 100 };
  const madeAt = 1_000_000_400;

  it('keeps the order at the true place and scores it above a place that breaks it', () => {
    const stamps = stamped(source, madeAt);
    // Near the third mic the sound would reach it first, yet the first mic stamped it a second earlier.
    const wrong = { x: 1150, y: 50 };
    expect(orderKept(stamps, mics, source)).toBe(true);
    expect(orderKept(stamps, mics, wrong)).toBe(false);
    expect(orderScore(stamps, mics, source)).toBeGreaterThan(orderScore(stamps, mics, wrong) + 2);
  });

  it('prefers, among places that keep the order, those where more moments fit every stamp', () => {
    // Two mics 600 m apart stamp a sound made between them in the same second.
    const pair = mics.slice(0, 2);
    const stamps = { times: [5_000_000, 5_000_000], resolutionMs: 1000 };
    const between = { x: 300, y: 0 };
    const nearer = { x: 250, y: 0 };
    const tooNear = { x: 100, y: 0 };
    expect(orderKept(stamps, pair, between)).toBe(true);
    expect(orderKept(stamps, pair, nearer)).toBe(true);
    // 400 m nearer one mic than the other: 1.17 s apart, not one second.
    expect(orderKept(stamps, pair, tooNear)).toBe(false);
    expect(orderScore(stamps, pair, between)).toBeGreaterThan(orderScore(stamps, pair, nearer));
    expect(orderScore(stamps, pair, nearer)).toBeGreaterThan(orderScore(stamps, pair, tooNear));
  });

  it('with one clock hundreds of ms off, the true place still scores above a place no three of the stamps fit', () => {
    const stamps = stamped(source, madeAt, { mic: 2, ms: 600 });
    const truth = orderScore(stamps, mics, source);
    expect(orderKept(stamps, mics, source)).toBe(false);
    const broken = orderScore(stamps, mics, { x: 1150, y: 50 });
    expect(truth).toBeGreaterThan(broken + 0.5);
  });

  it('says nothing without stamps, or with one mic', () => {
    expect(orderScore(null, mics, source)).toBe(0);
    expect(orderScore({ times: [0], resolutionMs: 1000 }, mics.slice(0, 1), source)).toBe(0);
    expect(orderKept(null, mics, source)).toBe(true);
  });
});
