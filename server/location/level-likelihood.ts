import type { Point } from './frame.js';
import type { SourcePrior } from './source-levels.js';

/** Expected scatter of one level around the 20·log10(distance) fall-off, dB. */
export const LEVEL_SIGMA_DB = 1;
/** Chance that any one mic reads low for a reason of its own (a wall, a bus between): the shade model. */
const SHADE_CHANCE = 0.15;
/** How low a shaded mic may read, dB below the fall-off. */
const SHADE_DB = { least: 3, most: 20 };

const LOG_NORMAL = Math.log(LEVEL_SIGMA_DB * Math.sqrt(2 * Math.PI));
const LOG_SHADED = -Math.log(SHADE_DB.most - SHADE_DB.least);
const W = 1 / LEVEL_SIGMA_DB ** 2;

/** A level read `at` metres from the source, brought back to 1 m: the source level it implies. */
export const corrected = (level: number, at: Point, p: Point) =>
  level + 10 * Math.log10((at.x - p.x) ** 2 + (at.y - p.y) ** 2 + 1);

/** Whether a reading `r` dB off the fall-off is more likely a shaded mic than scatter. */
export function looksShaded(r: number): boolean {
  const normal = (1 - SHADE_CHANCE) * Math.exp(-0.5 * (r / LEVEL_SIGMA_DB) ** 2 - LOG_NORMAL);
  return r <= -SHADE_DB.least && r >= -SHADE_DB.most && SHADE_CHANCE * Math.exp(LOG_SHADED) > normal;
}

/**
 * The likelihood of a sound's levels, brought back to 1 m from a trial place, readings of one or
 * more repeats of the sound by some mics: one source level for all of them (one source), fitted
 * between the readings and the category's prior when there is one; each reading normal about it,
 * except that at most one mic may stand behind a wall, reading low by 3–20 dB for every repeat it
 * heard. Which mic (or none) is summed over, so a shaded mic neither drags the fit nor is assumed.
 * Allocation-free: the grid asks it tens of thousands of times per estimate.
 */
export class LevelLikelihood {
  private readonly sum: Float64Array;
  private readonly squares: Float64Array;
  private readonly count: Int32Array;
  private readonly byMic: number[][];
  /** Fewest mics that must read normally under a hypothesis: a fit needs more readings than unknowns. */
  private readonly fewest: number;
  /** Of the last scored place: the source level and the mic taken as shaded (-1: none) of the likeliest hypothesis. */
  sourceDb = 0;
  shaded = -1;

  constructor(
    private readonly micOf: readonly number[],
    private readonly mics: number,
    private readonly prior: SourcePrior | null,
  ) {
    this.sum = new Float64Array(mics);
    this.squares = new Float64Array(mics);
    this.count = new Int32Array(mics);
    this.byMic = Array.from({ length: mics }, () => []);
    micOf.forEach((m, i) => {
      this.byMic[m]!.push(i);
      this.count[m]!++;
    });
    this.fewest = prior === null ? 3 : 2;
  }

  /** Log-likelihood of the corrected levels `c` (one per reading, in the constructor's order). */
  score(c: ArrayLike<number>): number {
    const { sum, squares, count, mics, prior } = this;
    sum.fill(0);
    squares.fill(0);
    let total = 0;
    let totalSq = 0;
    for (let i = 0; i < c.length; i++) {
      const m = this.micOf[i]!;
      sum[m]! += c[i]!;
      squares[m]! += c[i]! ** 2;
      total += c[i]!;
      totalSq += c[i]! ** 2;
    }
    const wp = prior === null ? 0 : 1 / prior.sigmaDb ** 2;
    const mu = prior === null ? 0 : prior.db;
    const priorNorm = prior === null ? 0 : Math.log(prior.sigmaDb * Math.sqrt(2 * Math.PI));
    let best = -Infinity;
    let acc = 0;
    for (let h = -1; h < mics; h++) {
      if (h >= 0 && mics - 1 < this.fewest) break;
      const n = c.length - (h >= 0 ? count[h]! : 0);
      const s1 = total - (h >= 0 ? sum[h]! : 0);
      const s2 = totalSq - (h >= 0 ? squares[h]! : 0);
      const s = (s1 * W + mu * wp) / (n * W + wp);
      let log = -0.5 * W * (s2 - 2 * s * s1 + n * s * s) - n * LOG_NORMAL;
      if (prior !== null) log += -0.5 * wp * (s - mu) ** 2 - priorNorm;
      if (h < 0) log += mics * Math.log(1 - SHADE_CHANCE);
      else {
        log += (mics - 1) * Math.log(1 - SHADE_CHANCE) + Math.log(SHADE_CHANCE);
        for (const i of this.byMic[h]!) {
          const r = c[i]! - s;
          log += r <= -SHADE_DB.least && r >= -SHADE_DB.most ? LOG_SHADED : -690;
        }
      }
      // Log-sum-exp, kept running: the hypotheses' total and the likeliest one.
      if (log > best) {
        acc = acc * Math.exp(best - log) + 1;
        best = log;
        this.sourceDb = s;
        this.shaded = h;
      } else acc += Math.exp(log - best);
    }
    return best + Math.log(acc);
  }
}

export interface LevelFit {
  /** Log-likelihood of the readings with the source at `at`. */
  logLikelihood: number;
  sourceDb: number;
  /** Each reading's dB off the fall-off. */
  residuals: number[];
}

/** The readings' fit with the source at `at` (one reading per mic). */
export function levelFitAt(
  at: Point,
  points: readonly Point[],
  levels: readonly number[],
  prior: SourcePrior | null = null,
): LevelFit {
  const c = points.map((p, i) => corrected(levels[i]!, at, p));
  const likelihood = new LevelLikelihood(
    points.map((_, i) => i),
    points.length,
    prior,
  );
  const logLikelihood = likelihood.score(c);
  return { logLikelihood, sourceDb: likelihood.sourceDb, residuals: c.map((v) => v - likelihood.sourceDb) };
}
