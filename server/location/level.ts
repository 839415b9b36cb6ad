import type { Candidate, Model } from './consensus.js';
import { distance, type Point } from './frame.js';
import { levenbergMarquardt } from './least-squares.js';
import { LEVEL_SIGMA_DB, levelFitAt, looksShaded } from './level-likelihood.js';
import { levelPosterior, type Hearing } from './level-posterior.js';
import type { SourcePrior } from './source-levels.js';
import { orderKept } from './ordering.js';
import type { Why } from './types.js';

/** 20 / ln 10: the slope of 20·log10(d) per unit of ln d. */
const DB_PER_NEPER = 20 / Math.LN10;
/** Loudest plausible source, dB at 1 m (a large explosion); quieter than this is no event. */
const SOURCE_DB = { min: 60, max: 200 };

/**
 * The place given is the one most likely to lie within this of the sound (someone sent there finds
 * it within a short walk), not the single likeliest point: with a near and a far place about equally
 * likely, a point between them is closer to the truth either way. 40 m of 30-100 m tried on the demo's
 * week (bench/RESULTS.md section 9): p90 errors fall most while medians stay within 25 m.
 */
export const SEND_WITHIN_M = 40;

/** Distance with a metre's floor: the fall-off law holds from about a metre out. */
const spread = (x: number, y: number, p: Point) => Math.sqrt((x - p.x) ** 2 + (y - p.y) ** 2 + 1);

/**
 * Levels falling 20·log10(distance) from a source of unknown level: p = [x, y, source dB at 1 m].
 * The category's prior on the source level, when there is one, is one more reading (of the level itself).
 */
export function levelModel(
  points: readonly Point[],
  levels: readonly number[],
  prior: SourcePrior | null = null,
): Model {
  return {
    points,
    tolerance: Infinity,
    reach: Infinity,
    linearise([x, y, s], indexes) {
      const r: number[] = [];
      const J: number[][] = [];
      for (const i of indexes) {
        const p = points[i]!;
        const d = spread(x!, y!, p);
        r.push(levels[i]! - s! + 20 * Math.log10(d));
        J.push([(DB_PER_NEPER * (x! - p.x)) / (d * d), (DB_PER_NEPER * (y! - p.y)) / (d * d), -1]);
      }
      if (prior !== null) {
        // Weighted as a reading: its scatter is the prior's, a reading's is LEVEL_SIGMA_DB.
        const w = LEVEL_SIGMA_DB / prior.sigmaDb;
        r.push(w * (prior.db - s!));
        J.push([0, 0, -w]);
      }
      return { r, J };
    },
    third(at, indexes) {
      const sum = indexes.reduce((s, i) => s + levels[i]! + 20 * Math.log10(spread(at.x, at.y, points[i]!)), 0);
      return sum / indexes.length;
    },
  };
}

export type LevelResult =
  | {
      ok: true;
      candidate: Candidate;
      sourceDb: number;
      radius95: number;
      covariance: number[][];
      /** How many repeats (this sound included) the place was fitted on. */
      repeats: number;
      /** The place given lies between places the levels allow, not at the one that fits best. */
      between: boolean;
    }
  | { ok: false; why: Why };

/**
 * The place and source level that explain the levels falling 20·log10(distance): the most
 * probable place of the levels' posterior (which allows for a mic reading low behind a wall),
 * polished by least squares on the mics that do not look shaded. The radius is the posterior's
 * own, so a second place that fits about as well (the levels of three or four mics often allow
 * a near and a far one) widens it rather than being ignored. `repeats` are other sounds from
 * the same place (more shots), fitted with it.
 */
export function fitLevel(
  hearing: Hearing,
  reachM: number,
  falloffM: number,
  repeats: readonly Hearing[] = [],
  prior: SourcePrior | null = null,
): LevelResult {
  const { points, levels } = hearing;
  const shared = repeats.length > 0 ? levelPosterior([hearing, ...repeats], reachM, falloffM, prior) : null;
  const posterior = shared !== null && !shared.split ? shared : levelPosterior([hearing], reachM, falloffM, prior);
  const fused = posterior === shared;
  if (posterior === null) {
    return {
      ok: false,
      why: { code: 'levels-disagree', text: 'no place within hearing of every mic explains the levels' },
    };
  }
  const first = levelFitAt(posterior.best, points, levels, prior);
  const inliers = points.map((_, i) => i).filter((i) => !looksShaded(first.residuals[i]!));
  const model = levelModel(points, levels, prior);
  let at = posterior.best;
  // Least squares sees neither the other repeats nor the timestamps' order: it may not undo them.
  if (inliers.length >= 3 && !fused) {
    const fit = levenbergMarquardt((p) => model.linearise(p, inliers), [at.x, at.y, first.sourceDb]);
    const polished = { x: fit.p[0]!, y: fit.p[1]! };
    // The grid's best cell is within a cell of the optimum; a polish that wanders off found another one.
    const keepsOrder = orderKept(hearing.order, points, polished) || !orderKept(hearing.order, points, at);
    if (keepsOrder && distance(polished, at) <= posterior.radius95(at)) at = polished;
  }
  // Levels often allow a near and a far place: the place most likely within reach of both serves better.
  // A lopsided but single place moves it a few metres too; the fitted point is the exact one there.
  const hedged = posterior.mostWithin(SEND_WITHIN_M);
  const gains = hedged.mass > posterior.massWithin(at, SEND_WITHIN_M);
  const between = gains && distance(hedged.at, at) > SEND_WITHIN_M / 4;
  if (between) at = hedged.at;
  const final = levelFitAt(at, points, levels, prior);
  const kept = points.map((_, i) => i).filter((i) => !looksShaded(final.residuals[i]!));
  const used = kept.length >= 3 ? kept : points.map((_, i) => i);
  const sourceDb = final.sourceDb;
  if (!(sourceDb >= SOURCE_DB.min && sourceDb <= SOURCE_DB.max)) {
    return {
      ok: false,
      why: {
        code: 'implausible-source',
        text: `the levels imply a source of ${Math.round(sourceDb)} dB at 1 m, which is not plausible for a detected sound`,
      },
    };
  }
  const all = points.map((_, i) => i);
  const linear = model.linearise([at.x, at.y, sourceDb], all);
  return {
    ok: true,
    candidate: {
      fit: { p: [at.x, at.y, sourceDb], cost: 0, r: linear.r, J: linear.J },
      inliers: used,
      residuals: linear.r,
    },
    sourceDb,
    radius95: posterior.radius95(at),
    covariance: posterior.covariance,
    repeats: fused ? repeats.length + 1 : 1,
    between,
  };
}
