import type { Point } from './frame.js';
import { SPEED_OF_SOUND_MPS } from './types.js';

/** Metres sound travels in a millisecond. */
const C = SPEED_OF_SOUND_MPS / 1000;
/** Clocks agree to a few ms: each stamp's interval is this much wider on either side. */
const SLACK_MS = 6;
/** A sound heard with one mic's clock off by hundreds of ms (the demo: 15 % of incidents). */
const ONE_CLOCK_OFF = 0.15;
/** Two clocks off, or a stamp from another sound: the floor of a hearing's likelihood. */
const WORSE = 0.005;

/** What a sound's coarse timestamps still say of where it was. */
export interface Stamps {
  /** Each mic's stamp (ms), cut to the resolution. */
  times: readonly number[];
  resolutionMs: number;
}

/**
 * Log-likelihood of coarse stamps with the source at `at`. A sound made at T0 reaches mic i at
 * T0 + dᵢ/c and is stamped with that cut to the resolution R, so each stamp puts T0 in
 * [tᵢ − dᵢ/c, tᵢ + R − dᵢ/c). With T0 anywhere, the chance of these stamps is the length those
 * intervals share, over R: zero where no moment fits every mic (the order broken), most where
 * they overlap most. One clock off by hundreds of ms takes its mic out of the overlap, at its
 * own prior chance; beyond that, a floor.
 */
export function orderScore(stamps: Stamps | null, points: readonly Point[], at: Point): number {
  if (stamps === null || stamps.times.length < 2) return 0;
  const { times, resolutionMs: r } = stamps;
  const n = times.length;
  // Earliest moment each stamp allows for the sound, ranked to read the overlap without mic k.
  let hi1 = -Infinity;
  let hi2 = -Infinity;
  let lo1 = Infinity;
  let lo2 = Infinity;
  let hiAt = -1;
  let loAt = -1;
  for (let i = 0; i < n; i++) {
    const a = times[i]! - Math.hypot(at.x - points[i]!.x, at.y - points[i]!.y) / C;
    if (a > hi1) {
      hi2 = hi1;
      hi1 = a;
      hiAt = i;
    } else if (a > hi2) hi2 = a;
    if (a < lo1) {
      lo2 = lo1;
      lo1 = a;
      loAt = i;
    } else if (a < lo2) lo2 = a;
  }
  const share = (hi: number, lo: number) => Math.max(0, r + 2 * SLACK_MS - (hi - lo)) / r;
  let without = 0;
  for (let k = 0; k < n; k++) without += share(k === hiAt ? hi2 : hi1, k === loAt ? lo2 : lo1);
  const likelihood = (1 - ONE_CLOCK_OFF) * share(hi1, lo1) + (ONE_CLOCK_OFF * without) / n;
  return Math.log(likelihood + WORSE);
}

/** Whether some moment of the sound fits every mic's stamp with the source at `at` (the order kept). */
export function orderKept(stamps: Stamps | null, points: readonly Point[], at: Point): boolean {
  if (stamps === null) return true;
  const starts = stamps.times.map((t, i) => t - Math.hypot(at.x - points[i]!.x, at.y - points[i]!.y) / C);
  return Math.max(...starts) - Math.min(...starts) < stamps.resolutionMs + 2 * SLACK_MS;
}
