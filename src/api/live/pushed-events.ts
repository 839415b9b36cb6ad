import { useSyncExternalStore } from 'react';
import type { SoundEvent } from '../schemas';

/** Enough for any "N newer events" count a page shows; older pushes are dropped first. */
const CAPACITY = 2000;

let events: readonly SoundEvent[] = [];
const listeners = new Set<() => void>();

/**
 * The events the stream pushed since this tab opened it, newest last, de-duplicated. The events
 * page counts what is newer than its snapshot from here instead of asking the edge every 10 s.
 */
export const pushedEvents = {
  get: (): readonly SoundEvent[] => events,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(batch: readonly SoundEvent[]): void {
    const known = new Set(events.map((e) => e.id));
    const fresh = batch.filter((e) => !known.has(e.id));
    if (fresh.length === 0) return;
    events = [...events, ...fresh].slice(-CAPACITY);
    for (const listener of listeners) listener();
  },
  clear(): void {
    events = [];
    for (const listener of listeners) listener();
  },
};

export function usePushedEvents(): readonly SoundEvent[] {
  return useSyncExternalStore(pushedEvents.subscribe, pushedEvents.get);
}
