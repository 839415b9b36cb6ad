import type { Point } from './frame.js';
import { orderScore, type OrderPair } from './ordering.js';

/** Expected scatter of one level around the 20·log10(distance) fall-off, dB. */
export const LEVEL_SIGMA_DB = 1;
/** Chance that any one mic reads low for a reason of its own (a wall, a bus between): the shade model. */
const SHADE_CHANCE = 0.15;
/** How low a shaded mic may read, dB below the fall-off. */
const SHADE_DB = { least: 3, most: 20 };
/** Cells across the region searched, per pass. */
const CELLS = 48;

const corrected = (level: number, at: Point, p: Point) =>
  level + 10 * Math.log10((at.x - p.x) ** 2 + (at.y - p.y) ** 2 + 1);

/** Likelihood of one reading `r` dB off the fall-off: mostly the scatter, sometimes a shaded mic. */
function readingLikelihood(r: number): number {
  const normal = Math.exp(-0.5 * (r / LEVEL_SIGMA_DB) ** 2) / (LEVEL_SIGMA_DB * Math.sqrt(2 * Math.PI));
  const shaded = r <= -SHADE_DB.least && r >= -SHADE_DB.most ? 1 / (SHADE_DB.most - SHADE_DB.least) : 0;
  return (1 - SHADE_CHANCE) * normal + SHADE_CHANCE * shaded;
}

export interface LevelFit {
  /** Log-likelihood of the readings with the source at `at`, its level the best of a few robust guesses. */
  logLikelihood: number;
  sourceDb: number;
  /** Each reading's dB off the fall-off. */
  residuals: number[];
}

/**
 * The readings' fit with the source at `at`: the source level taken as the mean of the
 * distance-corrected levels, or that mean without the lowest (a shaded mic reads low and would
 * drag it down; with four readings or more one can be spared).
 */
export function levelFitAt(at: Point, points: readonly Point[], levels: readonly number[]): LevelFit {
  const c = points.map((p, i) => corrected(levels[i]!, at, p));
  const total = c.reduce((s, v) => s + v, 0);
  const guesses = [total / c.length];
  if (c.length >= 4) guesses.push((total - Math.min(...c)) / (c.length - 1));
  let best: LevelFit | null = null;
  for (const s of guesses) {
    const residuals = c.map((v) => v - s);
    const logLikelihood = residuals.reduce((sum, r) => sum + Math.log(readingLikelihood(r) + 1e-300), 0);
    if (best === null || logLikelihood > best.logLikelihood) best = { logLikelihood, sourceDb: s, residuals };
  }
  return best!;
}

/** Whether a reading `r` dB off is more likely a shaded mic than scatter. */
export function looksShaded(r: number): boolean {
  const normal = (1 - SHADE_CHANCE) * readingLikelihood(r);
  return r <= -SHADE_DB.least && r >= -SHADE_DB.most && SHADE_CHANCE / (SHADE_DB.most - SHADE_DB.least) > normal;
}

export interface Posterior {
  /** The cell with the highest posterior. */
  best: Point;
  /** Radius around `centre` holding 95 % of the posterior, to within a cell. */
  radius95(centre: Point): number;
  /** Posterior covariance of the place (m²). */
  covariance: number[][];
  /** The repeats fit their own places clearly better than one shared: not one place (a siren going by). */
  split: boolean;
}

/** 99 % chi-square quantiles by degrees of freedom (2 per repeat beyond the first: its own place). */
const CHI2_99 = [0, 6.6, 9.2, 11.3, 13.3, 15.1, 16.8, 18.5, 20.1, 21.7, 23.2];
const chi2At99 = (dof: number) => CHI2_99[dof] ?? dof + 3 * Math.sqrt(2 * dof);

/**
 * levelFitAt's log-likelihood alone, without allocating: the grid asks it tens of thousands of
 * times per estimate.
 */
