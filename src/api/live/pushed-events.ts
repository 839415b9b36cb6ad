import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/store';
import type { SoundEvent } from '../schemas';

/** Enough for any "N newer events" count a page shows; older pushes are dropped first. */
const CAPACITY = 2000;

const store = createStore<readonly SoundEvent[]>([]);

/**
 * The events the stream pushed since this tab opened it, newest last, de-duplicated. The events
 * page counts what is newer than its snapshot from here instead of asking the edge every 10 s.
 */
export const pushedEvents = {
  get: store.get,
  subscribe: store.subscribe,
  add(batch: readonly SoundEvent[]): void {
    const events = store.get();
    const known = new Set(events.map((e) => e.id));
    const fresh = batch.filter((e) => !known.has(e.id));
    if (fresh.length === 0) return;
    store.set([...events, ...fresh].slice(-CAPACITY));
  },
  clear: (): void => store.set([]),
};

export function usePushedEvents(): readonly SoundEvent[] {
  return useSyncExternalStore(pushedEvents.subscribe, pushedEvents.get);
}
