import { PULSE_MS } from '@/components/map/mic-glyph';
import type { FeedEntry } from './feed';

const MINUTE_MS = 60_000;

/**
 * The first moment after `now` at which the wall's feeds look different with no new data: a pulse
 * or a "new" highlight ends, an open incident turns overdue, a card's age turns its minute
 * ("under a minute", "3 min"), or an event the console may never hold is settled ("heard by"
 * stops waiting for it). The wall renders then, not every few seconds in between.
 */
export function nextFeedChange(
  now: number,
  feeds: {
    events: readonly FeedEntry<unknown>[];
    composites: readonly FeedEntry<unknown>[];
    pulses: ReadonlyMap<string, number>;
    highlightMs: number;
    escalateAfterMs: number;
    /** How long after it happened an event's "heard by" waits for the console to hold it. */
    settleMs: number;
  },
): number {
  let next = Infinity;
  const at = (moment: number) => {
    if (moment > now && moment < next) next = moment;
  };
  for (const pulse of feeds.pulses.values()) at(pulse + PULSE_MS);
  for (const entry of [...feeds.events, ...feeds.composites])
    if (entry.firstSeenAt > 0) at(entry.firstSeenAt + feeds.highlightMs);
  for (const entry of feeds.events) at(entry.at + feeds.settleMs + 1);
  for (const entry of feeds.composites) {
    at(entry.at + feeds.escalateAfterMs + 1);
    at(entry.at + (Math.floor(Math.max(0, now - entry.at) / MINUTE_MS) + 1) * MINUTE_MS);
  }
  return next;
}
