import type { Replay, ReplayEvent } from '@/api/insights';

/** An incident's events on one time axis: milliseconds since the replay's start. */
export interface ReplayTimeline {
  startMs: number;
  durationMs: number;
  steps: { event: ReplayEvent; offsetMs: number }[];
}

/** A replay should take about this long to watch, however long the incident took. */
const WATCH_MS = 10_000;

export function timelineOf(replay: Pick<Replay, 'from' | 'to' | 'events'>): ReplayTimeline {
  const times = replay.events.map((event) => Date.parse(event.at));
  const startMs = Math.min(Date.parse(replay.from), ...times);
  const endMs = Math.max(Date.parse(replay.to), ...times);
  const steps = replay.events
    .map((event, i) => ({ event, offsetMs: times[i]! - startMs }))
    .sort((a, b) => a.offsetMs - b.offsetMs || a.event.mic_id.localeCompare(b.event.mic_id));
  return { startMs, durationMs: Math.max(0, endMs - startMs), steps };
}

/** Each mic that has heard the sound by `positionMs`, with when it first did. */
export function heardBy(timeline: ReplayTimeline, positionMs: number): Map<string, number> {
  const heard = new Map<string, number>();
  for (const { event, offsetMs } of timeline.steps) {
    if (offsetMs > positionMs) break;
    if (!heard.has(event.mic_id)) heard.set(event.mic_id, offsetMs);
  }
  return heard;
}

/** Incident time per real millisecond: a 3 s incident plays slowed down, a 10 min one sped up. */
export function playbackSpeed(durationMs: number): number {
  return Math.min(120, Math.max(0.25, durationMs / WATCH_MS));
}

/** Where playback is after `elapsedMs` of real time; done at the end (it never runs past it). */
export function advance(
  positionMs: number,
  elapsedMs: number,
  timeline: Pick<ReplayTimeline, 'durationMs'>,
): { positionMs: number; done: boolean } {
  const next = positionMs + elapsedMs * playbackSpeed(timeline.durationMs);
  return next >= timeline.durationMs
    ? { positionMs: timeline.durationMs, done: true }
    : { positionMs: next, done: false };
}

/** The step's neighbours for the step buttons: the previous and next event times, if any. */
export function stepTimes(
  timeline: ReplayTimeline,
  positionMs: number,
): { previous: number | null; next: number | null } {
  let previous: number | null = null;
  let next: number | null = null;
  for (const { offsetMs } of timeline.steps) {
    if (offsetMs < positionMs) previous = offsetMs;
    else if (offsetMs > positionMs) {
      next = offsetMs;
      break;
    }
  }
  return { previous, next };
}
