import { z } from 'zod';
import { getEdge, type EdgeAccess } from './recent.js';

/** Pages read per handover at most: the edge's counts never size a loop. */
export const MAX_COMPOSITE_PAGES = 10;
export const MAX_EVENT_PAGES = 40;
export const MAX_MIC_PAGES = 50;
const COMPOSITE_PAGE_SIZE = 50;
const PAGE_SIZE = 100;
const BUSIEST_MICS = 5;
const MIC_CACHE_MS = 5 * 60_000;

const nameSchema = z.object({ ko: z.string().catch(''), en: z.string().catch('') }).loose();
export type LocalName = z.infer<typeof nameSchema>;
const labelSchema = z.object({ id: z.string(), name: nameSchema }).loose();
const compositePage = z.object({
  results: z.array(
    z
      .object({
        id: z.string(),
        started_at: z.string(),
        rule: z.object({ id: z.string(), name: z.string() }).loose(),
        labels: z.array(labelSchema).catch([]),
        mics: z
          .array(
            z.object({ id: z.string(), name: z.string().catch(''), edge_id: z.string().nullish().catch(null) }).loose(),
          )
          .catch([]),
        events: z.array(z.object({ id: z.string() }).loose()).catch([]),
      })
      .loose(),
  ),
});
const eventPage = z.object({
  results: z.array(
    z
      .object({
        id: z.string(),
        created_at: z.string(),
        label: labelSchema,
        mic: z.object({ id: z.string(), name: z.string() }).loose(),
      })
      .loose(),
  ),
});
const micPage = z.object({ results: z.array(z.object({ id: z.string(), edge_id: z.string() }).loose()) });

/** What an item was, for a person reading the handover: a composite's rule, a base event's label and mic. */
export interface ItemSummary {
  kind: 'composite' | 'event';
  id: string;
  fired_at: string;
  rule: string | null;
  labels: LocalName[];
  mics: string[];
}

export interface Fired {
  composites: number;
  events: number;
  by_label: { id: string; name: LocalName; events: number; composites: number }[];
  by_rule: { id: string; name: string; composites: number }[];
  /** `edge_id` null: mics the console could not place on an edge (beyond the mic scan). */
  by_edge: { edge_id: string | null; events: number; composites: number }[];
  busiest_mics: { id: string; name: string; edge_id: string | null; events: number }[];
  /** false when a page limit stopped a scan: the counts are lower bounds. */
  complete: boolean;
}

export interface FiredScan {
  fired: Fired;
  /** Composites, and base events outside them, that fired in the period, by `kind:id`. */
  items: Map<string, ItemSummary>;
}

/** Up to this many pages of one list are asked for at once (each batch after the previous one answered). */
const PAGES_AT_ONCE = 4;

/**
 * Reads a list page by page, a few pages at a time, until a page comes back short or `limit`
 * pages were read: whatever `max_page` or `total_cnt` claim, never more requests than `limit`.
 */
async function readPages<T>(
  limit: number,
  size: number,
  read: (page: number) => Promise<T[]>,
): Promise<{ results: T[]; complete: boolean }> {
  const results: T[] = [];
  for (let first = 1; first <= limit; first += PAGES_AT_ONCE) {
    const numbers = Array.from({ length: Math.min(PAGES_AT_ONCE, limit - first + 1) }, (_, i) => first + i);
    const batch = await Promise.all(numbers.map(read));
    for (const page of batch) {
      results.push(...page);
      if (page.length < size) return { results, complete: true };
    }
  }
  return { results, complete: false };
}

let micEdges: { at: number; upstream: string; edges: Map<string, string>; complete: boolean } | null = null;

