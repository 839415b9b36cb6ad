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

let state: EdgeConnection = { status: 'connecting', lastOkAt: null, since: null, message: null };
const listeners = new Set<() => void>();

function set(next: EdgeConnection): void {
  if (next.status === state.status && next.lastOkAt === state.lastOkAt && next.message === state.message) return;
  state = next;
  for (const listener of listeners) listener();
}

/** What every API call learns about the edge; the header and the wall display read it. */
export const edgeConnection = {
  get: (): EdgeConnection => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  succeeded(at = Date.now()): void {
    // Coarse to the second so a busy page does not re-render the header on every response.
    set({ status: 'live', lastOkAt: Math.floor(at / 1000) * 1000, since: null, message: null });
  },
  failed(error: ApiError, method: string, at = Date.now()): void {
    if (error.isUnauthorized && method === 'GET') {
      set({
        status: 'unauthorized',
        lastOkAt: state.lastOkAt,
        since: state.status === 'unauthorized' ? state.since : at,
        message: error.message,
      });
    } else if (error.isTransient) {
      set({
        status: 'unreachable',
        lastOkAt: state.lastOkAt,
        since: state.status === 'unreachable' ? state.since : at,
        message: error.message,
      });
    }
  },
  reset(): void {
    state = { status: 'connecting', lastOkAt: null, since: null, message: null };
    for (const listener of listeners) listener();
  },
};
