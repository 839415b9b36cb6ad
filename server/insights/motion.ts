import type { Place } from './geo.js';
import { distanceMeters } from './geo.js';

export const SPEED_OF_SOUND_MPS = 343;

export interface Motion {
  kind: 'stationary' | 'moving' | 'unknown';
  origin_mic_id: string | null;
  /** Seconds between the first mic's first report and the last mic's first report. */
  spread_s: number;
  speed_mps: number | null;
}

export interface MotionRules {
  /** Clock and detection jitter allowed on top of the travel time of sound. */
  toleranceS: number;
}

export const DEFAULT_MOTION: MotionRules = { toleranceS: 1 };

/**
 * Whether a sound stayed put or moved, from when each mic first reported it. The mic that heard
 * it first is nearest where it began (the origin). A sound standing still reaches every other mic
 * at most (distance between the two mics) / 343 m/s after the origin, by the triangle inequality;
 * one that moves reaches mics in sequence, far later than that. A repeated sound (a scream three
 * times) restarts the clock: a mic's first report counts as explained when it follows any of the
 * origin's reports by no more than the travel time. Stationary when every mic is explained;
 * moving otherwise, with the speed from the origin to the last mic reached first; unknown with
 * fewer than two mics.
 */
export function classifyMotion(
  events: readonly { micId: string; at: number }[],
  places: ReadonlyMap<string, Place>,
  rules: MotionRules,
): Motion {
  const first = new Map<string, number>();
  for (const e of events) {
    if (!places.has(e.micId)) continue;
    if (e.at < (first.get(e.micId) ?? Infinity)) first.set(e.micId, e.at);
  }
  const order = [...first].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  if (order.length === 0) return { kind: 'unknown', origin_mic_id: null, spread_s: 0, speed_mps: null };
  const [originId, originAt] = order[0]!;
  const [lastId, lastAt] = order[order.length - 1]!;
  const spreadS = (lastAt - originAt) / 1000;
  if (order.length < 2) return { kind: 'unknown', origin_mic_id: originId, spread_s: spreadS, speed_mps: null };
  const origin = places.get(originId)!;
  const originTimes = events.filter((e) => e.micId === originId).map((e) => e.at);
  const explained = order.every(([micId, at]) => {
    const travelMs = (distanceMeters(origin, places.get(micId)!) / SPEED_OF_SOUND_MPS + rules.toleranceS) * 1000;
    return originTimes.some((t) => at >= t && at - t <= travelMs);
  });
  if (explained) return { kind: 'stationary', origin_mic_id: originId, spread_s: spreadS, speed_mps: null };
  const meters = distanceMeters(origin, places.get(lastId)!);
  const speed = spreadS > 0 ? Math.round((meters / spreadS) * 10) / 10 : null;
  return { kind: 'moving', origin_mic_id: originId, spread_s: spreadS, speed_mps: speed };
}
