/**
 * Parses a recency window as people write it in a URL: `15m`, `2h`, `90` (minutes), `1d`.
 * Returns whole minutes within [min, max], or null for anything unreadable.
 */
export function parseWindowMinutes(
  value: string | null | undefined,
  { min = 1, max = 7 * 24 * 60 } = {},
): number | null {
  if (value === null || value === undefined) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(m|min|h|d)?\s*$/i.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 'm').toLowerCase();
  const minutes = Math.round(amount * (unit === 'h' ? 60 : unit === 'd' ? 1440 : 1));
  if (!Number.isFinite(minutes) || minutes < min || minutes > max) return null;
  return minutes;
}

/** The URL form of a window: `15m`, `2h`. */
export function windowParam(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`;
}

/**
 * Where a window of the last `minutes` starts, cut to the whole minute: the console server names
 * the same URL in the page it sends (a route's `{last:N}` data, server/route-preload.ts), so the
 * browser's preload of a page's first list is the very request the page then makes. The window is
 * up to a minute longer than asked.
 */
export function windowStart(minutes: number, now = Date.now()): string {
  return new Date(Math.floor(now / 60_000) * 60_000 - minutes * 60_000).toISOString();
}
