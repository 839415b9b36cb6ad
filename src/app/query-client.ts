import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, auditQueries, edgeConnection } from '@/api';

/** A failure that may pass by itself: the edge away or overloaded. A refusal (4xx) or a wrong shape will not. */
const mayPass = (error: unknown) => error instanceof ApiError && error.isTransient;

/** Backoff between retries: 1 s, 2 s, 4 s … capped at 30 s, so a dead edge is not hammered. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // Every write through the console, saved or refused, adds to the audit trail: shown histories re-read it.
    mutationCache: new MutationCache({
      onSettled: () => queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
    }),
    defaultOptions: {
      queries: {
        // Only failures that may pass are retried; a 4xx or a wrong shape will not fix itself.
        retry: (failureCount, error) => mayPass(error) && failureCount < 3 && !edgeConnection.hubReportsDown(),
        retryDelay,
        staleTime: 10_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * Reads that failed while the edge was away are read again once it is back, whoever noticed (the
 * hub's stream or this tab's own polling): a section that never got its answer would otherwise keep
 * its error beside pages that recovered. Only failures that may pass: a refused read stays refused
 * when another answer comes through. Returns the unsubscribe.
 */
export function rereadFailedOnReturn(queryClient: QueryClient): () => void {
  const isAway = (status: string) => status === 'unreachable' || status === 'unauthorized';
  let away = isAway(edgeConnection.get().status);
  return edgeConnection.subscribe(() => {
    const { status } = edgeConnection.get();
    if (away && status === 'live')
      void queryClient.invalidateQueries(
        { predicate: (query) => query.state.status === 'error' && mayPass(query.state.error) },
        // A read already under way (a poll about to succeed) is not cut off and asked again.
        { cancelRefetch: false },
      );
    away = isAway(status);
  });
}