function scorer(points: readonly Point[], levels: readonly number[]) {
  const c = new Float64Array(points.length);
  let chosen = 0;
  const logOf = (s: number) => {
    let sum = 0;
    for (const v of c) sum += Math.log(readingLikelihood(v - s) + 1e-300);
    return sum;
  };
  const score = (at: Point): number => {
    let total = 0;
    let lowest = Infinity;
    for (let i = 0; i < points.length; i++) {
      const v = corrected(levels[i]!, at, points[i]!);
      c[i] = v;
      total += v;
      if (v < lowest) lowest = v;
    }
    chosen = total / c.length;
    const all = logOf(chosen);
    if (c.length < 4) return all;
    const spared = logOf((total - lowest) / (c.length - 1));
    if (spared > all) chosen = (total - lowest) / (c.length - 1);
    return Math.max(all, spared);
  };
  /** Reading i's dB off the fall-off at the place last scored. */
  const residual = (i: number) => c[i]! - chosen;
  return Object.assign(score, { residual });
}

const logNormal = (r: number) => -0.5 * (r / LEVEL_SIGMA_DB) ** 2 - Math.log(LEVEL_SIGMA_DB * Math.sqrt(2 * Math.PI));
const logShaded = (r: number) =>
  r <= -SHADE_DB.least && r >= -SHADE_DB.most ? -Math.log(SHADE_DB.most - SHADE_DB.least) : -690;

/**
 * A wall stands between a mic and a place for every repeat or for none: where one mic heard
 * several repeats, its readings' independent shade chances are replaced by one shared one.
 */
function sharedShade(scorers: readonly ReturnType<typeof scorer>[], hearings: readonly Hearing[]) {
  const byMic = new Map<string, [number, number][]>();
  hearings.forEach((h, k) =>
    h.points.forEach((p, i) => {
      const key = `${p.x.toFixed(2)},${p.y.toFixed(2)}`;
      byMic.set(key, [...(byMic.get(key) ?? []), [k, i]]);
    }),
  );
  const repeated = [...byMic.values()].filter((readings) => readings.length > 1);
  return () => {
    let correction = 0;
    for (const readings of repeated) {
      let normal = Math.log(1 - SHADE_CHANCE);
      let shaded = Math.log(SHADE_CHANCE);
      for (const [k, i] of readings) {
        const r = scorers[k]!.residual(i);
        correction -= Math.log(readingLikelihood(r) + 1e-300);
        normal += logNormal(r);
        shaded += logShaded(r);
      }
      const top = Math.max(normal, shaded);
      correction += top + Math.log(Math.exp(normal - top) + Math.exp(shaded - top));
    }
    return correction;
  };
}

interface Cell {
  at: Point;
  weight: number;
}

function grid(box: { x0: number; x1: number; y0: number; y1: number }, score: (at: Point) => number) {
  const step = Math.max((box.x1 - box.x0) / CELLS, (box.y1 - box.y0) / CELLS, 0.5);
  const cells: Cell[] = [];
  for (let x = box.x0 + step / 2; x < box.x1; x += step) {
    for (let y = box.y0 + step / 2; y < box.y1; y += step) cells.push({ at: { x, y }, weight: score({ x, y }) });
  }
  const top = Math.max(...cells.map((c) => c.weight));
  for (const c of cells) c.weight = Math.exp(c.weight - top);
  const sum = cells.reduce((s, c) => s + c.weight, 0);
  for (const c of cells) c.weight /= sum;
  return { cells, step };
}

/** Bounds of the cells holding all but a thousandth of the posterior, a cell wider on each side. */
function heldBox(cells: readonly Cell[], step: number) {
  const sorted = [...cells].sort((a, b) => b.weight - a.weight);
  let mass = 0;
  const box = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
  for (const c of sorted) {
    if (mass >= 0.999) break;
    mass += c.weight;
    box.x0 = Math.min(box.x0, c.at.x - step);
    box.x1 = Math.max(box.x1, c.at.x + step);
    box.y0 = Math.min(box.y0, c.at.y - step);
    box.y1 = Math.max(box.y1, c.at.y + step);
  }
  return box;
}

/** One sound's readings: where, how loud, and what their coarse timestamps say of their order. */
export interface Hearing {
  points: readonly Point[];
  levels: readonly number[];
  order: readonly OrderPair[];
}

