import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuseIssues } from '../http/errors.js';
import { needsServerToken } from './acoustic-routes.js';
import { indexDirectory } from './directory-index.js';
import type { EdgeReader } from './edge-reader.js';
import { heardByStored, MAX_HEARD_BY_IDS } from './heard-by.js';
import type { InsightsService } from './service.js';

export interface HeardByOptions {
  /** Null when the browser holds the edge token: the console then holds no events to answer from. */
  service: InsightsService | null;
  reader: EdgeReader;
}

/**
 * Who heard one event. `complete`: every event of its window (both sides) was read, so the mics
 * named are all of them; until then a lone own mic means "not known yet", not "alone".
 */
export interface HeardByAnswer {
  heard_by: { id: string; name: string | null }[];
  complete: boolean;
}

const heardByQuery = z.object({
  id: z
    .union([z.string(), z.array(z.string())], { error: `give 1 to ${MAX_HEARD_BY_IDS} event ids` })
    .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
    .pipe(
      z
        .array(z.string().min(1, 'an event id is empty').max(200, 'an event id is too long'))
        .max(MAX_HEARD_BY_IDS, `at most ${MAX_HEARD_BY_IDS} event ids`),
    ),
});

/**
 * GET /api/insights/heard-by?id=…&id=…: who heard each of these events, for the screens that
 * show events the hub pushed (wall, map, a composite event's members). Answered from the events
 * and the mic places the console already holds, never with an edge request, so a wall asking
 * every few seconds costs the edge nothing. Ids the console does not hold (yet) are left out, as
 * are all of them before the hub has read the mic inventory. The answer's `complete` says the
 * bounded read of the events around was not cut short; each event's own, that its window was read.
 */
export function registerHeardBy(app: FastifyInstance, { service, reader }: HeardByOptions): void {
  app.get('/api/insights/heard-by', async (request, reply) => {
    const q = heardByQuery.safeParse(request.query);
    if (!q.success) return refuseIssues(reply, 'query', q.error);
    if (service === null) return needsServerToken(reply);
    const { rules } = service.settings;
    const places = reader.knownMics();
    const found =
      places === null
        ? { heard: new Map<string, string[]>(), complete: true, read: new Set<string>() }
        : await heardByStored(
            service.db,
            q.data.id,
            places,
            rules,
            (await indexDirectory(places, rules.radiusM)).neighbours,
            service.readSpans(),
          );
    const events: Record<string, HeardByAnswer> = {};
    for (const [id, micIds] of found.heard) {
      events[id] = {
        heard_by: micIds.map((micId) => ({ id: micId, name: places?.get(micId)?.name ?? null })),
        complete: found.read.has(id),
      };
    }
    return reply.header('cache-control', 'no-store').send({
      radius_m: rules.radiusM,
      window_s: rules.windowMs / 1000,
      complete: found.complete,
      events,
    });
  });
}
