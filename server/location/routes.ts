import type { FastifyInstance, FastifyReply } from 'fastify';
import { refuseInput } from '../http/errors.js';
import { z } from 'zod';
import type { CompositeCache } from '../edge/composites.js';
import { EdgeError } from '../edge/errors.js';
import { compositeSchema, locateComposite, type SourceAnswer } from './composite.js';

export interface LocationOptions {
  /** Composites read by id through the console's edge client, shared with the audio routes. */
  composites: CompositeCache;
  /** Whether the server holds the edge token (else the caller's is needed). */
  holdsToken: boolean;
  /** NEIGHBOUR_RADIUS_M: how far a mic hears, the nearest-mic radius. */
  hearingRadiusM: number;
}

const params = z.object({ id: z.string().min(1).max(200) });
/** Answers kept, by composite id, while its base events stay the same (walls ask again and again). */
const MAX_REMEMBERED = 200;

function refuse(reply: FastifyReply, status: number, detail: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ detail });
}

/** An edge failure as the hub's routes answer it: the edge's refusal as is, a timeout 504, anything else 502. */
function edgeFailure(reply: FastifyReply, id: string, error: unknown) {
  if (!(error instanceof EdgeError)) throw error;
  if (error.isNotFound) return refuse(reply, 404, `No composite event ${id}`);
  const status = error.kind === 'unauthorized' || error.kind === 'timeout' ? error.status : 502;
  return refuse(reply, status, error.message);
}

/**
 * GET /api/insights/composite-events/:id/source: where each sound of a composite event was made
 * (server/location/), for the drill-down, the map and the wall, and for integrations. Read by
 * anyone the console lets read (every role and wall links: the access rule for /api/* runs
 * before it). The composite is read through the shared composite cache (server/edge/composites.ts: the
 * server's token or, without one, the caller's; the size cap, no redirects, the timeout,
 * credentials removed).
 */
export function registerLocation(app: FastifyInstance, options: LocationOptions): void {
  const remembered = new Map<string, { key: string; answer: SourceAnswer }>();

  app.get('/api/insights/composite-events/:id/source', async (request, reply) => {
    const p = params.safeParse(request.params);
    if (!p.success) return refuseInput(reply, ['path', 'id'], 'give a composite event id of 1 to 200 characters');
    const { id } = p.data;
    const authorization = request.headers.authorization;
    if (!options.holdsToken && !/^Bearer\s+\S+$/i.test(authorization ?? '')) {
      return refuse(reply, 401, 'The edge needs your edge token, and none came with the request.');
    }
    let composite: z.infer<typeof compositeSchema>;
    try {
      composite = await options.composites.get(id, authorization ?? null, compositeSchema);
    } catch (error) {
      return edgeFailure(reply, id, error);
    }
    // Keyed by what the locator reads: a composite that grew, or a mic that moved, is located again.
    const key = JSON.stringify([
      composite.events.map((e) => [e.id, e.label_id, e.created_at, e.sound_level, e.microphone?.location]),
      composite.mics.map((m) => [m.id, m.location]),
    ]);
    let answer = remembered.get(composite.id)?.key === key ? remembered.get(composite.id)!.answer : undefined;
    if (answer === undefined) {
      answer = locateComposite(composite, options.hearingRadiusM);
      if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
      remembered.set(composite.id, { key, answer });
    }
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
