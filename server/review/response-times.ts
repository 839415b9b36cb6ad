/** What one item's review says about how fast the room answered it. */
export interface ResponseTimesInput {
  fired_at: string | null;
  acknowledged_at: string | null;
  resolved_at: string | null;
}

export interface ResponseTime {
  /** Items whose acknowledgement (or resolution) fell in the period and whose firing time is known. */
  count: number;
  /** Median of those durations in milliseconds; null when there are none. */
  median_ms: number | null;
}

export interface ResponseTimes {
  acknowledge: ResponseTime;
  resolve: ResponseTime;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const at = (text: string | null): number | null => {
  if (text === null) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Median time from firing to acknowledgement, and from firing to resolution, over the
 * acknowledgements and resolutions that happened in [from, to]. An item acknowledged but not
 * resolved counts only towards the first. Items whose firing time is unknown are left out; a
 * firing time after the action (clocks of edge and console apart) counts as zero, not negative.
 */
export function responseTimes(items: readonly ResponseTimesInput[], from: string, to: string): ResponseTimes {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const within = (ms: number | null): ms is number => ms !== null && ms >= start && ms <= end;
  const toAcknowledge: number[] = [];
  const toResolve: number[] = [];
  for (const item of items) {
    const fired = at(item.fired_at);
    if (fired === null) continue;
    const acknowledged = at(item.acknowledged_at);
    const resolved = at(item.resolved_at);
    if (within(acknowledged)) toAcknowledge.push(Math.max(0, acknowledged - fired));
    if (within(resolved)) toResolve.push(Math.max(0, resolved - fired));
  }
  return {
    acknowledge: { count: toAcknowledge.length, median_ms: median(toAcknowledge) },
    resolve: { count: toResolve.length, median_ms: median(toResolve) },
  };
}
