import { useSyncExternalStore } from 'react';
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

let state: LiveState = { status: 'off', health: null, heardAt: null };
const listeners = new Set<() => void>();

export const liveState = {
  get: (): LiveState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(patch: Partial<LiveState>): void {
    const next = { ...state, ...patch };
    if (next.status === state.status && next.health === state.health && next.heardAt === state.heardAt) return;
    state = next;
    for (const listener of listeners) listener();
  },
};

/** True while pushes arrive: pages turn their polling off, and back on by themselves when it is false. */
export function useLive(): boolean {
  return useSyncExternalStore(liveState.subscribe, () => liveState.get().status === 'live');
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
