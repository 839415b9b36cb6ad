import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from './client';
import type { EventListParams } from './endpoints';
import type { EventQuery } from './queries';

/** The console's own insights, computed by its server from the edge's events (not an edge operation). */

const heardBySchema = z.object({ id: z.string(), name: z.nullable(z.string()) });
export const corroborationSchema = z.object({
  radius_m: z.number(),
  window_s: z.number(),
  /** False when the neighbours' events were read only in part (bounded walk): counts are then "at least". */
  complete: z.boolean(),
  events: z.record(z.string(), z.object({ heard_by: z.array(heardBySchema) })),
});
export type Corroboration = z.infer<typeof corroborationSchema>;
export type HeardBy = z.infer<typeof heardBySchema>;

export function getCorroboration(params: EventListParams, signal?: AbortSignal) {
  return request({ path: '/api/insights/corroboration', query: { ...params }, schema: corroborationSchema, signal });
}

export const insightQueries = {
  all: () => ['insights'] as const,
  /**
   * Who heard each event of one events page. Keyed by the page's event ids as well, so it is
   * asked again exactly when the page shown changes.
   */
  corroboration: ({ sinceMinutes, ...params }: EventQuery, shownIds: readonly string[]) =>
    queryOptions({
      queryKey: [...insightQueries.all(), 'corroboration', { ...params, sinceMinutes }, shownIds] as const,
      queryFn: ({ signal }) =>
        getCorroboration(
          {
            ...params,
            start:
              sinceMinutes === undefined ? params.start : new Date(Date.now() - sinceMinutes * 60_000).toISOString(),
          },
          signal,
        ),
      placeholderData: keepPreviousData,
    }),
};
