import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, auditQueries, edgeConnection } from '@/api';

/** Backoff between retries: 1 s, 2 s, 4 s … capped at 30 s, so a dead edge is not hammered. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * How often a read left failed by a failure that may pass (the edge away, slow or broken) is tried
 * again on its own once its retries are spent, as often as the header's heartbeat reads the edge:
 * a drill-down section opened while the edge was away fills in when it comes back, without anyone
 * pressing Retry. Reads with an interval of their own keep it; while the hub's stream says the edge
 * is down, the hub re-reads failed reads on its return.
 */
export const FAILED_REREAD_MS = 30_000;

const mayPass = (error: unknown) => error instanceof ApiError && error.isTransient && !edgeConnection.hubReportsDown();

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // Every write through the console, saved or refused, adds to the audit trail: shown histories re-read it.
    mutationCache: new MutationCache({
      onSettled: () => queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
    }),
    defaultOptions: {
      queries: {
        // Only failures that may pass are retried; a 4xx or a wrong shape will not fix itself.
        retry: (failureCount, error) => failureCount < 3 && mayPass(error),
        retryDelay,
        refetchInterval: (query) =>
          query.state.status === 'error' && mayPass(query.state.error) ? FAILED_REREAD_MS : false,
        staleTime: 10_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
