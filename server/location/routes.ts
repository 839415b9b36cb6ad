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

const compositeId = z.string().min(1).max(200);
const params = z.object({ id: compositeId });
/** The wall asks for its kept incidents at once (10); a list page could ask for its page. */
export const MAX_SOURCE_IDS = 50;
const batchQuery = z.object({
  id: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]),
    z.array(compositeId).min(1).max(MAX_SOURCE_IDS),
  ),
});
/** Answers kept, by composite id, while its base events stay the same (walls ask again and again). */
const MAX_REMEMBERED = 200;

/** Why a composite's place could not be given: the status and words its own route answers with. */
export interface PlaceFailure {
  status: number;
  detail: string;
}

function refuse(reply: FastifyReply, status: number, detail: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ detail });
}

/** An edge failure as the hub's routes answer it: the edge's refusal as is, a timeout 504, anything else 502. */
function edgeFailure(id: string, error: unknown): PlaceFailure {
  if (!(error instanceof EdgeError)) throw error;
  if (error.isNotFound) return { status: 404, detail: `No composite event ${id}` };
  const status = error.kind === 'unauthorized' || error.kind === 'timeout' ? error.status : 502;
  return { status, detail: error.message };
}

/**
 * Where each sound of a composite event was made (server/location/), for the drill-down, the map
 * and the wall, and for integrations. Read by anyone the console lets read (every role and wall
 * links: the access rule for /api/* runs before these routes). The composite is read through the
 * shared composite cache (server/edge/composites.ts: the server's token or, without one, the
 * caller's; the size cap, no redirects, the timeout, credentials removed).
 *
 * GET /api/insights/composite-events/:id/source: one composite's answer.
 * GET /api/insights/composite-events/sources?id=…: up to MAX_SOURCE_IDS at once, each answer or
 * failure by id (the wall's first screen: one request beside the review states, not one per card
 * after them).
 */
export function registerLocation(app: FastifyInstance, options: LocationOptions): void {
  const remembered = new Map<string, { key: string; answer: SourceAnswer }>();

  async function placeOf(id: string, authorization: string | null): Promise<SourceAnswer | PlaceFailure> {
    let composite: z.infer<typeof compositeSchema>;
    try {
      composite = await options.composites.get(id, authorization, compositeSchema);
    } catch (error) {
      return edgeFailure(id, error);
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
    return answer;
  }

  /** Without the server's token the edge needs the caller's, as a bearer token. */
  const needsToken = (authorization: string | undefined) =>
    !options.holdsToken && !/^Bearer\s+\S+$/i.test(authorization ?? '');
  const NO_TOKEN = 'The edge needs your edge token, and none came with the request.';

  app.get('/api/insights/composite-events/:id/source', async (request, reply) => {
    const p = params.safeParse(request.params);
    if (!p.success) return refuseInput(reply, ['path', 'id'], 'give a composite event id of 1 to 200 characters');
    const authorization = request.headers.authorization;
    if (needsToken(authorization)) return refuse(reply, 401, NO_TOKEN);
    const place = await placeOf(p.data.id, authorization ?? null);
    if ('status' in place) return refuse(reply, place.status, place.detail);
    return reply.header('cache-control', 'no-store').send(place);
  });

  app.get('/api/insights/composite-events/sources', async (request, reply) => {
    const q = batchQuery.safeParse(request.query);
    if (!q.success) {
      return refuseInput(
        reply,
        ['query', 'id'],
        `give 1 to ${MAX_SOURCE_IDS} composite event ids of 1 to 200 characters`,
      );
    }
    const authorization = request.headers.authorization;
    if (needsToken(authorization)) return refuse(reply, 401, NO_TOKEN);
    const ids = [...new Set(q.data.id)];
    // Read side by side: the composite cache asks the edge once per id, and backs off for all while it is down.
    const places = await Promise.all(ids.map((id) => placeOf(id, authorization ?? null)));
    const sources: Record<string, SourceAnswer> = {};
    const failed: Record<string, PlaceFailure> = {};
    ids.forEach((id, i) => {
      const place = places[i]!;
      if ('status' in place) failed[id] = place;
      else sources[id] = place;
    });
    return reply.header('cache-control', 'no-store').send({ sources, failed });
  });
}
