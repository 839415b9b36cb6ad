import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HEARD_BY_MAX_IDS, insightQueries, type Corroboration, type HeardBy } from '@/api/insights';

/**
 * The console stores a pushed event within seconds of the edge; one it still lacks a minute
 * after it happened (older than its history, say) it will not come to hold.
 */
export const HEARD_BY_SETTLE_MS = 60_000;

export interface HeardByLookup {
  /**
   * The mics that heard an event (its own first); undefined while not known yet (its own mic alone
   * so far, its window not read), null when the console does not hold the event and so cannot say.
   */
  of: (eventId: string, createdAt: string) => HeardBy[] | null | undefined;
  /**
   * Whether the mics named for this event are all that heard it: its own window was read, and the
   * read around it was not cut short. Until then a count is "at least".
   */
  completeOf: (eventId: string) => boolean;
  windowS: number;
  error: Error | null;
}

/** The ids in requests the server accepts: sorted, so an id arriving moves the fewest of them. */
export function heardByBatches(ids: readonly string[]): string[][] {
  const sorted = [...new Set(ids)].sort();
  const batches: string[][] = [];
  for (let i = 0; i < sorted.length; i += HEARD_BY_MAX_IDS) batches.push(sorted.slice(i, i + HEARD_BY_MAX_IDS));
  return batches;
}

// Outside the component, so useQueries hands back the same lookup while no answer changed.
function combine(results: UseQueryResult<Corroboration>[]): HeardByLookup {
  const answers = results.flatMap((r) => (r.data === undefined ? [] : [r.data]));
  // Answers for the ids asked now, not a previous set's kept on screen meanwhile.
  const answered = results.every((r) => r.data !== undefined && !r.isPlaceholderData);
  return {
    of: (eventId, createdAt) => {
      for (const answer of answers) {
        const found = answer.events[eventId];
        // Its own mic alone, before the events around it were read, is not an answer yet.
        if (found !== undefined) return found.complete || found.heard_by.length > 1 ? found.heard_by : undefined;
      }
      return answered && Date.now() - Date.parse(createdAt) > HEARD_BY_SETTLE_MS ? null : undefined;
    },
    completeOf: (eventId) => {
      for (const answer of answers) {
        const found = answer.events[eventId];
        if (found !== undefined) return found.complete && answer.complete;
      }
      return false;
    },
    windowS: answers[0]?.window_s ?? 0,
    error: results.find((r) => r.error !== null)?.error ?? null,
  };
}

/**
 * Who heard each of these events, from the console's own store (no edge request): for screens
 * that show pushed events. Asked again when the ids change, and slowly in between.
 */
export function useHeardBy(eventIds: readonly string[]): HeardByLookup {
  const batches = useMemo(() => heardByBatches(eventIds), [eventIds]);
  return useQueries({ queries: batches.map((ids) => insightQueries.heardBy(ids)), combine });
}
