import * as z from 'zod/mini';
import { custom, defineSearchParams, flag, oneOf, text, timeWindow, type SearchState } from '@/lib/search-params';

const MIN_REFRESH_SECONDS = 0.25;

export const WALL_SCALE_RANGE = { min: 0.75, max: 2 } as const;

/**
 * A wall screen's setup from its URL (`?edge_id=…&label=…&window=15m&refresh=5&chime=1&lang=ko&scale=1.5`).
 * Unreadable values fall back to the defaults so a typo never leaves a wall blank.
 */
export const wallSearch = defineSearchParams({
  edgeId: text().as('edge_id'),
  label: text(),
  windowMinutes: timeWindow(15, 1440).as('window'),
  // Fractions down to a quarter second let soak benchmarks compress days of refreshes into minutes.
  refreshSeconds: custom(
    z.pipe(
      z.pipe(z.string(), z.transform(Number)),
      z.pipe(
        z.number().check(z.minimum(MIN_REFRESH_SECONDS)),
        z.transform((seconds) => Math.min(300, Math.round(seconds * 4) / 4)),
      ),
    ),
    5,
    String,
  ).as('refresh'),
  chime: flag(),
  lang: oneOf(['en', 'ko'], null),
  /** Size factor on top of the screen's own (`?scale=1.5` for a screen seen from far away). */
  scale: custom(
    z.pipe(
      z.pipe(z.string().check(z.trim(), z.minLength(1)), z.transform(Number)),
      // Kept within the range, so a typo never makes a wall unreadable.
      z.pipe(
        z.number(),
        z.transform((scale) =>
          Math.min(WALL_SCALE_RANGE.max, Math.max(WALL_SCALE_RANGE.min, Math.round(scale * 100) / 100)),
        ),
      ),
    ),
    1,
    String,
  ),
});
export type WallConfig = SearchState<typeof wallSearch>;
export const DEFAULT_WALL_CONFIG = wallSearch.defaults;

/** Mics change rarely: a wall re-reads them at most once a minute, however fast it refreshes events. */
export function micRefreshMs(config: WallConfig): number {
  return Math.max(60_000, config.refreshSeconds * 12_000);
}

/** Data older than this without a successful refresh is stale even if no request has failed yet. */
export function staleAfterMs(config: WallConfig): number {
  return Math.max(15_000, config.refreshSeconds * 3_000);
}
