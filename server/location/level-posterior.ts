import type { Point } from './frame.js';
import { corrected, LevelLikelihood } from './level-likelihood.js';
import { orderScore, type Stamps } from './ordering.js';
import type { SourcePrior } from './source-levels.js';

/** Cells across the region searched, per pass. */
const CELLS = 48;

export interface Posterior {
  /** The cell with the highest posterior. */
  best: Point;
  /** Radius around `centre` holding 95 % of the posterior, to within a cell. */
  radius95(centre: Point): number;
  /** Posterior covariance of the place (m²). */
  covariance: number[][];
  /** The repeats fit their own places clearly better than one shared: not one place (a siren going by). */
  split: boolean;
  /** Share of the posterior within `r` of `centre`. */
  massWithin(centre: Point, r: number): number;
  /** The place with the most of the posterior within `r` of it (among the cells' centres), and that share. */
  mostWithin(r: number): { at: Point; mass: number };
}

/** 99 % chi-square quantiles by degrees of freedom (2 per repeat beyond the first: its own place). */
const CHI2_99 = [0, 6.6, 9.2, 11.3, 13.3, 15.1, 16.8, 18.5, 20.1, 21.7, 23.2];
const chi2At99 = (dof: number) => CHI2_99[dof] ?? dof + 3 * Math.sqrt(2 * dof);

interface Cell {
  at: Point;
  weight: number;
}

/** Cells column by column: cell (column, row) is `cells[column * rows + row]`. */
interface Grid {
  cells: Cell[];
  step: number;
  columns: number;
  rows: number;
}

function grid(box: { x0: number; x1: number; y0: number; y1: number }, score: (at: Point) => number): Grid {
  const step = Math.max((box.x1 - box.x0) / CELLS, (box.y1 - box.y0) / CELLS, 0.5);
  const cells: Cell[] = [];
  let columns = 0;
  for (let x = box.x0 + step / 2; x < box.x1; x += step) {
    columns++;
    for (let y = box.y0 + step / 2; y < box.y1; y += step) cells.push({ at: { x, y }, weight: score({ x, y }) });
  }
  const top = Math.max(...cells.map((c) => c.weight));
  for (const c of cells) c.weight = Math.exp(c.weight - top);
  const sum = cells.reduce((s, c) => s + c.weight, 0);
  for (const c of cells) c.weight /= sum;
  return { cells, step, columns, rows: columns === 0 ? 0 : cells.length / columns };
}

/**
 * The posterior's mass within a distance of any place, from each column's running sums: a disk is
 * a run of rows in each column it crosses, so asking it of every cell stays cheap.
 */
function diskMass({ cells, step, columns, rows }: Grid) {
  const sums = new Float64Array(columns * (rows + 1));
  for (let col = 0; col < columns; col++) {
    for (let row = 0; row < rows; row++) {
      sums[col * (rows + 1) + row + 1] = sums[col * (rows + 1) + row]! + cells[col * rows + row]!.weight;
    }
  }
  const { x: x0, y: y0 } = cells[0]!.at;
  // Cells whose centre lies on the disk's edge count in: a hair of slack for the running sum of steps.
  const slack = step * 1e-9;
  return (centre: Point, r: number) => {
    let mass = 0;
    const first = Math.max(0, Math.ceil((centre.x - r - x0 - slack) / step));
    const last = Math.min(columns - 1, Math.floor((centre.x + r - x0 + slack) / step));
    for (let col = first; col <= last; col++) {
      const dx = x0 + col * step - centre.x;
      const half = Math.sqrt(Math.max(0, r * r - dx * dx));
      const low = Math.max(0, Math.ceil((centre.y - half - y0 - slack) / step));
      const high = Math.min(rows - 1, Math.floor((centre.y + half - y0 + slack) / step));
      if (high >= low) mass += sums[col * (rows + 1) + high + 1]! - sums[col * (rows + 1) + low]!;
    }
    return mass;
  };
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
  order: Stamps | null;
}

/**
 * The posterior of the source's place given the levels (the source level fitted, between the
 * readings and the category's prior when there is one), with a prior of hearing: nothing beyond
 * `reach` of a mic that heard it, and each mic's chance of hearing falling e-fold every
 * `falloffM` metres. Repeats of a sound from one place (several shots) are fitted together: they
 * share the place, the source (its level) and any wall. A coarse grid over
 * everywhere the sound could be, then finer grids over where the posterior lies. Several places
 * fitting about equally well (a near and a far solution, a mirror image) all keep their mass, so
 * the radius covers them all.
 */
