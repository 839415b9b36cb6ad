import type { Corroboration, HeardBy } from '@/api/insights';
import type { SoundEvent } from '@/api';

/** The mics that heard an event (its own first), or undefined while not known. */
export function heardByOf(corroboration: Corroboration | undefined, eventId: string): HeardBy[] | undefined {
  return corroboration?.events[eventId]?.heard_by;
}

/**
 * The page's rows as shown: only events other mics heard too when asked, and ordered by how many
 * mics heard them (most first, newest first among equals, not yet known last) when asked.
 */
export function shownEvents(
  events: readonly SoundEvent[],
  corroboration: Corroboration | undefined,
  options: { corroboratedOnly: boolean; sortByHeard: boolean },
): SoundEvent[] {
  const count = (event: SoundEvent) => heardByOf(corroboration, event.id)?.length ?? 0;
  let rows = [...events];
  if (options.corroboratedOnly) rows = rows.filter((event) => count(event) > 1);
  if (options.sortByHeard) {
    // Array.prototype.sort is stable: the edge's order (newest first) stays among equals.
    rows.sort((a, b) => count(b) - count(a));
  }
  return rows;
}
