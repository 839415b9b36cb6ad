import type { QueryClient } from '@tanstack/react-query';
import { micQueries, sessionQueries } from '@/api';
import type { RuntimeConfig } from '@/lib/runtime-config';

/**
 * The map draws nothing until the whole inventory is here (10,000 mics in one answer), so it is
 * asked for as soon as the session is known, while the map's chunk still downloads, rather than
 * after the page renders. Only for a signed-in person on a console that holds the edge's token:
 * otherwise the page's own request says what is wrong.
 */
export function startFirstData(queryClient: QueryClient, config: RuntimeConfig, pathname: string): void {
  if (pathname !== '/map' || config.auth.browserToken) return;
  queryClient.fetchQuery(sessionQueries.me()).then(
    (me) => {
      if (me?.kind === 'account') void queryClient.prefetchQuery(micQueries.inventory());
    },
    () => undefined,
  );
}
