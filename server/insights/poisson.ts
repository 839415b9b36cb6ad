/**
 * P(X ≥ k) for X ~ Poisson(λ): how surprising `k` events are when `λ` were expected. Summed
 * from the lower side (1 − P(X < k)) while that is accurate, and from the upper tail itself
 * when the answer is tiny, so a p-value of 1e-12 is not lost to rounding.
 */
export function poissonUpperTail(k: number, lambda: number): number {
  if (k <= 0) return 1;
  if (lambda <= 0) return 0;
  // Far past the mean the lower sum is 1 − ε and cancels; sum the upper terms instead.
  if (k > lambda) {
    let term = Math.exp(-lambda + k * Math.log(lambda) - logFactorial(k));
    let sum = 0;
    // Terms fall at least geometrically once i > λ; 1,000 of them bounds the loop at any λ we meet.
    for (let i = k; i < k + 1000 && term > sum * 1e-17; i++) {
      sum += term;
      term *= lambda / (i + 1);
    }
    return Math.min(1, sum);
  }
  let term = Math.exp(-lambda);
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= lambda / (i + 1);
  }
  return Math.max(0, Math.min(1, 1 - below));
}

/** ln(n!) by summation up to 256, Stirling's series above (error far below what a p-value needs). */
function logFactorial(n: number): number {
  if (n < 256) {
    let sum = 0;
    for (let i = 2; i <= n; i++) sum += Math.log(i);
    return sum;
  }
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + 1 / (12 * n) - 1 / (360 * n ** 3);
}
