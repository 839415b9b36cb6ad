import type { CompositeEvent, Mic, SoundEvent } from '../edge/schemas.js';

/** What one screen asked for in the query string of `/live`; null means "everything". */
export interface SubscriberFilter {
  edgeId: string | null;
  labelIds: ReadonlySet<string> | null;
  micIds: ReadonlySet<string> | null;
  windowMs: number | null;
}

export const NO_FILTER: SubscriberFilter = { edgeId: null, labelIds: null, micIds: null, windowMs: null };

const MAX_WINDOW_MINUTES = 366 * 24 * 60;
const MAX_IDS = 500;

export class FilterError extends Error {}

/** Reads `edge_id`, `label_id` (repeatable), `mic_id` (repeatable) and `window` (minutes, or `15m`/`2h`/`1d`). */
export function parseFilter(query: URLSearchParams): SubscriberFilter {
  const edgeId = query.get('edge_id');
  const labels = query.getAll('label_id').filter((id) => id !== '');
  const mics = query.getAll('mic_id').filter((id) => id !== '');
  if (labels.length > MAX_IDS || mics.length > MAX_IDS) throw new FilterError(`At most ${MAX_IDS} ids per filter`);
  const rawWindow = query.get('window');
  let windowMs: number | null = null;
  if (rawWindow !== null && rawWindow !== '') {
    const match = /^(\d{1,7})([mhd]?)$/.exec(rawWindow.trim());
    const unit = { '': 1, m: 1, h: 60, d: 1440 }[match?.[2] ?? ''] ?? 1;
    const minutes = match === null ? NaN : Number(match[1]) * unit;
    if (!(minutes > 0 && minutes <= MAX_WINDOW_MINUTES)) {
      throw new FilterError('window must be a number of minutes (or 15m, 2h, 1d), at most a year');
    }
    windowMs = minutes * 60_000;
  }
  return {
    edgeId: edgeId === null || edgeId === '' ? null : edgeId,
    labelIds: labels.length === 0 ? null : new Set(labels),
    micIds: mics.length === 0 ? null : new Set(mics),
    windowMs,
  };
}

export function isUnfiltered(filter: SubscriberFilter): boolean {
  return filter.edgeId === null && filter.labelIds === null && filter.micIds === null && filter.windowMs === null;
}

const within = (filter: SubscriberFilter, at: string, now: number) =>
  filter.windowMs === null || Date.parse(at) >= now - filter.windowMs;

export function eventMatches(
  filter: SubscriberFilter,
  event: SoundEvent,
  edgeOf: (micId: string) => string | undefined,
  now: number,
): boolean {
  if (filter.labelIds !== null && !filter.labelIds.has(event.label.id)) return false;
  if (filter.micIds !== null && !filter.micIds.has(event.mic.id)) return false;
  if (filter.edgeId !== null && edgeOf(event.mic.id) !== filter.edgeId) return false;
  return within(filter, event.created_at, now);
}

export function compositeMatches(filter: SubscriberFilter, composite: CompositeEvent, now: number): boolean {
  if (filter.labelIds !== null && !composite.labels.some((label) => filter.labelIds!.has(label.id))) return false;
  if (
    filter.micIds !== null &&
    !composite.mics.some((mic) => filter.micIds!.has(mic.id)) &&
    !composite.events.some((event) => filter.micIds!.has(event.mic_id))
  )
    return false;
  if (
    filter.edgeId !== null &&
    !composite.mics.some((mic) => mic.edge_id === filter.edgeId) &&
    !composite.events.some((event) => event.microphone.edge_id === filter.edgeId)
  )
    return false;
  return within(filter, composite.started_at, now);
}

/**
 * Mic changes for a screen that shows one edge: its mics are upserts, and a mic that now belongs
 * to another edge is a removal there (the screen may hold it from before the move).
 */
export function micsFor(filter: SubscriberFilter, upserts: readonly Mic[], removals: readonly string[]) {
  if (filter.edgeId === null) return { upserts, removals };
  const kept = upserts.filter((mic) => mic.edge_id === filter.edgeId);
  const moved = upserts.filter((mic) => mic.edge_id !== filter.edgeId).map((mic) => mic.id);
  return { upserts: kept, removals: [...removals, ...moved] };
}
