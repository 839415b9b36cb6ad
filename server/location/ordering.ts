import type { Point } from './frame.js';
import { SPEED_OF_SOUND_MPS } from './types.js';

/** Metres sound travels in a millisecond. */
const C = SPEED_OF_SOUND_MPS / 1000;
/** Clocks agree to a few ms: a metre or two either way. */
const SLACK_M = 2;
/**
 * Log-likelihood an order broken costs: one mic's clock off by hundreds of ms (15 % of incidents,
 * one of about four mics) breaks it without the place being wrong.
 */
const BROKEN_ORDER_PENALTY = 3;

/** Two readings' distances must differ by between `lo` and `hi` metres (mic i's less mic j's). */
export interface OrderPair {
  i: number;
  j: number;
  lo: number;
  hi: number;
}

/**
 * What coarse timestamps still say about distances: a mic that stamped a sound a whole second
 * after another heard it later, so it cannot be much nearer; two in the same second are within a
 * second's travel of each other.
 */
export function orderPairs(times: readonly number[], resolutionMs: number): OrderPair[] {
  const pairs: OrderPair[] = [];
  for (let i = 0; i < times.length; i++) {
    for (let j = i + 1; j < times.length; j++) {
      const apart = times[i]! - times[j]!;
      pairs.push({ i, j, lo: C * (apart - resolutionMs) - SLACK_M, hi: C * (apart + resolutionMs) + SLACK_M });
    }
  }
  return pairs;
}

/** Log-likelihood of the orders with the source at `at`: a fixed cost for each one broken. */
export function orderScore(pairs: readonly OrderPair[], points: readonly Point[], at: Point): number {
  let score = 0;
  for (const { i, j, lo, hi } of pairs) {
    const gap =
      Math.hypot(at.x - points[i]!.x, at.y - points[i]!.y) - Math.hypot(at.x - points[j]!.x, at.y - points[j]!.y);
    if (gap < lo || gap > hi) score -= BROKEN_ORDER_PENALTY;
  }
  return score;
}
