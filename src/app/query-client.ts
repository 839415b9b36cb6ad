import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, auditQueries, edgeConnection } from '@/api';

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
        retry: (failureCount, error) =>
          error instanceof ApiError && error.isTransient && failureCount < 3 && !edgeConnection.hubReportsDown(),
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
