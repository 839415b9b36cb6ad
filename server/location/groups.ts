import { distanceMeters } from '../insights/geo.js';
import { SPEED_OF_SOUND_MPS, type Reading } from './types.js';

/**
 * The finest step every timestamp is a multiple of (1000, 100, 10 or 1 ms). Read over a whole
 * composite event: a dozen timestamps on whole seconds are no accident, one might be.
 */
export function resolutionOf(times: readonly number[]): number {
  for (const step of [1000, 100, 10]) {
    if (times.length >= 2 && times.every((t) => t % step === 0)) return step;
  }
  return 1;
}

export interface GroupRules {
  /** Timestamp step (ms): two readings of one sound may differ by this much more than sound takes. */
  resolutionMs: number;
  /** Expected clock error of a reading, ms. */
  clockMs: number;
  /** Farthest a mic hears (m): two mics further apart than twice this do not hear the same sound. */
  hearingRadiusM: number;
}

/** A clock off by a few hundred ms still joins its group, where the locator can name it. */
const CLOCK_SLACK_MS = 700;

/**
 * Splits readings of one kind of sound into arrival groups, one per sound made: a sound repeated
 * (three shots) or heard at two places at once becomes several groups. A reading joins a group
 * when its mic is not in it yet and its time is within the travel time of sound from every mic
 * in it (plus timestamp step and clock slack); of several such groups, the one closest in time.
 */
export function arrivalGroups(readings: readonly Reading[], rules: GroupRules): Reading[][] {
  const ordered = [...readings].sort((a, b) => a.at - b.at || a.micId.localeCompare(b.micId));
  // Whole-second stamps hide such a clock anyway: their own step is the slack then.
  const slack = Math.max(rules.resolutionMs, CLOCK_SLACK_MS) + rules.clockMs;
  const groups: Reading[][] = [];
  for (const reading of ordered) {
    let best: Reading[] | null = null;
    let bestGap = Infinity;
    for (const group of groups) {
      if (group.some((g) => g.micId === reading.micId)) continue;
      const fits = group.every((g) => {
        if (g.place === null || reading.place === null) return Math.abs(reading.at - g.at) <= slack;
        const meters = distanceMeters(g.place, reading.place);
        if (meters > 2 * rules.hearingRadiusM) return false;
        return Math.abs(reading.at - g.at) <= (meters / SPEED_OF_SOUND_MPS) * 1000 + slack;
      });
      const gap = reading.at - group[group.length - 1]!.at;
      if (fits && gap < bestGap) {
        best = group;
        bestGap = gap;
      }
    }
    if (best === null) groups.push([reading]);
    else best.push(reading);
  }
  return groups;
}
