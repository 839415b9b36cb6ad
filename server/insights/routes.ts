import type { FastifyInstance, FastifyReply } from 'fastify';
import { refuseIssues } from '../http/errors.js';
import { z } from 'zod';
import { corroborate, neighbourQuery, type CorroborationRules, type HeardEvent } from './corroboration.js';
import { browserStatusOf, EdgeError } from '../edge/errors.js';
import { indexDirectory } from './directory-index.js';
import type { DirectoryMic, EdgeReader } from './edge-reader.js';
import { lonePlace } from './heard-by.js';
import type { HeardByAnswer } from './heard-by-route.js';
import { EDGE_STORE_LAG_MS } from './read-spans.js';

/** Neighbouring mics named in the one extra events query: keeps its URL and its cost bounded. */
export const MAX_NEIGHBOUR_MICS = 100;
/** Pages of 100 walked for that query, whatever the edge's counts say. */
export const MAX_NEIGHBOUR_PAGES = 5;

export interface InsightsOptions {
  reader: EdgeReader;
  rules: CorroborationRules;
}

const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
const isoTime = z
  .string()
  .optional()
  .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 time');

/** The events list's own query: the same page the browser shows. */
const pageQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  start: isoTime,
  end: isoTime,
  mic_id: many,
  label_id: many,
});

export function sendEdgeError(reply: FastifyReply, error: unknown) {
  if (error instanceof EdgeError) {
    return reply.code(browserStatusOf(error)).header('cache-control', 'no-store').send({ detail: error.message });
  }
  throw error;
}

/** Events heard by the neighbours of a page's mics around the page's time span, one bounded walk. */
async function neighbourEvents(
  reader: EdgeReader,
  page: HeardEvent[],
  mics: ReadonlyMap<string, DirectoryMic>,
  near: ReadonlyMap<string, readonly string[]>,
  rules: CorroborationRules,
  authorization: string | undefined,
): Promise<{ events: HeardEvent[]; complete: boolean }> {
  const query = neighbourQuery(page, mics, rules, MAX_NEIGHBOUR_MICS, near);
  if (query === null) return { events: [], complete: true };
  const events: HeardEvent[] = [];
  for (let n = 1; n <= MAX_NEIGHBOUR_PAGES; n++) {
    const found = await reader.events(
      {
        page: n,
        size: 100,
        start: new Date(query.start).toISOString(),
        end: new Date(query.end).toISOString(),
        mic_id: query.micIds,
        label_id: query.labelIds,
      },
      authorization,
    );
    events.push(...found);
    if (found.length < 100) return { events, complete: !query.capped };
  }
  return { events, complete: false };
}

export function registerInsights(app: FastifyInstance, { reader, rules }: InsightsOptions): void {
  app.get('/api/insights/corroboration', async (request, reply) => {
    const parsed = pageQuery.safeParse(request.query);
    if (!parsed.success) return refuseIssues(reply, 'query', parsed.error);
    const q = parsed.data;
    const authorization = request.headers.authorization;
    try {
      const page = await reader.events(
        { page: q.page, size: q.size, start: q.start, end: q.end, mic_id: q.mic_id, label_id: q.label_id },
        authorization,
      );
      const mics = await reader.mics(authorization);
      const near = (await indexDirectory(mics, rules.radiusM)).neighbours;
      // What the edge holds when the walk starts is all it read: a later report is not in it.
      const readThrough = Date.now() - EDGE_STORE_LAG_MS;
      const around = await neighbourEvents(reader, page, mics, near, rules, authorization);
      const heard = corroborate(page, [...page, ...around.events], mics, rules, near);
      const events: Record<string, HeardByAnswer> = {};
      for (const event of page) {
        const micIds = heard.get(event.id) ?? [event.micId];
        events[event.id] = {
          heard_by: micIds.map((micId) => ({ id: micId, name: mics.get(micId)?.name ?? null })),
          // An event whose window is still open (or not yet stored at the edge) may yet be heard by others.
          complete: around.complete && (lonePlace(event, near) || event.at + rules.windowMs <= readThrough),
        };
      }
      return reply.header('cache-control', 'no-store').send({
        radius_m: rules.radiusM,
        window_s: rules.windowMs / 1000,
        complete: around.complete,
        events,
      });
    } catch (error) {
      return sendEdgeError(reply, error);
    }
  });
}
