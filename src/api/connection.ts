import { createStore } from '@/lib/store';
import { ApiError } from './api-error';

export type EdgeStatus = 'connecting' | 'live' | 'unreachable' | 'unauthorized';

export interface EdgeConnection {
  status: EdgeStatus;
  /** When the last request succeeded: data on screen is as fresh as this. */
  lastOkAt: number | null;
  /** When the current problem started. */
  since: number | null;
  message: string | null;
}

const store = createStore<EdgeConnection>(
  { status: 'connecting', lastOkAt: null, since: null, message: null },
  (a, b) => a.status === b.status && a.lastOkAt === b.lastOkAt && a.message === b.message,
);
const { set } = store;
/** The hub's stream said the edge is down (not merely this tab's last request failing). */
const hubDown = createStore(false);

/** What every API call learns about the edge; the header and the wall display read it. */
export const edgeConnection = {
  get: store.get,
  subscribe: store.subscribe,
  succeeded(at = Date.now()): void {
    // Coarse to the second so a busy page does not re-render the header on every response.
    set({ status: 'live', lastOkAt: Math.floor(at / 1000) * 1000, since: null, message: null });
  },
  failed(error: ApiError, method: string, at = Date.now()): void {
    if (error.isUnauthorized && method === 'GET') {
      const state = store.get();
      set({
        status: 'unauthorized',
        lastOkAt: state.lastOkAt,
        since: state.status === 'unauthorized' ? state.since : at,
        message: error.message,
      });
    } else if (error.isTransient) {
      const state = store.get();
      set({
        status: 'unreachable',
        lastOkAt: state.lastOkAt,
        since: state.status === 'unreachable' ? state.since : at,
        message: error.message,
      });
    }
  },
  /**
   * What the hub's stream says of the edge: the hub reads it for every screen, so its word is as
   * good as this tab's own requests (and arrives without them).
   */
  fromHub(health: { status: string; since: string; lastOkAt: string | null; error: string | null }): void {
    hubDown.set(health.status === 'down' || health.status === 'unauthorized');
    const lastOkAt =
      health.lastOkAt === null ? store.get().lastOkAt : Math.floor(Date.parse(health.lastOkAt) / 1000) * 1000;
    const since = Date.parse(health.since);
    if (health.status === 'down') set({ status: 'unreachable', lastOkAt, since, message: health.error });
    else if (health.status === 'unauthorized') set({ status: 'unauthorized', lastOkAt, since, message: health.error });
    else if (health.status === 'ok' || health.status === 'degraded')
      set({ status: 'live', lastOkAt, since: null, message: null });
  },
  /**
   * While the hub's stream reports the edge down, a tab's retries would only add load to an edge the
   * hub is already retrying with back-off; its word that the edge is back refetches what failed.
   */
  hubReportsDown: (): boolean => hubDown.get(),
  reset(): void {
    hubDown.reset();
    store.reset();
  },
};