/**
 * The posterior of the source's place given the levels (the source level fitted), with a prior
 * of hearing: nothing beyond `reach` of a mic that heard it, and each mic's chance of hearing
 * falling e-fold every `falloffM` metres. Repeats of a sound from one place (several shots) are
 * fitted together: they share the place, each its own source level. A coarse grid over
 * everywhere the sound could be, then finer grids over where the posterior lies. Several places
 * fitting about equally well (a near and a far solution, a mirror image) all keep their mass, so
 * the radius covers them all.
 */
export function levelPosterior(hearings: readonly Hearing[], reach: number, falloffM: number): Posterior | null {
  // Each mic counts once in the prior, however many repeats it heard.
  const points = [
    ...new Map(hearings.flatMap((h) => h.points).map((p) => [`${p.x.toFixed(2)},${p.y.toFixed(2)}`, p])).values(),
  ];
  const box = {
    x0: Math.max(...points.map((p) => p.x - reach)),
    x1: Math.min(...points.map((p) => p.x + reach)),
    y0: Math.max(...points.map((p) => p.y - reach)),
    y1: Math.min(...points.map((p) => p.y + reach)),
  };
  if (box.x0 >= box.x1 || box.y0 >= box.y1) return null;
  const scorers = hearings.map((h) => scorer(h.points, h.levels));
  const likelihoods = hearings.map((h, k) => (at: Point) => scorers[k]!(at) + orderScore(h.order, h.points, at));
  const shade = hearings.length > 1 ? sharedShade(scorers, hearings) : () => 0;
  // A mic hears a sound less the farther it is: each mic that heard it makes nearer places likelier.
  const score = (at: Point) => {
    let prior = 0;
    for (const p of points) {
      const d = Math.hypot(at.x - p.x, at.y - p.y);
      if (d > reach) return -Infinity;
      prior -= d / falloffM;
    }
    for (let k = 0; k < likelihoods.length; k++) {
      const own = likelihoods[k]!(at);
      if (own > ownBest[k]!) ownBest[k] = own;
      prior += own;
    }
    return prior + shade();
  };
  // Each repeat's best fit anywhere, alone: how much sharing the place costs it.
  const ownBest = likelihoods.map(() => -Infinity);
  let pass = grid(box, score);
  if (!pass.cells.some((c) => Number.isFinite(c.weight) && c.weight > 0)) return null;
  for (let round = 0; round < 2; round++) pass = grid(heldBox(pass.cells, pass.step), score);
  const { cells, step } = pass;
  const best = cells.reduce((a, b) => (b.weight > a.weight ? b : a)).at;
  const cost = likelihoods.reduce((sum, likelihood, k) => sum + ownBest[k]! - likelihood(best), 0);
  const split = likelihoods.length > 1 && 2 * cost > chi2At99(2 * (likelihoods.length - 1));
  const mean = cells.reduce((m, c) => ({ x: m.x + c.weight * c.at.x, y: m.y + c.weight * c.at.y }), { x: 0, y: 0 });
  const covariance = [
    [0, 0],
    [0, 0],
  ];
  for (const c of cells) {
    const dx = c.at.x - mean.x;
    const dy = c.at.y - mean.y;
    covariance[0]![0]! += c.weight * (dx * dx + step ** 2 / 12);
    covariance[0]![1]! += c.weight * dx * dy;
    covariance[1]![0]! += c.weight * dx * dy;
    covariance[1]![1]! += c.weight * (dy * dy + step ** 2 / 12);
  }
  return {
    best,
    split,
    covariance,
    radius95(centre) {
      // The mass within r grows with r: halve the interval until it is known to a tenth of a cell.
      const d = cells.map((c) => Math.hypot(c.at.x - centre.x, c.at.y - centre.y));
      const within = (r: number) => cells.reduce((sum, c, i) => (d[i]! <= r ? sum + c.weight : sum), 0);
      let low = 0;
      let high = Math.max(...d);
      while (high - low > step / 10) {
        const mid = (low + high) / 2;
        if (within(mid) >= 0.95) high = mid;
        else low = mid;
      }
      return high + step / Math.SQRT2;
    },
  };
}