async function edgeOfMics(access: EdgeAccess, authorization: string | null) {
  // The server's token reads the same for everyone; a browser's token is not shared between callers.
  if (micEdges !== null && access.token !== null && micEdges.upstream === access.upstream) {
    if (Date.now() - micEdges.at < MIC_CACHE_MS) return micEdges;
  }
  const { results, complete } = await readPages(MAX_MIC_PAGES, PAGE_SIZE, async (page) => {
    const params = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
    return (await getEdge(access, '/api/v1/mics', params, authorization, micPage)).results;
  });
  const result = {
    at: Date.now(),
    upstream: access.upstream,
    edges: new Map(results.map((mic) => [mic.id, mic.edge_id])),
    complete,
  };
  if (access.token !== null) micEdges = result;
  return result;
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const sortDesc = <T extends object>(rows: T[], count: (row: T) => number) => rows.sort((a, b) => count(b) - count(a));

/** What fired in [from, to] on the edge, counted from a bounded walk of its pages (the three lists at once). */
export async function scanFired(
  access: EdgeAccess,
  from: string,
  to: string,
  authorization: string | null,
): Promise<FiredScan> {
  const [compositeRead, eventRead, mics] = await Promise.all([
    readPages(MAX_COMPOSITE_PAGES, COMPOSITE_PAGE_SIZE, async (page) => {
      const params = new URLSearchParams({
        page: String(page),
        size: String(COMPOSITE_PAGE_SIZE),
        created_at__ge: from,
        created_at__le: to,
        order_by: 'desc',
      });
      return (await getEdge(access, '/api/v1/composite-events', params, authorization, compositePage)).results;
    }),
    readPages(MAX_EVENT_PAGES, PAGE_SIZE, async (page) => {
      const params = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE), start: from, end: to });
      return (await getEdge(access, '/api/v1/events', params, authorization, eventPage)).results;
    }),
    edgeOfMics(access, authorization),
  ]);

  const items = new Map<string, ItemSummary>();
  const labels = new Map<string, { id: string; name: LocalName; events: number; composites: number }>();
  const rules = new Map<string, { id: string; name: string; composites: number }>();
  const edgeEvents = new Map<string | null, number>();
  const edgeComposites = new Map<string | null, number>();
  const micEvents = new Map<string, { id: string; name: string; edge_id: string | null; events: number }>();
  const inComposite = new Set<string>();
  const label = (l: { id: string; name: LocalName }) => {
    let row = labels.get(l.id);
    if (row === undefined) labels.set(l.id, (row = { id: l.id, name: l.name, events: 0, composites: 0 }));
    return row;
  };

  let compositeCount = 0;
  for (const c of compositeRead.results) {
    // Pages of a moving list may repeat an item: count it once.
    if (items.has(`composite:${c.id}`)) continue;
    compositeCount++;
    for (const l of c.labels) label(l).composites++;
    const rule = rules.get(c.rule.id) ?? { id: c.rule.id, name: c.rule.name, composites: 0 };
    rule.composites++;
    rules.set(c.rule.id, rule);
    for (const edge of new Set(c.mics.map((m) => m.edge_id ?? null))) bump(edgeComposites, edge);
    for (const e of c.events) inComposite.add(e.id);
    items.set(`composite:${c.id}`, {
      kind: 'composite',
      id: c.id,
      fired_at: c.started_at,
      rule: c.rule.name,
      labels: c.labels.map((l) => l.name),
      mics: c.mics.map((m) => m.name),
    });
  }

  const seenEvents = new Set<string>();
  for (const e of eventRead.results) {
    if (seenEvents.has(e.id)) continue;
    seenEvents.add(e.id);
    label(e.label).events++;
    const edge = mics.edges.get(e.mic.id) ?? null;
    bump(edgeEvents, edge);
    const mic = micEvents.get(e.mic.id) ?? { id: e.mic.id, name: e.mic.name, edge_id: edge, events: 0 };
    mic.events++;
    micEvents.set(e.mic.id, mic);
    if (!inComposite.has(e.id)) {
      items.set(`event:${e.id}`, {
        kind: 'event',
        id: e.id,
        fired_at: e.created_at,
        rule: null,
        labels: [e.label.name],
        mics: [e.mic.name],
      });
    }
  }

  const edges = new Set([...edgeEvents.keys(), ...edgeComposites.keys()]);
  return {
    items,
    fired: {
      composites: compositeCount,
      events: seenEvents.size,
      by_label: sortDesc([...labels.values()], (row) => row.events + row.composites),
      by_rule: sortDesc([...rules.values()], (row) => row.composites),
      by_edge: sortDesc(
        [...edges].map((edge_id) => ({
          edge_id,
          events: edgeEvents.get(edge_id) ?? 0,
          composites: edgeComposites.get(edge_id) ?? 0,
        })),
        (row) => row.events + row.composites,
      ),
      busiest_mics: sortDesc([...micEvents.values()], (row) => row.events).slice(0, BUSIEST_MICS),
      complete: compositeRead.complete && eventRead.complete && (mics.complete || edgeEvents.get(null) === undefined),
    },
  };
}
