import * as z from 'zod';
import type { EdgeClient, EdgeGetOptions } from './client.js';
import { count } from './schemas.js';
import { toSearchParams, type EdgeQuery } from './url.js';

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
  query?: EdgeQuery;
  item: z.ZodType<T>;
  idOf: (item: T) => string;
  maxPages: number;
  /** Items per page, at most PAGE_SIZE (composite events are large: smaller pages for them). */
  size?: number;
  /** The asking browser's token (without a server token), a signal to stop. */
  request?: EdgeGetOptions;
  /** Ends the walk after a page whose items answer the caller's question (an item looked for). */
  stopAfter?: (pageItems: readonly T[]) => boolean;
}

const pageSchemas = new WeakMap<z.ZodType, z.ZodType>();

/** One schema per item schema, so a walk's pages can be recognised from the last walk (EdgeMemo). */
function pageSchemaOf<T>(item: z.ZodType<T>) {
  let schema = pageSchemas.get(item);
  if (schema === undefined) {
    // The counts only stop the walk early, so a page without them is still read (as a short one ends it).
    schema = z.looseObject({
      page: count.optional(),
      size: count.optional(),
      total_cnt: count.optional(),
      max_page: count.optional(),
      results: z.array(item),
    });
    pageSchemas.set(item, schema);
  }
  return schema as z.ZodType<{ page?: number; size?: number; total_cnt?: number; max_page?: number; results: T[] }>;
}

/**
 * Walks a list endpoint page by page at the largest size, one request at a time. It stops at a
 * short or empty page, at the edge's own `max_page`, at `maxPages`, or at a page that holds only
 * items already read (an edge ignoring `page`). `max_page` and `total_cnt` only ever stop the
 * walk early: no loop bound or allocation comes from them.
 */
export async function readPages<T>(edge: Pick<EdgeClient, 'get'>, options: ReadPagesOptions<T>): Promise<PagesRead<T>> {
  const schema = pageSchemaOf(options.item);
  const size = Math.min(options.size ?? PAGE_SIZE, PAGE_SIZE);
  const byId = new Map<string, T>();
  let reportedTotal: number | null = null;
  for (let page = 1; page <= options.maxPages; page++) {
    const query = toSearchParams(options.query);
    query.set('page', String(page));
    query.set('size', String(size));
    const body = await edge.get(options.path, query, schema, options.request);
    if (page === 1) reportedTotal = body.total_cnt ?? null;
    let added = 0;
    for (const item of body.results) {
      const id = options.idOf(item);
      if (!byId.has(id)) added++;
      // Pages read moments apart can repeat an item that moved; the later copy wins.
      byId.set(id, item);
    }
    const expected = body.size !== undefined && body.size > 0 && body.size <= size ? body.size : size;
    const last =
      body.results.length < expected ||
      (body.max_page !== undefined && body.max_page >= 1 && page >= body.max_page) ||
      options.stopAfter?.(body.results) === true;
    if (last) return { items: [...byId.values()], reportedTotal, pages: page, complete: true };
    if (added === 0) return { items: [...byId.values()], reportedTotal, pages: page, complete: false };
  }
  return { items: [...byId.values()], reportedTotal, pages: options.maxPages, complete: false };
}
