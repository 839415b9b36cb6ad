import * as z from 'zod';
import type { EdgeReader } from './edge-reader.js';
import { envelopeSchema } from './schemas.js';

/** Largest page the interface allows (size must be below 101). */
export const PAGE_SIZE = 100;

export interface PagesRead<T> {
  items: T[];
  /** `total_cnt` of the first page, as the edge reported it (never used to size anything). */
  reportedTotal: number | null;
  pages: number;
  /** False when the walk stopped at the page cap, or because pages stopped bringing anything new. */
  complete: boolean;
}

export interface ReadPagesOptions<T> {
  path: string;
  query?: Record<string, string | readonly string[]>;
  item: z.ZodType<T>;
  idOf: (item: T) => string;
  maxPages: number;
  /** Items per page, at most PAGE_SIZE (composite events are large: smaller pages for them). */
  size?: number;
}

/**
 * Walks a list endpoint page by page at the largest size, one request at a time. It stops at a
 * short or empty page, at the edge's own `max_page`, at `maxPages`, or at a page that holds only
 * items already read (an edge ignoring `page`). `max_page` and `total_cnt` only ever stop the
 * walk early: no loop bound or allocation comes from them.
 */
export async function readPages<T>(reader: EdgeReader, options: ReadPagesOptions<T>): Promise<PagesRead<T>> {
  const schema = envelopeSchema.extend({ results: z.array(options.item) });
  const size = Math.min(options.size ?? PAGE_SIZE, PAGE_SIZE);
  const byId = new Map<string, T>();
  let reportedTotal: number | null = null;
  for (let page = 1; page <= options.maxPages; page++) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (typeof value === 'string') query.append(key, value);
      else for (const item of value) query.append(key, item);
    }
    query.set('page', String(page));
    query.set('size', String(size));
    const body = await reader.get(options.path, query, schema);
    if (page === 1) reportedTotal = body.total_cnt;
    let added = 0;
    for (const item of body.results) {
      const id = options.idOf(item);
      if (!byId.has(id)) added++;
      // Pages read moments apart can repeat an item that moved; the later copy wins.
      byId.set(id, item);
    }
    const expected = body.size > 0 && body.size <= size ? body.size : size;
    const last = body.results.length < expected || (body.max_page >= 1 && page >= body.max_page);
    if (last) return { items: [...byId.values()], reportedTotal, pages: page, complete: true };
    if (added === 0) return { items: [...byId.values()], reportedTotal, pages: page, complete: false };
  }
  return { items: [...byId.values()], reportedTotal, pages: options.maxPages, complete: false };
}
