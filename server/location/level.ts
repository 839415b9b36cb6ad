import { clearlyBest, consensus, type Candidate, type Model } from './consensus.js';
import type { Point } from './frame.js';
import type { Why } from './types.js';

/** 20 / ln 10: the slope of 20·log10(d) per unit of ln d. */
const DB_PER_NEPER = 20 / Math.LN10;
/** Expected scatter of one level reading around the fall-off (dB): directivity, ground, the mic itself. */
export const LEVEL_SIGMA_DB = 1.5;
/** A reading this far (dB) from the fall-off is a mic that is shaded (behind a wall) or otherwise odd. */
const LEVEL_TOLERANCE_DB = 4;
/** Loudest plausible source, dB at 1 m (a large explosion); quieter than this is no event. */
const SOURCE_DB = { min: 60, max: 200 };

/** Distance with a metre's floor: the fall-off law holds from about a metre out. */
const spread = (x: number, y: number, p: Point) => Math.sqrt((x - p.x) ** 2 + (y - p.y) ** 2 + 1);

export function levelModel(points: readonly Point[], levels: readonly number[], reach: number): Model {
  return {
    points,
    tolerance: LEVEL_TOLERANCE_DB,
    reach,
    linearise([x, y, s], indexes) {
      const r: number[] = [];
      const J: number[][] = [];
      for (const i of indexes) {
        const p = points[i]!;
        const d = spread(x!, y!, p);
        r.push(levels[i]! - s! + 20 * Math.log10(d));
        J.push([(DB_PER_NEPER * (x! - p.x)) / (d * d), (DB_PER_NEPER * (y! - p.y)) / (d * d), -1]);
      }
      return { r, J };
    },
    third(at, indexes) {
      return (
        indexes.reduce((sum, i) => sum + levels[i]! + 20 * Math.log10(spread(at.x, at.y, points[i]!)), 0) /
        indexes.length
      );
    },
  };
}

/**
 * How badly the levels disagree with a source at `at` (chi-square with the source level fitted,
 * the worst reading left out when there are five or more, as a shaded mic may be among them;
 * four have too little to spare); null with fewer than three levels.
 */
export function levelBadness(at: Point, points: readonly Point[], levels: readonly (number | null)[]): number | null {
  const corrected = points.flatMap((p, i) => {
    const level = levels[i];
    return level == null ? [] : [level + 20 * Math.log10(spread(at.x, at.y, p))];
  });
  if (corrected.length < 3) return null;
  const chi = (values: number[]) => {
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    return values.reduce((s, v) => s + (v - mean) ** 2, 0) / LEVEL_SIGMA_DB ** 2;
  };
  if (corrected.length < 5) return chi(corrected);
  return Math.min(...corrected.map((_, k) => chi(corrected.filter((__, i) => i !== k))));
}

export type LevelResult = { ok: true; candidate: Candidate; sourceDb: number } | { ok: false; why: Why };

/**
 * The place and source level that explain the levels falling 20·log10(distance) from it (RANSAC
 * over minimal subsets, as the arrival times). A shaded mic reads several dB low and is left out
 * when the others agree without it. Three readings fit exactly and cannot be checked.
 */
export function fitLevel(points: readonly Point[], levels: readonly number[], reachM: number): LevelResult {
  const candidates = consensus(levelModel(points, levels, reachM));
  if (candidates.length === 0) {
    return { ok: false, why: { code: 'levels-disagree', text: 'no place explains the levels' } };
  }
  // Mics behind walls read low, never high: of fits that tie, prefer the one whose outliers read low.
  const readsLow = (c: Candidate) => c.residuals.every((r, i) => c.inliers.includes(i) || r < 0);
  const candidate =
    clearlyBest(candidates, LEVEL_SIGMA_DB) ??
    (candidates.filter(readsLow).length === 1 ? candidates.find(readsLow)! : null);
  if (candidate === null) {
    return {
      ok: false,
      why: { code: 'levels-ambiguous', text: `the levels of ${points.length} mics fit more than one place` },
    };
  }
  const sourceDb = candidate.fit.p[2]!;
  if (!(sourceDb >= SOURCE_DB.min && sourceDb <= SOURCE_DB.max)) {
    return {
      ok: false,
      why: {
        code: 'implausible-source',
        text: `the levels imply a source of ${Math.round(sourceDb)} dB at 1 m, which is not plausible for a detected sound`,
      },
    };
  }
  return { ok: true, candidate, sourceDb };
}
