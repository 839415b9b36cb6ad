import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import { corroborate, type CorroborationRules, type HeardEvent, type MicPlace } from './corroboration.js';
import { eventsByIds, eventsInSpans } from './insight-store.js';
import { windowRead, type ReadSpan } from './read-spans.js';

/** Events asked about at once: a screen's feed, popup or table, and a bounded query. */
export const MAX_HEARD_BY_IDS = 100;
/** Candidates read around them: bounded even if they fall in a burst (the answer then says `complete: false`). */
export const MAX_HEARD_BY_CANDIDATES = 50_000;

export interface LabelSpan {
  labelId: string;
  from: number;
  to: number;
}

/**
 * The time spans, per label, in which another mic's report would corroborate one of the events:
 * each event's time ± the window, merged where they touch, so a burst is one range, not a hundred.
 */
export function labelSpans(events: readonly HeardEvent[], windowMs: number): LabelSpan[] {
  const sorted = [...events].sort((a, b) => a.labelId.localeCompare(b.labelId) || a.at - b.at);
  const spans: LabelSpan[] = [];
  for (const e of sorted) {
    const last = spans.at(-1);
    if (last !== undefined && last.labelId === e.labelId && e.at - windowMs <= last.to) {
      last.to = Math.max(last.to, e.at + windowMs);
    } else {
      spans.push({ labelId: e.labelId, from: e.at - windowMs, to: e.at + windowMs });
    }
  }
  return spans;
}

/** No mic stands within the radius of the event's: no report of another mic can ever corroborate it. */
export function lonePlace(event: HeardEvent, near: ReadonlyMap<string, readonly string[]>): boolean {
  return (near.get(event.micId) ?? []).length === 0;
}

/**
 * Which mics heard each of these events, from the events the console holds (the hub's and the
 * back-fill's): no edge request. Ids the console does not hold are left out. `read` names the
 * events whose whole window lies in what the console has read (`spans`) within the bounded read:
 * of the others, the mics found are only those heard so far.
 */
export async function heardByStored(
  db: Kysely<ConsoleSchema>,
  ids: readonly string[],
  places: ReadonlyMap<string, MicPlace>,
  rules: CorroborationRules,
  near: ReadonlyMap<string, readonly string[]>,
  spans: readonly ReadSpan[],
): Promise<{ heard: Map<string, string[]>; complete: boolean; read: Set<string> }> {
  const events = await eventsByIds(db, ids);
  const candidates = await eventsInSpans(db, labelSpans(events, rules.windowMs), MAX_HEARD_BY_CANDIDATES);
  const complete = candidates.length < MAX_HEARD_BY_CANDIDATES;
  return {
    heard: corroborate(events, candidates, places, rules, near),
    complete,
    read: new Set(
      complete
        ? events.filter((e) => lonePlace(e, near) || windowRead(e.at, rules.windowMs, spans)).map((e) => e.id)
        : [],
    ),
  };
}
