import { clearlyBest, consensus, type Candidate, type Model } from './consensus.js';
import type { Point } from './frame.js';
import { jointFit } from './joint-fit.js';
import { levelFitAt } from './level-likelihood.js';
import type { SourcePrior } from './source-levels.js';
import { SPEED_OF_SOUND_MPS, type Why } from './types.js';

/** Metres sound travels in a millisecond. */
const C = SPEED_OF_SOUND_MPS / 1000;
/** A reading this far (ms) from the fit is a clock that disagrees, however fine the timestamps. */
const MIN_TOLERANCE_MS = 20;
/** From five mics on, the search for outliers among the times alone names the bad clock. */
const JOINT_MICS = 4;

export interface TimedReadings {
  points: readonly Point[];
  /** Arrival times in ms, relative to any common instant. */
  times: readonly number[];
  /** Levels (dB) where plausible, to choose between fits the times alone cannot. */
  levels: readonly (number | null)[];
  /** Expected timing error of one reading (clock and timestamp resolution), ms. */
  sigmaMs: number;
  /** Farthest a mic hears, m. */
  reachM: number;
  /** What the category says of the source level, for the levels' say. */
  prior?: SourcePrior | null;
  /** Which mic took each reading: a clock off is off for every repeat of the sound. */
  micIds?: readonly string[];
  /** Other repeats of the sound that the same mics heard (more shots, a siren's next blast). */
  repeats?: readonly TimedReadings[];
}

export type ArrivalResult =
  | {
      ok: true;
      candidate: Candidate;
      /** The levels chose between fits that the times alone could not tell apart. */
      byLevels: boolean;
      /** Places the times allow that the levels could not rule out: the radius must reach them. */
      alternatives: Point[];
    }
  | { ok: false; why: Why };

export function arrivalModel(
  points: readonly Point[],
  times: readonly number[],
  tolerance: number,
  reach: number,
): Model {
  return {
    points,
    tolerance,
    reach,
    linearise([x, y, t0], indexes) {
      const r: number[] = [];
      const J: number[][] = [];
      for (const i of indexes) {
        const p = points[i]!;
        // A tenth of a metre of height keeps the direction defined on top of a mic.
        const d = Math.sqrt((x! - p.x) ** 2 + (y! - p.y) ** 2 + 0.01);
        r.push(times[i]! - t0! - d / C);
        J.push([-(x! - p.x) / (d * C), -(y! - p.y) / (d * C), -1]);
      }
      return { r, J };
    },
    third(at, indexes) {
      const sum = indexes.reduce((s, i) => s + times[i]! - Math.hypot(at.x - points[i]!.x, at.y - points[i]!.y) / C, 0);
      return sum / indexes.length;
    },
  };
}

/** Readings whose times no single place and instant can explain: farther apart than sound takes between the mics. */
function impossiblePairs(points: readonly Point[], times: readonly number[], tolerance: number): boolean {
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const travel = Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y) / C;
      if (Math.abs(times[i]! - times[j]!) > travel + tolerance) return true;
    }
  }
  return false;
}

/** How likely the levels are with the source at `at` (allowing for a shaded mic); null with fewer than three. */
function levelSupport(
  at: Point,
  points: readonly Point[],
  levels: readonly (number | null)[],
  prior: SourcePrior | null,
): number | null {
  const having = points.flatMap((p, i) => (levels[i] == null ? [] : [i]));
  if (having.length < 3) return null;
  return levelFitAt(
    at,
    having.map((i) => points[i]!),
    having.map((i) => levels[i]!),
    prior,
  ).logLikelihood;
}

/** Odds (log) by which other repeats must favour a clock being off for three mics to distrust it: about 20 to 1. */
const CLOCK_SHOWN_OFF = 3;
/** Log-likelihood cap of a hypothesis another repeat rules out: one repeat may be a fluke. */
const RULED_OUT = -20;

/**
 * What the other repeats of a sound say of which clock is off (or none): each repeat heard by four
 * mics or more, fitted on times and levels together, gives each hypothesis its best fit's
 * log-likelihood (against its best); a mic a repeat did not hear is judged as no clock off there.
 */
