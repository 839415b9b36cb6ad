import type { BaseEvent } from '@/api';
import type { SourceAnswer } from '@/api/insights';

/** One mic's detection of one sound: the row of the player. */
export interface ClipRow {
  event: BaseEvent;
  /** Milliseconds after the first mic of the same sound heard it. */
  offsetMs: number;
}

/**
 * Detections further apart than this are different sounds (a repeat, the next incident): the
 * farthest mics of one site hear a sound about a second after the nearest.
 */
export const SOUND_GAP_MS = 2500;
/** Until a clip is decoded its sound is taken to start this far in, and the clip to last this long. */
export const DEFAULT_ONSET_S = 0.5;
export const DEFAULT_DURATION_S = 2;

/** The incident's detections as sounds, each heard by one or more mics in arrival order. */
export function soundsOf(events: readonly BaseEvent[]): ClipRow[][] {
  const sorted = [...events].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id.localeCompare(b.id),
  );
  const sounds: ClipRow[][] = [];
  let first = Number.NaN;
  for (const event of sorted) {
    const at = Date.parse(event.created_at);
    if (sounds.length === 0 || at - first > SOUND_GAP_MS) {
      sounds.push([]);
      first = at;
    }
    sounds[sounds.length - 1]!.push({ event, offsetMs: at - first });
  }
  return sounds;
}

export interface Placement {
  /** Seconds from the axis start to the clip's first sample. */
  start: number;
  duration: number;
}

/**
 * Where each clip sits on the sound's one time line: its detection moment (the onset found in the
 * clip) at the moment its mic heard the sound, so the marks step from the nearest mic to the
 * farthest. The axis spans from the earliest clip start to the latest clip end.
 */
export function placements(
  rows: readonly ClipRow[],
  clips: readonly ({ onset: number; duration: number } | undefined)[],
): { span: number; placed: Placement[] } {
  const raw = rows.map((row, i) => {
    const clip = clips[i];
    return {
      start: row.offsetMs / 1000 - (clip?.onset ?? DEFAULT_ONSET_S),
      duration: clip?.duration ?? DEFAULT_DURATION_S,
    };
  });
  if (raw.length === 0) return { span: DEFAULT_DURATION_S, placed: [] };
  const from = Math.min(...raw.map((clip) => clip.start));
  const to = Math.max(...raw.map((clip) => clip.start + clip.duration));
  return { span: to - from, placed: raw.map((clip) => ({ start: clip.start - from, duration: clip.duration })) };
}

/** The part looped by "loop the marked part": a little before the detection to most of a second after. */
export function markedPart(onset: number, duration: number): [number, number] {
  return [Math.max(0, onset - 0.1), Math.min(duration, onset + 0.7)];
}

/**
 * Each detection's distance from the estimated place of its sound, by event id: only for sounds
 * located by arrival times or levels (a nearest-mic guess has no place to measure from).
 */
export function distancesFromPlace(answer: SourceAnswer | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const source of answer?.sources ?? []) {
    if (source.method === 'nearest-mic') continue;
    for (const r of source.residuals) out.set(r.event_id, r.distance_m);
  }
  return out;
}