export function levelPosterior(
  hearings: readonly Hearing[],
  reach: number,
  falloffM: number,
  prior: SourcePrior | null = null,
): Posterior | null {
  // Each mic counts once in the prior, however many repeats it heard.
  const keyOf = (p: Point) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`;
  const byKey = new Map(hearings.flatMap((h) => h.points).map((p) => [keyOf(p), p]));
  const points = [...byKey.values()];
  const micIndex = new Map([...byKey.keys()].map((key, m) => [key, m]));
  const box = {
    x0: Math.max(...points.map((p) => p.x - reach)),
    x1: Math.min(...points.map((p) => p.x + reach)),
    y0: Math.max(...points.map((p) => p.y - reach)),
    y1: Math.min(...points.map((p) => p.y + reach)),
  };
  if (box.x0 >= box.x1 || box.y0 >= box.y1) return null;
  const readings = hearings.flatMap((h, k) => h.points.map((p, i) => ({ k, p, level: h.levels[i]! })));
  const joint = new LevelLikelihood(
    readings.map((r) => micIndex.get(keyOf(r.p))!),
    points.length,
    prior,
  );
  const c = new Float64Array(readings.length);
  // Each repeat alone, to tell how much sharing the place costs it (a siren going by is not one place).
  const alone = hearings.map((h) => ({
    likelihood: new LevelLikelihood(
      h.points.map((_, i) => i),
      h.points.length,
      prior,
    ),
    c: new Float64Array(h.points.length),
  }));
  const own = (k: number, at: Point) => {
    const { likelihood, c: mine } = alone[k]!;
    const h = hearings[k]!;
    for (let i = 0; i < h.points.length; i++) mine[i] = corrected(h.levels[i]!, at, h.points[i]!);
    return likelihood.score(mine) + orderScore(h.order, h.points, at);
  };
  // A mic hears a sound less the farther it is: each mic that heard it makes nearer places likelier.
  const score = (at: Point) => {
    let total = 0;
    for (const p of points) {
      const d = Math.hypot(at.x - p.x, at.y - p.y);
      if (d > reach) return -Infinity;
      total -= d / falloffM;
    }
    for (let i = 0; i < readings.length; i++) c[i] = corrected(readings[i]!.level, at, readings[i]!.p);
    total += joint.score(c);
    for (let k = 0; k < hearings.length; k++) {
      const order = orderScore(hearings[k]!.order, hearings[k]!.points, at);
      total += order;
      if (hearings.length > 1) {
        const mine = own(k, at);
        if (mine > ownBest[k]!) ownBest[k] = mine;
      }
    }
    return total;
  };
  // Each repeat's best fit anywhere, alone: how much sharing the place costs it.
  const ownBest = hearings.map(() => -Infinity);
  let pass = grid(box, score);
  if (!pass.cells.some((c) => Number.isFinite(c.weight) && c.weight > 0)) return null;
  for (let round = 0; round < 2; round++) pass = grid(heldBox(pass.cells, pass.step), score);
  const { cells, step } = pass;
  const massWithin = diskMass(pass);
  const best = cells.reduce((a, b) => (b.weight > a.weight ? b : a)).at;
  const cost = hearings.reduce((sum, _, k) => sum + ownBest[k]! - own(k, best), 0);
  const split = hearings.length > 1 && 2 * cost > chi2At99(2 * (hearings.length - 1));
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
    massWithin,
    mostWithin(r) {
      let top = { at: best, mass: massWithin(best, r) };
      for (const c of cells) {
        if (c.weight === 0) continue;
        const mass = massWithin(c.at, r);
        if (mass > top.mass) top = { at: c.at, mass };
      }
      return top;
    },
    radius95(centre) {
      // The mass within r grows with r: halve the interval until it is known to a tenth of a cell.
      let low = 0;
      let high = Math.max(...cells.map((c) => Math.hypot(c.at.x - centre.x, c.at.y - centre.y)));
      while (high - low > step / 10) {
        const mid = (low + high) / 2;
        if (massWithin(centre, mid) >= 0.95) high = mid;
        else low = mid;
      }
      return high + step / Math.SQRT2;
    },
  };
}
