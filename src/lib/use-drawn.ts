import { useDeferredValue } from 'react';

/**
 * The query as the page should draw it: its first data is held back for one deferred render,
 * which React splits into short slices (a table drawn at once held a phone's main thread for most
 * of a second). Everything the page derives from the data (its table, its count in the header)
 * changes in that one render, so nothing moves above a loading state that is still showing.
 * Data already there when the page opens, and every later answer, are drawn at once.
 */
export function useDrawn<Q extends { data: unknown }>(query: Q): Q {
  const drawn = useDeferredValue(query.data !== undefined);
  return drawn || query.data === undefined ? query : { ...query, data: undefined };
}
