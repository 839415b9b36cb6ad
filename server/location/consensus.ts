import { distance, type Point } from './frame.js';
import { levenbergMarquardt, type Fit, type Linearised } from './least-squares.js';

/**
 * A physical model with three parameters: the source's east and north metres and one more
 * (the emission time, or the source level), fitted to one reading per mic.
 */
export interface Model {
  /** Where each reading was taken. */
  points: readonly Point[];
  /** Residuals and Jacobian of the chosen readings at p = [x, y, third]. */
  linearise(p: number[], indexes: readonly number[]): Linearised;
  /** The third parameter that fits the chosen readings best with the source at `at`. */
  third(at: Point, indexes: readonly number[]): number;
  /** A reading further than this from the model is an outlier. */
  tolerance: number;
  /** Farthest a mic hears (m): a place further than this from a mic that heard it is no explanation. */
  reach: number;
}

export interface Candidate {
  fit: Fit;
  inliers: number[];
  /** Residual of every reading (not just the inliers) at the fit. */
  residuals: number[];
}

/** Minimal subsets tried at most; beyond that a fixed, spread-out sample of them. */
const MAX_SUBSETS = 80;

function subsets(n: number): number[][] {
  const all: number[][] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) for (let c = b + 1; c < n; c++) all.push([a, b, c]);
  if (all.length <= MAX_SUBSETS) return all;
  const step = all.length / MAX_SUBSETS;
  return Array.from({ length: MAX_SUBSETS }, (_, i) => all[Math.floor(i * step)]!);
}

/** Starting places: the readings' centre, beside each reading, and a ring well outside them. */
function starts(points: readonly Point[], indexes: readonly number[]): Point[] {
  const chosen = indexes.map((i) => points[i]!);
  const cx = chosen.reduce((s, p) => s + p.x, 0) / chosen.length;
  const cy = chosen.reduce((s, p) => s + p.y, 0) / chosen.length;
  const reach = Math.max(50, ...chosen.map((p) => Math.hypot(p.x - cx, p.y - cy)));
  const out: Point[] = [{ x: cx, y: cy }];
  // Half a metre aside: a start on a mic sits where its distance has no direction.
  for (const p of chosen) out.push({ x: p.x + 0.5, y: p.y + 0.5 });
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    out.push({ x: cx + 2 * reach * Math.cos(a), y: cy + 2 * reach * Math.sin(a) });
  }
  return out;
}

/** Every distinct place (a metre apart) where the model fits the chosen readings from some start. */
export function fitsFromStarts(model: Model, indexes: readonly number[], maxCost: number): Fit[] {
  const found: Fit[] = [];
  for (const start of starts(model.points, indexes)) {
    const fit = levenbergMarquardt((p) => model.linearise(p, indexes), [start.x, start.y, model.third(start, indexes)]);
    if (!(fit.cost <= maxCost) || !fit.p.every(Number.isFinite)) continue;
    const at = { x: fit.p[0]!, y: fit.p[1]! };
    const same = found.findIndex((f) => distance({ x: f.p[0]!, y: f.p[1]! }, at) < 1);
    if (same < 0) found.push(fit);
    else if (fit.cost < found[same]!.cost) found[same] = fit;
  }
  return found;
}

function evaluate(model: Model, fit: Fit, n: number): Candidate {
  const all = Array.from({ length: n }, (_, i) => i);
  const residuals = model.linearise(fit.p, all).r;
  const at = { x: fit.p[0]!, y: fit.p[1]! };
  const inliers = all.filter((i) => Math.abs(residuals[i]!) <= model.tolerance);
  if (inliers.some((i) => distance(at, model.points[i]!) > model.reach)) return { fit, inliers: [], residuals };
  return { fit, inliers, residuals };
}

/** Refits on a candidate's inliers until they stop changing (a few rounds at most). */
function settle(model: Model, candidate: Candidate, n: number): Candidate {
  let current = candidate;
  for (let round = 0; round < 4 && current.inliers.length >= 3; round++) {
    const fit = levenbergMarquardt((p) => model.linearise(p, current.inliers), current.fit.p);
    const next = evaluate(model, { ...fit }, n);
    const same =
      next.inliers.length === current.inliers.length && next.inliers.every((v, i) => v === current.inliers[i]);
    current = { ...next, fit: levenbergMarquardt((p) => model.linearise(p, next.inliers), fit.p) };
    if (same || next.inliers.length < 3) break;
  }
  return current;
}

/**
 * RANSAC over every minimal subset of three readings (a sample of them when there are many):
 * each subset's exact fits are hypotheses, scored by how many readings agree with them within
 * the model's tolerance; the best are refitted on their inliers. Returns the distinct settled
 * candidates that share the largest inlier count, best fitting first, so the caller can tell a
 * clear answer from a tie that something else (the levels) must break.
 */
export function consensus(model: Model): Candidate[] {
  const n = model.points.length;
  const exact = (model.tolerance / 10) ** 2;
  const all = Array.from({ length: n }, (_, i) => i);
  // Five readings or more that all agree need no search for outliers.
  if (n >= 5) {
    const agreeing = fitsFromStarts(model, all, Infinity)
      .map((fit) => evaluate(model, fit, n))
      .filter((c) => c.inliers.length === n)
      .sort((a, b) => a.fit.cost - b.fit.cost);
    if (agreeing.length === 1) return agreeing;
  }
  const hypotheses: Candidate[] = [];
  for (const subset of subsets(n)) {
    for (const fit of fitsFromStarts(model, subset, exact)) hypotheses.push(evaluate(model, fit, n));
  }
  const best = Math.max(0, ...hypotheses.map((h) => h.inliers.length));
  if (best < 3) return [];
  const settled: Candidate[] = [];
  for (const h of hypotheses.filter((c) => c.inliers.length === best)) {
    const s = settle(model, h, n);
    if (s.inliers.length < 3) continue;
    const at = { x: s.fit.p[0]!, y: s.fit.p[1]! };
    const twin = settled.findIndex((o) => distance({ x: o.fit.p[0]!, y: o.fit.p[1]! }, at) < 1);
    if (twin < 0) settled.push(s);
    else if (s.inliers.length > settled[twin]!.inliers.length || s.fit.cost < settled[twin]!.fit.cost)
      settled[twin] = s;
  }
  const top = Math.max(0, ...settled.map((s) => s.inliers.length));
  return settled.filter((s) => s.inliers.length === top).sort((a, b) => a.fit.cost - b.fit.cost);
}

/**
 * The first candidate when it is the only one, or fits clearly better than the next (by more than
 * 9 in chi-square, about a 1 in 90 chance of the other being right); null when they tie.
 */
export function clearlyBest(candidates: readonly Candidate[], sigma: number): Candidate | null {
  const [first, second] = candidates;
  if (first === undefined) return null;
  if (second === undefined || (second.fit.cost - first.fit.cost) / sigma ** 2 > 9) return first;
  return null;
}
