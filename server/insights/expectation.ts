export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

export interface ExpectationRules {
  /** Past weeks looked at for an hour of the week (the back-fill keeps 28 days: 4). */
  weeks: number;
  /** Weight of each older week relative to the next newer one: recent weeks say more about now. */
  decay: number;
  /** Past days looked at, the same way, for a mic with less than a week of history. */
  days: number;
}

export const DEFAULT_EXPECTATION: ExpectationRules = { weeks: 4, decay: 0.7, days: 6 };

/** Every past hour an expectation for `hour` may read: the same hour in past weeks, then in past days. */
export function pastHours(hour: number, rules: ExpectationRules): number[] {
  const out: number[] = [];
  for (let k = 1; k <= rules.weeks; k++) out.push(hour - k * WEEK_MS);
  for (let k = 1; k <= rules.days; k++) out.push(hour - k * DAY_MS);
  return out;
}

/** What the console's hourly counts know. Hours are epoch ms of an hour's start (UTC). */
export interface History {
  /** Events of the mic and label in that hour; 0 when none were counted. */
  count(micId: string, labelId: string, hour: number): number;
  /** The first hour the mic was heard at all: weeks before it say nothing about the mic. */
  firstSeen(micId: string): number | undefined;
  /** Whether that hour has been counted (back-filled or live); an uncounted hour is no evidence of silence. */
  covered(hour: number): boolean;
}

export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * Expected events in one hour for a mic and label: the decayed average of the same hour of the
 * week over the past weeks that can speak for the mic (counted, and not before its first event).
 * A mic with no such week (heard for less than a week, or a console counting for less) is
 * expected from the same hour of its past days instead: the daily rhythm without the weekly one.
 * Null when no day can either: the mic has no history there.
 */
export function hourlyExpectation(
  history: History,
  micId: string,
  labelId: string,
  hour: number,
  rules: ExpectationRules,
): number | null {
  const first = history.firstSeen(micId);
  if (first === undefined) return null;
  const average = (step: number, periods: number) => {
    let weighted = 0;
    let weights = 0;
    for (let k = 1; k <= periods; k++) {
      const past = hour - k * step;
      if (past < first || !history.covered(past)) continue;
      const w = rules.decay ** (k - 1);
      weighted += w * history.count(micId, labelId, past);
      weights += w;
    }
    return weights === 0 ? null : weighted / weights;
  };
  return average(WEEK_MS, rules.weeks) ?? average(DAY_MS, rules.days);
}

/**
 * Expected events in [start, end): each hour's expectation by the share of the window it holds,
 * so a quarter hour straddling 10:00 takes from the 9 o'clock and the 10 o'clock rhythm
 * (better than one hour's expectation / 4). Null when an hour of the window has no history.
 */
export function windowExpectation(
  history: History,
  micId: string,
  labelId: string,
  start: number,
  end: number,
  rules: ExpectationRules,
): number | null {
  let total = 0;
  for (let hour = hourOf(start); hour < end; hour += HOUR_MS) {
    const expected = hourlyExpectation(history, micId, labelId, hour, rules);
    if (expected === null) return null;
    const overlap = Math.min(end, hour + HOUR_MS) - Math.max(start, hour);
    total += (expected * overlap) / HOUR_MS;
  }
  return total;
}

/**
 * The mic's own expectation, or, for a mic without history, the mean of its neighbours' that have
 * one (`borrowed`). Null when neither the mic nor any neighbour has history.
 */
export function expectationFor(
  history: History,
  micId: string,
  labelId: string,
  start: number,
  end: number,
  neighbours: readonly string[],
  rules: ExpectationRules,
): { expected: number; borrowed: boolean } | null {
  const own = windowExpectation(history, micId, labelId, start, end, rules);
  if (own !== null) return { expected: own, borrowed: false };
  let sum = 0;
  let n = 0;
  for (const other of neighbours) {
    const theirs = windowExpectation(history, other, labelId, start, end, rules);
    if (theirs === null) continue;
    sum += theirs;
    n++;
  }
  return n === 0 ? null : { expected: sum / n, borrowed: true };
}
