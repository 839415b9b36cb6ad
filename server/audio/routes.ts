import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { SIGN_IN_NEEDED } from '../auth/guard.js';
import { unsafeId } from '../edge/url.js';
import type { ClipSource } from './clip-source.js';
import { ClipError } from './edge-clip.js';
import { parseRange } from './range.js';

export const WALL_CANNOT_LISTEN = 'A wall link cannot play clips: a wall has no speaker, and its link is a weaker key.';
/** Browsers may keep a clip a while for seeking and replay; only for this user (private). */
const CLIP_CACHE_CONTROL = 'private, max-age=600';
const MAX_ID = 200;

/** Every signed-in account may listen, whatever its role; a wall link may not. */
export const mayListen: preHandlerAsyncHookHandler = async (request, reply) => {
  const principal = request.principal;
  if (principal === null) return refuse(reply, 401, SIGN_IN_NEEDED);
  if (principal.kind !== 'account') return refuse(reply, 403, WALL_CANNOT_LISTEN);
};

export function refuse(reply: FastifyReply, status: number, detail: string, reason?: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(reason === undefined ? { detail } : { detail, reason });
}

export const badId = (id: string) => id.length > MAX_ID || unsafeId(id);

/** How a failed clip is answered: the reason in words and as a key the player shows on its row. */
export function clipFailure(reply: FastifyReply, error: unknown) {
  if (error instanceof ClipError) return refuse(reply, error.status, error.message, error.reason);
  throw error;
}

/**
 * GET /api/audio/composite-events/:id/events/:eventId: the clip of one base event, read by the
 * console from the edge (ClipSource) and sent from memory, whole or as the one byte range asked
 * for (206 with Content-Range), so the player can seek. The browser never sees the edge.
 */
export function registerAudioRoute(app: FastifyInstance, clips: ClipSource): void {
  app.get<{ Params: { id: string; eventId: string } }>(
    '/api/audio/composite-events/:id/events/:eventId',
    { preHandler: mayListen, compress: false },
    async (request, reply) => {
      const { id, eventId } = request.params;
      if (badId(id) || badId(eventId)) return refuse(reply, 404, 'Not Found');
      let clip;
      try {
        clip = await clips.clip(id, eventId, request.headers.authorization ?? null);
      } catch (error) {
        return clipFailure(reply, error);
      }
      const length = clip.bytes.byteLength;
      reply
        .header('content-type', clip.type)
        .header('accept-ranges', 'bytes')
        .header('cache-control', CLIP_CACHE_CONTROL);
      const range = parseRange(request.headers.range, length);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${length}`)
          .type('application/json; charset=utf-8')
          .send({ detail: `The clip has ${length} bytes.` });
      }
      if (range === null) return reply.code(200).header('content-length', length).send(clip.bytes);
      const part = clip.bytes.subarray(range.start, range.end + 1);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${length}`)
        .header('content-length', part.byteLength)
        .send(part);
    },
  );
}
