import { distanceMeters, type Place } from './geo.js';

export interface CorroborationRules {
  /** Mics farther apart than this never corroborate each other (NEIGHBOUR_RADIUS_M). */
  radiusM: number;
  /** Same-label events at most this far apart in time corroborate (CORROBORATION_WINDOW_S). */
  windowMs: number;
}

export interface HeardEvent {
  id: string;
  micId: string;
  labelId: string;
  /** Epoch milliseconds. */
  at: number;
}

export interface MicPlace extends Place {
  id: string;
}

/**
 * Every mic within `radiusM` of `micId`, nearest first, itself excluded. Mics without a known
 * place have no neighbours.
 */
export function neighboursOf(micId: string, places: ReadonlyMap<string, MicPlace>, radiusM: number): string[] {
  const own = places.get(micId);
  if (own === undefined) return [];
  const near: { id: string; d: number }[] = [];
  for (const other of places.values()) {
    if (other.id === micId) continue;
    const d = distanceMeters(own, other);
    if (d <= radiusM) near.push({ id: other.id, d });
  }
  return near.sort((a, b) => a.d - b.d || a.id.localeCompare(b.id)).map((n) => n.id);
}

/**
 * For each event, the mics that heard it: its own first, then every other mic within the radius
 * that reported the same label within the window (inclusive at both edges), in the order of
 * their first such report.
 */
export function corroborate(
  events: readonly HeardEvent[],
  candidates: readonly HeardEvent[],
  places: ReadonlyMap<string, MicPlace>,
  rules: CorroborationRules,
  /** Neighbours found beforehand (a grid index): without it each mic is compared with every mic. */
  near?: ReadonlyMap<string, readonly string[]>,
): Map<string, string[]> {
  const byLabel = new Map<string, HeardEvent[]>();
  for (const c of candidates) {
    const list = byLabel.get(c.labelId) ?? [];
    list.push(c);
    byLabel.set(c.labelId, list);
  }
  for (const list of byLabel.values()) list.sort((a, b) => a.at - b.at);
  const neighbourCache = new Map<string, Set<string>>();
  const neighbours = (micId: string) => {
    let set = neighbourCache.get(micId);
    if (set === undefined) {
      set = new Set(near !== undefined ? (near.get(micId) ?? []) : neighboursOf(micId, places, rules.radiusM));
      neighbourCache.set(micId, set);
    }
    return set;
  };

  const out = new Map<string, string[]>();
  for (const event of events) {
    const heardBy = [event.micId];
    const near = neighbours(event.micId);
    const list = byLabel.get(event.labelId) ?? [];
    for (let i = lowerBound(list, event.at - rules.windowMs); i < list.length; i++) {
      const c = list[i]!;
      if (c.at > event.at + rules.windowMs) break;
      if (near.has(c.micId) && !heardBy.includes(c.micId)) heardBy.push(c.micId);
    }
    out.set(event.id, heardBy);
  }
  return out;
}

/** First index whose time is at or after `at` in a list sorted by time. */
function lowerBound(list: readonly HeardEvent[], at: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface NeighbourQuery {
  micIds: string[];
  labelIds: string[];
  start: number;
  end: number;
  /** Some neighbours were left out to keep the query bounded. */
  capped: boolean;
}

/**
 * The one events query that finds every possible corroboration of a page: its mics' neighbours
 * (nearest first, at most `maxMics`), its labels, its time span widened by the window.
 */
export function neighbourQuery(
  events: readonly HeardEvent[],
  places: ReadonlyMap<string, MicPlace>,
  rules: CorroborationRules,
  maxMics: number,
  /** Neighbours found beforehand (a grid index): without it each mic is compared with every mic. */
  near?: ReadonlyMap<string, readonly string[]>,
): NeighbourQuery | null {
  if (events.length === 0) return null;
  const distance = new Map<string, number>();
  for (const micId of new Set(events.map((e) => e.micId))) {
    const own = places.get(micId);
    if (own === undefined) continue;
    for (const id of near !== undefined ? (near.get(micId) ?? []) : neighboursOf(micId, places, rules.radiusM)) {
      const d = distanceMeters(own, places.get(id)!);
      distance.set(id, Math.min(distance.get(id) ?? Infinity, d));
    }
  }
  if (distance.size === 0) return null;
  const ranked = [...distance].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([id]) => id);
  const times = events.map((e) => e.at);
  return {
    micIds: ranked.slice(0, maxMics),
    labelIds: [...new Set(events.map((e) => e.labelId))].sort(),
    start: Math.min(...times) - rules.windowMs,
    end: Math.max(...times) + rules.windowMs,
    capped: ranked.length > maxMics,
  };
}
