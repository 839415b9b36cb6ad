import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/store';
import type { SoundEvent } from '../schemas';

/** Enough for any "N newer events" count a page shows; older pushes are dropped first. */
const CAPACITY = 2000;

/**
 * What the count needs of a pushed event. Kept whole, the 2,000 events were about 3 MB of every
 * tab's heap, a 24/7 wall's included, which never shows the count (heap snapshots of a wall 20
 * minutes apart: 4,100 more timestamps and a label name per event, all held here).
 */
export interface PushedEvent {
  id: string;
  createdAt: number;
  micId: string;
  labelId: string;
}

const store = createStore<readonly PushedEvent[]>([]);

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
    const fresh = batch
      .filter((e) => !known.has(e.id))
      .map((e) => ({ id: e.id, createdAt: Date.parse(e.created_at), micId: e.mic.id, labelId: e.label.id }));
    if (fresh.length === 0) return;
    store.set([...events, ...fresh].slice(-CAPACITY));
  },
  clear: (): void => store.set([]),
};

export function usePushedEvents(): readonly PushedEvent[] {
  return useSyncExternalStore(pushedEvents.subscribe, pushedEvents.get);
}