function clockEvidence(input: TimedReadings): (doubted: number) => number {
  const { micIds } = input;
  if (micIds === undefined) return () => 0;
  const said = (input.repeats ?? []).flatMap((other) => {
    if (other.points.length < 4 || other.levels.filter((l) => l != null).length < 3) return [];
    const tolerance = Math.max(MIN_TOLERANCE_MS, 5 * other.sigmaMs);
    const model = arrivalModel(other.points, other.times, tolerance, other.reachM);
    const joint = jointFit(model, other.times, other.levels, other.sigmaMs, other.prior ?? null);
    if (joint === null) return [];
    const top = Math.max(...joint.doubted.values());
    const of = (i: number) => Math.max(RULED_OUT, (joint.doubted.get(i) ?? -Infinity) - top);
    const byMic = new Map((other.micIds ?? []).map((id, i) => [id, of(i)]));
    return [{ none: of(-1), byMic }];
  });
  return (doubted) =>
    said.reduce((sum, o) => sum + (doubted < 0 ? o.none : (o.byMic.get(micIds[doubted]!) ?? o.none)), 0);
}

/**
 * Picks the fit the levels agree with, when it is likelier than all the others together; the
 * others that still hold 5 % of the levels' belief come with it, for the radius to cover.
 */
function byLevel(
  candidates: Candidate[],
  points: readonly Point[],
  levels: readonly (number | null)[],
  prior: SourcePrior | null,
) {
  const scored = candidates
    .map((c) => ({ c, support: levelSupport({ x: c.fit.p[0]!, y: c.fit.p[1]! }, points, levels, prior) ?? -Infinity }))
    .sort((a, b) => b.support - a.support);
  const top = scored[0]!.support;
  if (!Number.isFinite(top)) return null;
  const weights = scored.map((s) => Math.exp(s.support - top));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (weights[0]! / total < 0.5) return null;
  const alternatives: Point[] = [];
  let held = weights[0]! / total;
  for (let k = 1; k < scored.length && held < 0.95; k++) {
    held += weights[k]! / total;
    alternatives.push({ x: scored[k]!.c.fit.p[0]!, y: scored[k]!.c.fit.p[1]! });
  }
  return { candidate: scored[0]!.c, alternatives };
}

/**
 * Multilateration on arrival times: the place and emission instant that explain the readings'
 * times at 343 m/s, with the readings whose clocks disagree left out (RANSAC over minimal
 * subsets). Four readings or more check each other; three fit exactly, and are trusted only
 * when they allow a single place. When the times alone cannot tell which clock is off (four
 * readings, one of them wrong) or which of two places is meant, the levels decide if they can.
 */
export function fitArrival(input: TimedReadings): ArrivalResult {
  const { points, times, levels } = input;
  const n = points.length;
  const tolerance = Math.max(MIN_TOLERANCE_MS, 5 * input.sigmaMs);
  // Four clocks check each other only once: one doubted, the other three fit exactly wherever
  // they allow. Times and levels are fitted together then, and the levels name the doubted clock.
  const evidence = clockEvidence(input);
  // Three clocks cannot check each other: one that other repeats show off leaves two, a curve.
  const doubted = n === 3 ? points.findIndex((_, i) => evidence(i) - evidence(-1) > CLOCK_SHOWN_OFF) : -1;
  if (doubted >= 0) {
    return {
      ok: false,
      why: {
        code: 'timing-disagrees',
        text: `other repeats of the sound show the clock of ${input.micIds![doubted]} off, and two clocks fix a curve, not a point`,
      },
    };
  }
  if (n === JOINT_MICS && levels.filter((l) => l != null).length >= 3) {
    const model = arrivalModel(points, times, tolerance, input.reachM);
    const joint = jointFit(model, times, levels, input.sigmaMs, input.prior ?? null, evidence);
    if (joint !== null) return { ok: true, ...joint, byLevels: joint.candidate.inliers.length < n };
  }
  const candidates = consensus(arrivalModel(points, times, tolerance, input.reachM));
  if (candidates.length === 0) {
    if (impossiblePairs(points, times, tolerance)) {
      return {
        ok: false,
        why: {
          code: 'timing-impossible',
          text: 'the timestamps are farther apart than sound takes between these mics',
        },
      };
    }
    return { ok: false, why: { code: 'timing-disagrees', text: 'no place explains the arrival times' } };
  }
  // One explanation only (every other subset's times could not be met by any place), or one clearly best.
  const clear = clearlyBest(candidates, input.sigmaMs);
  if (clear !== null) return { ok: true, candidate: clear, byLevels: false, alternatives: [] };
  const agreeing = candidates[0]!.inliers.length;
  const chosen = byLevel(candidates, points, levels, input.prior ?? null);
  if (chosen !== null) return { ok: true, ...chosen, byLevels: true };
  if (agreeing === n) {
    return {
      ok: false,
      why: { code: 'timing-ambiguous', text: `the arrival times of ${n} mics fit two places equally well` },
    };
  }
  return {
    ok: false,
    why: {
      code: 'timing-disagrees',
      text: `the arrival times disagree and ${n} mics cannot tell which clock is off`,
    },
  };
}
