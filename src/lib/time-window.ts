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
