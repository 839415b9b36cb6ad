import { describe, expect, it } from 'vitest';
import type { Point } from './frame.js';
import { levelPosterior, type Hearing } from './level-posterior.js';

const REACH = 1250;
const FALLOFF = 300;

/** Noiseless levels at `points` of a sound of `sourceDb` made at `source`. */
function hearing(source: Point, points: readonly Point[], sourceDb = 130): Hearing {
  return {
    points,
    levels: points.map((p) => sourceDb - 20 * Math.log10(Math.hypot(source.x - p.x, source.y - p.y))),
    order: null,
  };
}

describe('the levels posterior', () => {
  // Mics in a line hear a sound 60 m off the line exactly as they would its mirror image.
  const line = [-150, -50, 50, 150].map((x) => ({ x, y: 0 }));
  const posterior = levelPosterior([hearing({ x: 0, y: 60 }, line)], REACH, FALLOFF)!;

  it('holds both mirror images, and its likeliest point is one of them', () => {
    expect(Math.abs(posterior.best.y)).toBeGreaterThan(50);
    expect(posterior.massWithin({ x: 0, y: 60 }, 25)).toBeGreaterThan(0.3);
    expect(posterior.massWithin({ x: 0, y: -60 }, 25)).toBeGreaterThan(0.3);
  });

  it('puts the place most likely within reach of both images between them', () => {
    const hedged = posterior.mostWithin(90);
    expect(Math.abs(hedged.at.y)).toBeLessThan(20);
    expect(hedged.mass).toBeGreaterThan(posterior.massWithin(posterior.best, 90) + 0.2);
  });

  it('keeps to the likeliest image when the reach asked for cannot span both', () => {
    const hedged = posterior.mostWithin(20);
    expect(Math.abs(hedged.at.y)).toBeGreaterThan(40);
  });

  it('counts the whole posterior within a distance past every cell, and none within nothing of a gap', () => {
    expect(posterior.massWithin(posterior.best, 10_000)).toBeCloseTo(1, 9);
    expect(posterior.massWithin({ x: 5_000, y: 5_000 }, 100)).toBe(0);
    // Growing the disk never loses mass.
    let last = 0;
    for (let r = 0; r <= 300; r += 10) {
      const mass = posterior.massWithin({ x: 30, y: 10 }, r);
      expect(mass).toBeGreaterThanOrEqual(last);
      last = mass;
    }
  });

  it('with the mics around the sound, gives one place near the truth', () => {
    const square = [
      { x: -150, y: -150 },
      { x: 150, y: -150 },
      { x: 150, y: 150 },
      { x: -150, y: 150 },
    ];
    const around = levelPosterior([hearing({ x: 40, y: -30 }, square)], REACH, FALLOFF)!;
    const hedged = around.mostWithin(40);
    expect(Math.hypot(hedged.at.x - 40, hedged.at.y + 30)).toBeLessThan(15);
    expect(hedged.mass).toBeGreaterThan(0.5);
  });
});
