import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { refuseIssues } from '../http/errors.js';
import { z } from 'zod';
import type { ConsoleDb } from '../db/database.js';
import { reviewFlags } from '../priority/store.js';
import { implicitItem, OUTCOMES, type Outcome, type ReviewItem } from './model.js';
import { scanFired, type Fired, type ItemSummary } from './handover-scan.js';
import type { EdgeAccess } from './recent.js';
import { responseTimes } from './response-times.js';
import { reviewsForHandover } from './store.js';

/** Review rows read per handover at most; lists sent at most. */
const MAX_ROWS = 2000;
export const MAX_RESOLVED_LISTED = 500;
export const MAX_OPEN_LISTED = 100;
const MAX_SPAN_DAYS = 31;

export const handoverQuery = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .transform(({ from, to }) => ({ from: new Date(from).toISOString(), to: new Date(to).toISOString() }))
  .refine(({ from, to }) => from < to, { message: 'from must be before to', path: ['from'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= MAX_SPAN_DAYS * 86_400_000, {
    message: `a handover covers at most ${MAX_SPAN_DAYS} days`,
    path: ['to'],
  });

export interface HandoverItem extends Pick<
  ReviewItem,
  | 'kind'
  | 'id'
  | 'state'
  | 'assignee'
  | 'outcome'
  | 'note'
  | 'fired_at'
  | 'acknowledged_by'
  | 'acknowledged_at'
  | 'resolved_by'
  | 'resolved_at'
> {
  /** What fired, when the item fired in the period (the edge was read for it); null otherwise. */
  summary: Pick<ItemSummary, 'rule' | 'labels' | 'mics'> | null;
}

const toItem = (review: ReviewItem, summary: ItemSummary | undefined): HandoverItem => ({
  kind: review.kind,
  id: review.id,
  state: review.state,
  assignee: review.assignee,
  outcome: review.outcome,
  note: review.note,
  // The edge's time when the handover read it; else the one the review kept (the edge's too, since issue 24).
  fired_at: summary?.fired_at ?? review.fired_at ?? null,
  acknowledged_by: review.acknowledged_by,
  acknowledged_at: review.acknowledged_at,
  resolved_by: review.resolved_by,
  resolved_at: review.resolved_at,
  summary: summary === undefined ? null : { rule: summary.rule, labels: summary.labels, mics: summary.mics },
});

const newest = (a: HandoverItem, b: HandoverItem) => (b.fired_at ?? '').localeCompare(a.fired_at ?? '');
const inPeriod = (at: string | null, from: string, to: string) => at !== null && at >= from && at <= to;

/**
 * The shift handover for [from, to]: what fired (from a bounded read of the edge), what was
 * acknowledged and resolved and by whom, how fast, and what is still open with its owner.
 */
export async function buildHandover(
  db: ConsoleDb,
  edge: EdgeAccess,
  period: { from: string; to: string },
  authorization: string | null,
) {
  const { from, to } = period;
  let fired: Fired | null = null;
  let edgeError: string | null = null;
  let scanned = new Map<string, ItemSummary>();
  try {
    const scan = await scanFired(edge, from, to, authorization);
    fired = scan.fired;
    scanned = scan.items;
  } catch (error) {
    // The review half of the handover is the console's own: it is still worth showing.
    edgeError = error instanceof Error ? error.message : String(error);
  }
  const rows = await reviewsForHandover(db, from, to, MAX_ROWS);
  const items = rows.map((row) => toItem(row, scanned.get(`${row.kind}:${row.id}`)));
  const reviewed = new Set(rows.map((row) => `${row.kind}:${row.id}`));

  const resolved = items.filter((item) => inPeriod(item.resolved_at, from, to));
  const byOutcome = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const item of resolved) if (item.outcome !== null) byOutcome[item.outcome]++;

  const people = new Map<string, { name: string; acknowledged: number; resolved: number }>();
  const person = (name: string) => {
    let row = people.get(name);
    if (row === undefined) people.set(name, (row = { name, acknowledged: 0, resolved: 0 }));
    return row;
  };
  for (const item of items) {
    if (item.acknowledged_by !== null && inPeriod(item.acknowledged_at, from, to))
      person(item.acknowledged_by).acknowledged++;
    if (item.resolved_by !== null && inPeriod(item.resolved_at, from, to)) person(item.resolved_by).resolved++;
  }

  const untouched = [...scanned.values()].filter((summary) => !reviewed.has(`${summary.kind}:${summary.id}`));
  // Detections below the review level ask for nobody: they are not left open for the next shift.
  const flags = await reviewFlags(db, untouched);
  const detection = (summary: ItemSummary) => flags.get(`${summary.kind}:${summary.id}`) === false;
  const stillNew = untouched
    .filter((summary) => !detection(summary))
    .map((summary) => toItem({ ...implicitItem(summary), fired_at: summary.fired_at }, summary));
  const owned = items.filter((item) => item.state !== 'resolved').sort(newest);
  const byKind = (kind: 'composite' | 'event') => stillNew.filter((item) => item.kind === kind).sort(newest);
  const open = [...owned, ...byKind('composite'), ...byKind('event')];

  return {
    from,
    to,
    fired,
    edge_error: edgeError,
    response_times: responseTimes(items, from, to),
    resolved: {
      total: resolved.length,
      by_outcome: byOutcome,
      items: resolved
        .sort((a, b) => (b.resolved_at ?? '').localeCompare(a.resolved_at ?? ''))
        .slice(0, MAX_RESOLVED_LISTED),
    },
    people: [...people.values()].sort((a, b) => b.resolved + b.acknowledged - (a.resolved + a.acknowledged)),
    open: {
      total: open.length,
      new: open.filter((item) => item.state === 'new').length,
      acknowledged: open.filter((item) => item.state === 'acknowledged').length,
      unowned: open.filter((item) => item.assignee === null).length,
      /** Detections nobody acted on, below the review level: counted, never listed as open. */
      detections: untouched.filter(detection).length,
      items: open.slice(0, MAX_OPEN_LISTED),
    },
    /** The console's own rows were cut at their limit: counts may be low. */
    capped: rows.length >= MAX_ROWS,
  };
}

export function registerHandoverRoute(
  app: FastifyInstance,
  options: { db: ConsoleDb; edge: EdgeAccess; signedIn: preHandlerAsyncHookHandler },
): void {
  app.get('/api/review/handover', { preHandler: options.signedIn }, async (request, reply) => {
    const parsed = handoverQuery.safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    const handover = await buildHandover(options.db, options.edge, parsed.data, request.headers.authorization ?? null);
    return reply.header('cache-control', 'no-store').send(handover);
  });
}
