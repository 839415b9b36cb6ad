import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/store';
import type { HubHealth } from './messages';

/**
 * - `off`: this console has no hub (the browser holds the edge token) or the tab has not tried.
 * - `connecting`: opening the stream; pages poll meanwhile.
 * - `live`: the stream is open and heard from lately; pages stop polling.
 * - `fallback`: the stream failed or went silent; pages poll as they always did until it recovers.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'fallback';

export interface LiveState {
  status: LiveStatus;
  /** The hub's latest word on the edge. */
  health: HubHealth | null;
  /** When the last message (heartbeats included) arrived. */
  heardAt: number | null;
}

const store = createStore<LiveState>(
  { status: 'off', health: null, heardAt: null },
  (a, b) => a.status === b.status && a.health === b.health && a.heardAt === b.heardAt,
);

export const liveState = {
  get: store.get,
  subscribe: store.subscribe,
  set: (patch: Partial<LiveState>): void => store.set({ ...store.get(), ...patch }),
};

/** True while pushes arrive: pages turn their polling off, and back on by themselves when it is false. */
export function useLive(): boolean {
  return useSyncExternalStore(liveState.subscribe, () => liveState.get().status === 'live');
}

/**
 * The stream's status alone. Every message (heartbeats included) writes `heardAt`: a component
 * reading the whole state re-rendered with each, and each such update restarted whatever page
 * render React was slicing (a trace of /mics at 4x CPU: the table's first draw restarted on the
 * stream's open, health and reset messages, then ran as one long task).
 */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveState.subscribe, () => liveState.get().status);
}

/** The hub's latest word on the edge while the stream is live (null otherwise); see useLiveStatus. */
export function usePushedHealth(): HubHealth | null {
  return useSyncExternalStore(liveState.subscribe, () => {
    const state = liveState.get();
    return state.status === 'live' ? state.health : null;
  });
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(liveState.subscribe, liveState.get);
}

/**
 * A query's polling interval beside the stream: none while pushes arrive, except for a query
 * whose last read failed (nothing will be pushed into it until it has data again).
 */
export function unlessLive(live: boolean, everyMs: number) {
  return (query: { state: { status: string } }): number | false =>
    !live || query.state.status === 'error' ? everyMs : false;
}
