import { fitsFromStarts, type Candidate, type Model } from './consensus.js';
import { distance, type Point } from './frame.js';
import { levenbergMarquardt } from './least-squares.js';
import { levelFitAt } from './level-likelihood.js';
import type { SourcePrior } from './source-levels.js';

/**
 * Log-likelihood a reading's time loses when its clock is taken to be off: a fault shared by one
 * mic in several incidents, spread over a second, against a 3 ms normal scatter (about e⁻⁸).
 */
const CLOCK_FAULT_PENALTY = 8;
/** Two hypotheses closer than this (m) are one place. */
const SAME_PLACE_M = 1;

export interface JointChoice {
  candidate: Candidate;
  /** Log-likelihood of the best place with each reading's clock doubted (its index), or none (-1). */
  doubted: Map<number, number>;
  /** Other places the joint likelihood still gives 5 % of its belief: the radius must reach them. */
  alternatives: Point[];
}

/** Robust log-likelihood of the times: each reading normal around the fit, or its clock off at a fixed cost. */
function timeScore(residuals: readonly number[], sigmaMs: number) {
  let score = 0;
  const inliers: number[] = [];
  residuals.forEach((r, i) => {
    const normal = -0.5 * (r / sigmaMs) ** 2;
    if (normal > -CLOCK_FAULT_PENALTY) inliers.push(i);
    score += Math.max(normal, -CLOCK_FAULT_PENALTY);
  });
  return { score, inliers };
}

/**
 * One fit of times and levels together, for the few-mic case where the times alone are exactly
 * determined once a clock is doubted (four mics: three differences for three unknowns). Every
 * place the times allow, with all the mics or with any one of them left out, is scored by the
 * times (each clock either normal or off, at a cost) plus the levels (each normal or shaded, the
 * source level fitted): the levels pick the bad clock, the times place the sound. Null when no
 * place keeps three clocks.
 */
export function jointFit(
  model: Model,
  times: readonly number[],
  levels: readonly (number | null)[],
  sigmaMs: number,
  prior: SourcePrior | null = null,
  /** What other repeats of the sound say of each reading's clock being off (-1: none), log-likelihood. */
  clockEvidence: (doubted: number) => number = () => 0,
): JointChoice | null {
  const n = times.length;
  const all = Array.from({ length: n }, (_, i) => i);
  const having = all.filter((i) => levels[i] != null);
  const levelScore = (at: Point) =>
    having.length < 3
      ? 0
      : levelFitAt(
          at,
          having.map((i) => model.points[i]!),
          having.map((i) => levels[i]!),
          prior,
        ).logLikelihood;
  const subsets = [all, ...all.map((out) => all.filter((i) => i !== out))];
  const scored: { candidate: Candidate; score: number }[] = [];
  const doubted = new Map<number, number>();
  for (const subset of subsets) {
    for (const fit of fitsFromStarts(model, subset, Infinity)) {
      const residuals = model.linearise(fit.p, all).r;
      const time = timeScore(residuals, sigmaMs);
      if (time.inliers.length < 3) continue;
      // The fit on the readings it keeps: a start on the wrong side may have leant on the bad one.
      const refit = levenbergMarquardt((p) => model.linearise(p, time.inliers), fit.p);
      const at = { x: refit.p[0]!, y: refit.p[1]! };
      if (time.inliers.some((i) => distance(at, model.points[i]!) > model.reach)) continue;
      const final = model.linearise(refit.p, all).r;
      const kept = timeScore(final, sigmaMs);
      if (kept.inliers.length < 3) continue;
      const candidate = { fit: refit, inliers: kept.inliers, residuals: final };
      const out = kept.inliers.length === n ? -1 : all.find((i) => !kept.inliers.includes(i))!;
      const score = kept.score + levelScore(at) + clockEvidence(out);
      doubted.set(out, Math.max(doubted.get(out) ?? -Infinity, score));
      const twin = scored.findIndex(
        (s) => distance(at, { x: s.candidate.fit.p[0]!, y: s.candidate.fit.p[1]! }) < SAME_PLACE_M,
      );
      if (twin < 0) scored.push({ candidate, score });
      else if (score > scored[twin]!.score) scored[twin] = { candidate, score };
    }
  }
  if (scored.length === 0) return null;
  scored.sort((a, b) => b.score - a.score);
  const top = scored[0]!.score;
  const weights = scored.map((s) => Math.exp(s.score - top));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const alternatives: Point[] = [];
  let held = weights[0]! / total;
  for (let k = 1; k < scored.length && held < 0.95; k++) {
    held += weights[k]! / total;
    alternatives.push({ x: scored[k]!.candidate.fit.p[0]!, y: scored[k]!.candidate.fit.p[1]! });
  }
  return { candidate: scored[0]!.candidate, alternatives, doubted };
}
