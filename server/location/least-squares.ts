/** Small dense least squares for the locators: a handful of parameters, a few dozen residuals. */

export interface Linearised {
  /** Residuals at the parameters. */
  r: number[];
  /** Jacobian of the residuals, one row per residual. */
  J: number[][];
}

export interface Fit {
  p: number[];
  /** Sum of squared residuals. */
  cost: number;
  r: number[];
  J: number[][];
}

const sumSquares = (r: readonly number[]) => r.reduce((s, v) => s + v * v, 0);

/** JᵀJ and Jᵀr. */
function normalEquations(J: readonly number[][], r: readonly number[], size: number) {
  const A = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const g = new Array<number>(size).fill(0);
  J.forEach((row, k) => {
    for (let i = 0; i < size; i++) {
      g[i]! += row[i]! * r[k]!;
      for (let j = 0; j < size; j++) A[i]![j]! += row[i]! * row[j]!;
    }
  });
  return { A, g };
}

/** Solves A x = b by Gaussian elimination with partial pivoting; null when A is singular. */
export function solve(A: readonly number[][], b: readonly number[]): number[] | null {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(M[row]![col]!) > Math.abs(M[pivot]![col]!)) pivot = row;
    if (Math.abs(M[pivot]![col]!) < 1e-300) return null;
    [M[col], M[pivot]] = [M[pivot]!, M[col]!];
    for (let row = col + 1; row < n; row++) {
      const f = M[row]![col]! / M[col]![col]!;
      for (let k = col; k <= n; k++) M[row]![k]! -= f * M[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let s = M[row]![n]!;
    for (let k = row + 1; k < n; k++) s -= M[row]![k]! * x[k]!;
    x[row] = s / M[row]![row]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/** (JᵀJ)⁻¹ of a fit, column by column; null when the parameters are not all determined. */
export function inverseNormal(J: readonly number[][], size: number): number[][] | null {
  const { A } = normalEquations(J, new Array<number>(J.length).fill(0), size);
  const columns: number[][] = [];
  for (let i = 0; i < size; i++) {
    const e = new Array<number>(size).fill(0);
    e[i] = 1;
    const column = solve(A, e);
    if (column === null) return null;
    columns.push(column);
  }
  return columns[0]!.map((_, i) => columns.map((column) => column[i]!));
}

/**
 * Levenberg–Marquardt from one start: a damped Gauss–Newton step, the damping lowered after a
 * step that helps and raised after one that does not.
 */
export function levenbergMarquardt(model: (p: number[]) => Linearised, start: number[], maxIterations = 60): Fit {
  let p = start;
  let at = model(p);
  let cost = sumSquares(at.r);
  let lambda = 1e-3;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const { A, g } = normalEquations(at.J, at.r, p.length);
    const damped = A.map((row, i) => row.map((v, j) => (i === j ? v + lambda * Math.max(v, 1e-12) : v)));
    const step = solve(
      damped,
      g.map((v) => -v),
    );
    if (step === null) break;
    const candidate = p.map((v, i) => v + step[i]!);
    const next = model(candidate);
    const nextCost = sumSquares(next.r);
    if (Number.isFinite(nextCost) && nextCost < cost) {
      const gain = cost - nextCost;
      p = candidate;
      at = next;
      cost = nextCost;
      lambda = Math.max(lambda / 3, 1e-9);
      if (gain <= 1e-12 * (1 + cost)) break;
    } else {
      lambda *= 4;
      if (lambda > 1e9) break;
    }
  }
  return { p, cost, r: at.r, J: at.J };
}

/** The 95 % error ellipse of a 2×2 position covariance: semi-axes in metres, the major axis's bearing from north. */
export function ellipse95(cov: readonly number[][]): { major: number; minor: number; bearingDeg: number } {
  // East is x, north is y. 2.4477 = sqrt of the chi-square 95 % quantile for two degrees of freedom.
  const k = 2.4477;
  const a = cov[0]![0]!;
  const b = cov[0]![1]!;
  const d = cov[1]![1]!;
  const mean = (a + d) / 2;
  const spread = Math.sqrt(((a - d) / 2) ** 2 + b * b);
  const big = Math.max(mean + spread, 0);
  const small = Math.max(mean - spread, 0);
  // Direction of the larger eigenvector, as an angle east of north.
  const angle = Math.abs(b) < 1e-15 ? (a >= d ? 0 : 90) : (Math.atan2(big - a, b) * 180) / Math.PI;
  const bearingDeg = (((90 - angle + 360) % 180) + 180) % 180;
  return { major: k * Math.sqrt(big), minor: k * Math.sqrt(small), bearingDeg };
}
