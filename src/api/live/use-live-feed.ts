import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { edgeConnection } from '../connection';
import { compositeEventQueries, eventQueries } from '../queries';
import { applyComposites, applyEvents, applyMics, applyReset, LIVE_MERGE } from './apply';
import { liveFilterQuery, useCurrentLiveFilter } from './live-filter';
import { liveState } from './live-status';
import {
  compositeMessageSchema,
  eventMessageSchema,
  hubHealthSchema,
  micsMessageSchema,
  resetMessageSchema,
} from './messages';

/** The hub sends its health every 15 s at least; this long without a word means the stream is stuck. */
export const SILENCE_MS = 35_000;
/** Waits before opening the stream again after it failed, growing with each failure in a row. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000, 60_000];

/** The newest message id this tab received, kept across reopenings so a new stream resumes after it. */
let lastEventId: string | null = null;

/** Lists that take pushes and were read before the stream opened may have missed something: they read again. */
function catchUp(queryClient: QueryClient, openedAt: number): void {
  for (const key of [eventQueries.lists(), compositeEventQueries.lists()]) {
    void queryClient.invalidateQueries({
      queryKey: key,
      predicate: (query) =>
        (query.meta as { live?: string } | undefined)?.live === LIVE_MERGE.live && query.state.dataUpdatedAt < openedAt,
    });
  }
}

/**
 * One EventSource per tab on GET /live, feeding the React Query caches. Mounted once, under the
 * sign-in gate. While it is not `live` (opening, failed, silent, or no hub at all), pages poll
 * as before; they stop once it is, and start again by themselves if it fails.
 */
export function useLiveFeed(enabled: boolean): void {
  const queryClient = useQueryClient();
  const filter = useCurrentLiveFilter();
  const filterQuery = liveFilterQuery(filter);
  const streamEdge = filter.edgeId;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      liveState.set({ status: 'off' });
      return;
    }
    let source: EventSource | null = null;
    let silence: number | undefined;
    let retry: number | undefined;
    let failures = 0;
    let opened = false;
    let stopped = false;

    const fallBack = () => {
      if (!stopped) liveState.set({ status: 'fallback' });
    };
    const reopenLater = () => {
      source?.close();
      source = null;
      fallBack();
      window.clearTimeout(retry);
      retry = window.setTimeout(open, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures++;
    };
    const heard = (event: MessageEvent) => {
      if (event.lastEventId !== '') lastEventId = event.lastEventId;
      window.clearTimeout(silence);
      silence = window.setTimeout(reopenLater, SILENCE_MS);
      liveState.set({ status: 'live', heardAt: Date.now() });
    };
    /** A message that does not read as it should: what it would have changed is fetched instead. */
    const handle =
      <T>(parse: (data: unknown) => { success: true; data: T } | { success: false }, use: (data: T) => void) =>
      (event: MessageEvent) => {
        heard(event);
        let data: unknown;
        try {
          data = JSON.parse(event.data as string);
        } catch {
          data = undefined;
        }
        const parsed = parse(data);
        if (parsed.success) use(parsed.data);
        else applyReset(queryClient, ['mics', 'events', 'composites']);
      };

    function open() {
      if (stopped) return;
      const params = new URLSearchParams(filterQuery);
      if (lastEventId !== null) params.set('last_event_id', lastEventId);
      const query = params.toString();
      liveState.set({ status: liveState.get().status === 'live' ? 'live' : 'connecting' });
      const stream = new EventSource(`/live${query === '' ? '' : `?${query}`}`);
      source = stream;
      stream.addEventListener('open', () => {
        failures = 0;
        window.clearTimeout(silence);
        silence = window.setTimeout(reopenLater, SILENCE_MS);
        liveState.set({ status: 'live', heardAt: Date.now() });
        if (!opened) catchUp(queryClient, Date.now());
        opened = true;
      });
      stream.addEventListener('error', () => {
        // The browser retries a dropped stream by itself (sending Last-Event-ID); a refused one stays closed.
        if (stream.readyState === EventSource.CLOSED) reopenLater();
        else fallBack();
      });
      stream.addEventListener(
        'health',
        handle(hubHealthSchema.safeParse, (health) => {
          liveState.set({ health });
          edgeConnection.fromHub(health);
        }),
      );
      stream.addEventListener(
        'mics',
        handle(micsMessageSchema.safeParse, (message) => applyMics(queryClient, message, streamEdge)),
      );
      stream.addEventListener(
        'event',
        handle(eventMessageSchema.safeParse, (message) => applyEvents(queryClient, message.events)),
      );
      stream.addEventListener(
        'composite',
        handle(compositeMessageSchema.safeParse, (message) => applyComposites(queryClient, message.composites)),
      );
      stream.addEventListener(
        'reset',
        handle(resetMessageSchema.safeParse, (message) => applyReset(queryClient, message.scope)),
      );
    }

    open();
    return () => {
      stopped = true;
      window.clearTimeout(silence);
      window.clearTimeout(retry);
      source?.close();
      liveState.set({ status: 'off' });
    };
  }, [enabled, filterQuery, streamEdge, queryClient]);
}
