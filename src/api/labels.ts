import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { request } from './client';
import { labelNameSchema } from './schemas';

const labelNamesSchema = lazySchema(() =>
  z.object({
    kept: z.boolean(),
    labels: z.array(z.object({ id: z.string(), name: labelNameSchema })),
    complete: z.boolean(),
  }),
);
export type LabelNames = z.infer<typeof labelNamesSchema>;

/** The ko/en names of every category the console has seen in an event (server/labels). */
export const labelQueries = {
  all: () => ['labels'] as const,
  names: () =>
    queryOptions({
      queryKey: [...labelQueries.all(), 'names'] as const,
      queryFn: ({ signal }) => request({ path: '/api/labels', schema: labelNamesSchema, signal, consoleOnly: true }),
    }),
};
