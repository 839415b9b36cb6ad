import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { refuseIssues } from '../http/errors.js';
import { z } from 'zod';
import { itemIdSchema } from './model.js';
import { getEdge, type EdgeAccess } from './recent.js';

/** Ids asked about at once: the events page shows at most 100 rows. */
export const MAX_MEMBERSHIP_IDS = 100;
/** Composite pages read per question at most, whatever the edge's counts say. */
export const MAX_MEMBERSHIP_PAGES = 4;
const PAGE_SIZE = 50;
/**
 * A composite event is created when its rule fires and then takes in events for the rest of its
 * window, so one holding an event was created at most a rule window before or after it. The
 * interface has no rule list to read the longest window from; 15 minutes covers the demo's
 * longest (10 min) with room, and a longer rule only makes an answer miss, never invent, a link.
 */
export const MEMBERSHIP_SLACK_MS = 15 * 60_000;
const MAX_SPAN_MS = 31 * 86_400_000;

const ids = z
  .union([itemIdSchema, z.array(itemIdSchema)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .refine((list) => list.length <= MAX_MEMBERSHIP_IDS, `At most ${MAX_MEMBERSHIP_IDS} ids per request`);
export const membershipQuery = z
  .object({ id: ids, from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .refine(({ from, to }) => Date.parse(from) <= Date.parse(to), {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= MAX_SPAN_MS, {
    message: 'the events asked about span at most 31 days',
    path: ['to'],
  });

const compositePage = z.object({
  results: z.array(
    z
      .object({
        id: z.string(),
        rule: z
          .object({ name: z.string().catch('') })
          .loose()
          .catch({ name: '' }),
        events: z.array(z.object({ id: z.string() }).loose()).catch([]),
      })
      .loose(),
  ),
});

export interface Membership {
  event_id: string;
  composite_id: string;
  rule: string;
}

/**
 * Which of these base events (created between `from` and `to`) belong to a composite event: a
 * bounded read of the composite events created around them. `complete: false` when the page
 * limit stopped the read, so an event not named may still be part of one.
 */
export async function findMembership(
  edge: EdgeAccess,
  query: { id: string[]; from: string; to: string },
  authorization: string | null,
): Promise<{ memberships: Membership[]; complete: boolean }> {
  const wanted = new Set(query.id);
  const found = new Map<string, Membership>();
  const from = new Date(Date.parse(query.from) - MEMBERSHIP_SLACK_MS).toISOString();
  const to = new Date(Date.parse(query.to) + MEMBERSHIP_SLACK_MS).toISOString();
  for (let page = 1; page <= MAX_MEMBERSHIP_PAGES; page++) {
    const params = new URLSearchParams({
      page: String(page),
      size: String(PAGE_SIZE),
      created_at__ge: from,
      created_at__le: to,
      order_by: 'desc',
    });
    const body = await getEdge(edge, '/api/v1/composite-events', params, authorization, compositePage);
    for (const composite of body.results) {
      for (const event of composite.events) {
        if (wanted.has(event.id) && !found.has(event.id))
          found.set(event.id, { event_id: event.id, composite_id: composite.id, rule: composite.rule.name });
      }
    }
    if (body.results.length < PAGE_SIZE || found.size === wanted.size)
      return { memberships: [...found.values()], complete: true };
  }
  return { memberships: [...found.values()], complete: false };
}

export function registerMembershipRoute(
  app: FastifyInstance,
  options: {
    edge: EdgeAccess;
    signedIn: preHandlerAsyncHookHandler;
  },
): void {
  app.get('/api/review/membership', { preHandler: options.signedIn }, async (request, reply) => {
    const parsed = membershipQuery.safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    try {
      const answer = await findMembership(options.edge, parsed.data, request.headers.authorization ?? null);
      return reply.header('cache-control', 'no-store').send(answer);
    } catch (error) {
      return reply
        .code(502)
        .header('cache-control', 'no-store')
        .send({ detail: `Could not read composite events: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
}
