import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createStore } from '@/lib/store';
import { edgeConnection } from '../connection';
import { compositeEventQueries, eventQueries } from '../queries';
import { applyComposites, applyEvents, applyMics, applyReset, applyReview, LIVE_MERGE, refetchReviews } from './apply';
import { canShare, joinSharedStream, openEventStream, type Stream } from './event-stream';
import { liveFilterQuery, useCurrentLiveFilter } from './live-filter';
import { earliestMark, readBefore, streamCovers, takePageMark } from './list-marks';
import { liveState } from './live-status';
import {
  compositeMessageSchema,
  eventMessageSchema,
  hubHealthSchema,
  micsMessageSchema,
  resetMessageSchema,
  reviewMessageSchema,
} from './messages';

/** The hub sends its health every 15 s at least; this long without a word means the stream is stuck. */
export const SILENCE_MS = 35_000;

/** The newest message id this tab received, kept across reopenings so a new stream resumes after it. */
const lastEventId = createStore<string | null>(null);

/**
 * Leaving the page drops the stream with an error: that is no reason for the page being left to
 * start polling the edge (a header heartbeat per navigation).
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

const LIVE_LISTS = [eventQueries.lists(), compositeEventQueries.lists()];
const mergesPushes = (query: Query) => (query.meta as { live?: string } | undefined)?.live === LIVE_MERGE.live;

/**
 * Lists that take pushes and were read before the stream opened may have missed something: they
 * read again, unless their answer was read at or after `from`, where the stream starts (its
 * messages since then fill them). On the city's queue that second read was 32 kB with its reviews
 * and priorities, 1.7 s after the first. An answer that arrives later, read before that point
 * (it was on its way), is read again too: what came between is in neither. Returns how to stop.
 */
function catchUp(queryClient: QueryClient, openedAt: number, from: string): () => void {
  // Each list once: the hub's ids only grow, so a later answer read before `from` is not the hub's.
  const readAgain = new Set<string>();
  for (const key of LIVE_LISTS) {
    // A read still under way is not asked for twice (a slow edge would see the same request again):
    // its answer is judged below.
    void queryClient.invalidateQueries(
      {
        queryKey: key,
        predicate: (query) => {
          // A list without data has missed nothing: one that failed is left to its own retries
          // (a token the edge refused is not asked again), one still loading is judged below.
          const stale =
            mergesPushes(query) &&
            query.state.data !== undefined &&
            query.state.dataUpdatedAt < openedAt &&
            !streamCovers(from, query.queryHash);
          if (stale && query.state.fetchStatus === 'idle') readAgain.add(query.queryHash);
          return stale;
        },
      },
      { cancelRefetch: false },
    );
  }
  return queryClient.getQueryCache().subscribe((event) => {
    // A push merged into a list is `manual`; an answer is not.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const { query } = event;
    if (mergesPushes(query) && readBefore(from, query.queryHash) && !readAgain.has(query.queryHash)) {
      readAgain.add(query.queryHash);
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  });
}

/**
 * Where a fresh stream should start so the lists already read miss nothing: the earliest of their
 * marks and, for the page's first stream, where the hub stood when it served the page (the lists
 * it named are read after that, and may still be on their way).
 */
function listsSince(queryClient: QueryClient): string | null {
  const lists = LIVE_LISTS.flatMap((queryKey) => queryClient.getQueryCache().findAll({ queryKey }));
  return earliestMark(
    lists.filter((query) => mergesPushes(query) && query.state.data !== undefined).map((q) => q.queryHash),
    [takePageMark()],
  );
}

/** Reads one message into the caches; one that does not read as it should is fetched instead. */
function dispatch(queryClient: QueryClient, type: string, text: string, streamEdge: string | null): void {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const refetchAll = () => applyReset(queryClient, ['mics', 'events', 'composites']);
  switch (type) {
    case 'health': {
      const parsed = hubHealthSchema.safeParse(data);
      if (!parsed.success) return;
      liveState.set({ health: parsed.data });
      const wasDown = edgeConnection.hubReportsDown();
      edgeConnection.fromHub(parsed.data);
      // Reads that failed while the edge was down were not retried (see query-client.ts): read them now.
      if (wasDown && !edgeConnection.hubReportsDown())
        void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
      return;
    }
    case 'mics': {
      const parsed = micsMessageSchema.safeParse(data);
      return parsed.success ? applyMics(queryClient, parsed.data, streamEdge) : refetchAll();
    }
    case 'event': {
      const parsed = eventMessageSchema.safeParse(data);
      return parsed.success ? applyEvents(queryClient, parsed.data.events) : refetchAll();
    }
    case 'composite': {
      const parsed = compositeMessageSchema.safeParse(data);
      return parsed.success ? applyComposites(queryClient, parsed.data.composites) : refetchAll();
    }
    case 'review': {
      const parsed = reviewMessageSchema.safeParse(data);
      return parsed.success ? applyReview(queryClient, parsed.data) : refetchReviews(queryClient);
    }
    case 'reset': {
      const parsed = resetMessageSchema.safeParse(data);
      // A hub that just started missed no review change; any other reset is a gap.
      if (!parsed.success || parsed.data.reason !== 'hub-started') refetchReviews(queryClient);
      return applyReset(queryClient, parsed.success ? parsed.data.scope : ['mics', 'events', 'composites']);
    }
  }
}

/**
 * The live stream of GET /live, feeding the React Query caches; mounted once per tab, under the
 * sign-in gate. The console's tabs in one browser share one stream; a page that narrows it (the
 * wall) opens its own. While it is not `live` (opening, failed, silent, or no hub at all), pages
 * poll as before; they stop once it is, and start again by themselves if it fails.
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
    let silence: number | undefined;
    let caughtUp = false;
    /** When the stream first opened: a list answered before then may need reading again. */
    let openedAt: number | null = null;
    let stream: Stream | null = null;
    liveState.set({ status: 'connecting' });

    const heard = () => {
      window.clearTimeout(silence);
      silence = window.setTimeout(() => {
        liveState.set({ status: 'fallback' });
        stream?.restart();
      }, SILENCE_MS);
      liveState.set({ status: 'live', heardAt: Date.now() });
    };
    let stopWaiting = () => {};
    const startsAfter = (from: string) => {
      if (caughtUp || openedAt === null) return;
      stopWaiting = catchUp(queryClient, openedAt, from);
      caughtUp = true;
    };
    const handlers = {
      opened(from: string | null) {
        heard();
        openedAt ??= Date.now();
        if (from !== null) startsAfter(from);
      },
      failed: () => {
        if (!leaving) liveState.set({ status: 'fallback' });
      },
      message(type: string, data: string, id: string) {
        if (id !== '') {
          lastEventId.set(id);
          // A fresh stream's first message (its greeting) carries the id it starts from.
          startsAfter(id);
        }
        heard();
        dispatch(queryClient, type, data, streamEdge);
      },
    };
    const lastId = () => lastEventId.get();
    const since = () => listsSince(queryClient);
    stream =
      filterQuery === '' && canShare()
        ? joinSharedStream(lastId, handlers, since)
        : openEventStream(filterQuery, lastId, handlers, since);
    return () => {
      window.clearTimeout(silence);
      stopWaiting();
      stream?.close();
      liveState.set({ status: 'off' });
    };
  }, [enabled, filterQuery, streamEdge, queryClient]);
}
