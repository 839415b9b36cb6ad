import type { HeardEvent } from './corroboration.js';

export interface DeafRules {
  /** CORROBORATION_WINDOW_S in ms: how close in time a mic's own report must be to count as hearing. */
  windowMs: number;
  /** DEAF_MIN_MISSED: corroborated incidents of its neighbours a mic must have missed. */
  minMissed: number;
  /**
   * A mic that heard more than this share of its neighbours' corroborated incidents is not deaf,
   * however many it missed: a mic at the edge of its neighbours' hearing misses some of them.
   */
  maxHeardShare: number;
}

export const DEFAULT_DEAF_RULES: Omit<DeafRules, 'windowMs' | 'minMissed'> = { maxHeardShare: 0.1 };

export interface MissedIncident {
  event_id: string;
  label_id: string;
  at: number;
  heard_by: string[];
}

/**
 * The corroborated incidents around a mic, and which of them it missed. Its neighbours' events
 * heard by at least two mics (`heardBy`, from `corroborate`) are grouped per label into incidents
 * (events at most the window apart); an incident is heard when the mic reported that label within
 * the window of any of its events, else missed. Oldest first.
 */
export function incidentsAround(
  micId: string,
  neighbours: ReadonlySet<string>,
  events: readonly HeardEvent[],
  heardBy: ReadonlyMap<string, readonly string[]>,
  windowMs: number,
): { heard: number; missed: MissedIncident[] } {
  const own = new Map<string, number[]>();
  for (const e of events) {
    if (e.micId !== micId) continue;
    const list = own.get(e.labelId) ?? [];
    list.push(e.at);
    own.set(e.labelId, list);
  }
  const heardNear = (labelId: string, at: number) =>
    (own.get(labelId) ?? []).some((t) => t >= at - windowMs && t <= at + windowMs);

  const open = new Map<string, { last: number; heard: boolean; incident: MissedIncident }>();
  let heard = 0;
  const missed: MissedIncident[] = [];
  const close = (labelId: string) => {
    const current = open.get(labelId);
    if (current === undefined) return;
    if (current.heard) heard++;
    else missed.push(current.incident);
    open.delete(labelId);
  };
  const sorted = events
    .filter((e) => neighbours.has(e.micId) && (heardBy.get(e.id)?.length ?? 0) >= 2)
    .sort((a, b) => a.at - b.at);
  for (const e of sorted) {
    const current = open.get(e.labelId);
    if (current !== undefined && e.at - current.last > windowMs) close(e.labelId);
    const mics = heardBy.get(e.id)!;
    const heardIt = mics.includes(micId) || heardNear(e.labelId, e.at);
    const incident = open.get(e.labelId);
    if (incident === undefined) {
      open.set(e.labelId, {
        last: e.at,
        heard: heardIt,
        incident: { event_id: e.id, label_id: e.labelId, at: e.at, heard_by: [...mics] },
      });
    } else {
      incident.last = e.at;
      incident.heard ||= heardIt;
      for (const m of mics) if (!incident.incident.heard_by.includes(m)) incident.incident.heard_by.push(m);
    }
  }
  for (const labelId of [...open.keys()]) close(labelId);
  return { heard, missed: missed.sort((a, b) => a.at - b.at) };
}

/** Suspected deaf for missing what its neighbours heard: enough misses, and hardly anything heard. */
export function missedTooMany(heard: number, missed: number, rules: DeafRules): boolean {
  return missed >= rules.minMissed && heard <= rules.maxHeardShare * (heard + missed);
}

export interface SilenceRules {
  /** Silent for more than this many of its usual gaps… */
  factor: number;
  /** …and at least this long (a busy mic's usual gap of a minute does not make 20 quiet minutes odd). */
  minMs: number;
  /** Fewer events than this in the history give no usual gap. */
  minEvents: number;
}

export const DEFAULT_SILENCE: SilenceRules = { factor: 20, minMs: 6 * 3_600_000, minEvents: 5 };

/**
 * A mic's usual gap between events (the mean over its history: span / (n − 1)) and how long it
 * has been silent; `silent` when that is far past the usual gap.
 */
export function silence(
  seen: { first: number; last: number; n: number } | undefined,
  now: number,
  rules: SilenceRules,
): { lastAt: number | null; usualGapMs: number | null; silentForMs: number | null; silent: boolean } {
  if (seen === undefined || seen.n === 0) return { lastAt: null, usualGapMs: null, silentForMs: null, silent: false };
  const silentForMs = Math.max(0, now - seen.last);
  if (seen.n < rules.minEvents) return { lastAt: seen.last, usualGapMs: null, silentForMs, silent: false };
  const usualGapMs = (seen.last - seen.first) / (seen.n - 1);
  const silent = silentForMs > Math.max(rules.factor * usualGapMs, rules.minMs);
  return { lastAt: seen.last, usualGapMs, silentForMs, silent };
}
