import type { Candidate, Model } from './consensus.js';
import { ellipse95, inverseNormal } from './least-squares.js';

export interface Spread {
  /** Semi-axes of the 95 % ellipse (m) and the major axis's bearing from north (degrees). */
  major: number;
  minor: number;
  bearingDeg: number;
  /** What the answer states: the major semi-axis, never under the floor. */
  radius: number;
}

export interface SpreadRules {
  /** Expected error of one reading (ms or dB) before any residual is seen. */
  priorSigma: number;
  /** Smallest radius stated (m): mic positions and the model itself are not exact. */
  floorM: number;
}

/** Prior readings' weight against the residuals: with few readings the prior dominates. */
const PRIOR_WEIGHT = 3;

/**
 * The 95 % ellipse of a fit from the Jacobian's covariance (the third parameter marginalised) and
 * the scatter of one reading: the residuals' own variance pooled with the prior, so three exact
 * readings do not claim zero error and a poor fit widens the answer.
 */
export function spreadOf(model: Model, candidate: Candidate, rules: SpreadRules): Spread | null {
  const { J, r } = model.linearise(candidate.fit.p, candidate.inliers);
  const inverse = inverseNormal(J, 3);
  if (inverse === null) return null;
  // A prior on the third parameter (the source level) is one reading more.
  const dof = r.length - 3;
  const ssr = r.reduce((s, v) => s + v * v, 0);
  const variance = (ssr + PRIOR_WEIGHT * rules.priorSigma ** 2) / (dof + PRIOR_WEIGHT);
  const cov = [
    [inverse[0]![0]! * variance, inverse[0]![1]! * variance],
    [inverse[1]![0]! * variance, inverse[1]![1]! * variance],
  ];
  const e = ellipse95(cov);
  if (!Number.isFinite(e.major)) return null;
  return { major: e.major, minor: e.minor, bearingDeg: e.bearingDeg, radius: Math.max(rules.floorM, e.major) };
}
