import { hashKey, type QueryKey } from '@tanstack/react-query';
import { createStore } from '@/lib/store';

/**
 * Where the hub's stream stood when each list it merges into was answered (the `live-id` header,
 * server/hub/routes.ts), by the list's query hash. A stream that starts at or before that point
 * brings everything the list could not hold, so the list need not be read again when it opens.
 */
const marks = createStore<Readonly<Record<string, string>>>({});

/** Lists remembered at most: a long shift pages through many, and only the shown ones matter. */
const KEPT = 100;

/** For a list's request: remembers the mark its answer carries, under the list's query. */
export function markList(queryKey: QueryKey): (headers: Headers) => void {
  return (headers) => {
    const mark = headers.get('live-id');
    const hash = hashKey(queryKey);
    const { [hash]: _previous, ...rest } = marks.get();
    const kept = Object.entries(rest).slice(-(KEPT - 1));
    marks.set(mark === null ? Object.fromEntries(kept) : { ...Object.fromEntries(kept), [hash]: mark });
  };
}

const ID = /^([0-9a-f]+)-(\d+)$/;

/**
 * Whether the page's own mark was taken. The page names where the hub's stream stood when it
 * served a page that names the data it reads first (server/route-preload.ts): those answers,
 * still on their way when the stream opens, were read after that point.
 */
const pageMarkTaken = createStore(false);

/** The page's mark, once: a later stream resumes from what it heard, or starts from the lists' own marks. */
export function takePageMark(): string | null {
  if (pageMarkTaken.get() || typeof document === 'undefined') return null;
  pageMarkTaken.set(true);
  return document.querySelector('meta[name="live-id"]')?.getAttribute('content') ?? null;
}

/** The earliest of these lists' marks and `others`: a stream starting there fills them all (null when none). */
export function earliestMark(queryHashes: Iterable<string>, others: readonly (string | null)[] = []): string | null {
  let earliest: { id: string; seq: number } | null = null;
  for (const id of [...[...queryHashes].map((hash) => marks.get()[hash]), ...others]) {
    const seq = Number(ID.exec(id ?? '')?.[2] ?? NaN);
    if (id != null && Number.isFinite(seq) && (earliest === null || seq < earliest.seq)) earliest = { id, seq };
  }
  return earliest?.id ?? null;
}

/** How far after `from` the list with this query hash was read (negative: before), when the same hub read both; else NaN. */
function readAfter(from: string, queryHash: string): number {
  const start = ID.exec(from);
  const mark = ID.exec(marks.get()[queryHash] ?? '');
  return start !== null && mark !== null && start[1] === mark[1] ? Number(mark[2]) - Number(start[2]) : NaN;
}

/**
 * Whether a stream that delivers every message after `from` leaves nothing out of the list with
 * this query hash: its answer was read at or after `from`, by the same hub. A list without a
 * mark, or one from another hub (a restart, another replica), may have missed something.
 */
export const streamCovers = (from: string, queryHash: string): boolean => readAfter(from, queryHash) >= 0;

/** Whether the list with this query hash was read by the hub `from` names, before that point. */
export const readBefore = (from: string, queryHash: string): boolean => readAfter(from, queryHash) < 0;
