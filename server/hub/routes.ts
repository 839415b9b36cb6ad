import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { refuseInput } from '../http/errors.js';
import { EdgeError } from '../edge/errors.js';
import { FilterError, parseFilter } from './filters.js';
import type { Hub } from './hub.js';
import { encodingWeight, InventoryBodies, pickEncoding } from './inventory-body.js';
import { levelsOf } from './inventory-levels.js';
import type { LiveStreams } from './live-streams.js';
import { PAGE_SIZE } from '../edge/pages.js';

export interface HubRoutesOptions {
  /** Null when the server holds no edge token: every browser brings its own, so there is nothing to share. */
  hub: Hub | null;
  /** The open streams' limits and access checks; present with the hub. */
  streams: LiveStreams | null;
  maxMicPages: number;
}

/**
 * 30 s of a city wall's stream, 134 kB as text: 12.6 kB at level 4 (1: 16.2, 6: 11.4), about 0.5 ms
 * a push. The whole 32 kB window: a composite push is ~12 kB, and a smaller window forgets the names
 * the next one repeats (16.9 kB at 16 kB). Memory level 6 holds each stream's state to ~200 kB.
 */
const LIVE_GZIP = { level: 4, windowBits: 15, memLevel: 6 } as const;

/** How long an ended stream's connection may take to read what is left. */
const ENDED_GRACE_MS = 10_000;

/** The lists the stream's messages are merged into, by route. */
const LIVE_LISTS = new Set(['/api/v1/events', '/api/v1/composite-events']);
export const LIVE_ID_HEADER = 'live-id';

const LIVE_UNAVAILABLE =
  'The live feed needs the server to hold the edge token (EDGE_API_TOKEN); this console polls instead.';

function failure(reply: FastifyReply, error: unknown) {
  if (!(error instanceof EdgeError)) throw error;
  const status = error.kind === 'unauthorized' || error.kind === 'timeout' ? error.status : 502;
  return reply.code(status).header('cache-control', 'no-store').send({ detail: error.message });
}

/**
 * GET /live (Server-Sent Events), GET /api/inventory/mics and /levels, and the hook that re-reads a mic
 * after an edit through the console. Both paths sit under the rules every /api/* and /live
 * request passes (sign-in), which run in onRequest hooks before these handlers.
 */
export function registerHubRoutes(app: FastifyInstance, options: HubRoutesOptions): void {
  const { hub, streams } = options;
  const bodies = new InventoryBodies({ maxPages: options.maxMicPages, pageSize: PAGE_SIZE });

  /** The hub, and its inventory once it has read the edge; null once the reply says why there is none. */
  const readyInventory = async (reply: FastifyReply) => {
    if (hub === null) {
      void reply.code(503).header('cache-control', 'no-store').send({ detail: LIVE_UNAVAILABLE });
      return null;
    }
    try {
      return { hub, inventory: await hub.readyInventory() };
    } catch (error) {
      void failure(reply, error);
      return null;
    }
  };

  // No HEAD: it would hold a stream slot and a subscriber, sending nothing, until the client left.
  app.get('/live', { compress: false, exposeHeadRoute: false }, (request, reply) => {
    if (hub === null) return reply.code(503).header('cache-control', 'no-store').send({ detail: LIVE_UNAVAILABLE });
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    let filter;
    try {
      filter = parseFilter(query);
    } catch (error) {
      if (error instanceof FilterError) return refuseInput(reply, ['query'], error.message);
      throw error;
    }
    const header = request.headers['last-event-id'];
    // EventSource sends Last-Event-ID itself on a reconnect; a page opening a new one passes it in the query.
    const lastEventId = (typeof header === 'string' ? header : null) ?? query.get('last_event_id');
    const raw = reply.raw;
    // Gzip over the whole stream, flushed after each burst of messages: a message still arrives at
    // once, and the names and fields every message repeats cost a few bytes after the first.
    let gzip: zlib.Gzip | null = null;
    let flushing = false;
    let ended = false;
    const write = (frame: string) => {
      if (ended) return;
      if (gzip === null) return void raw.write(frame);
      gzip.write(frame);
      if (flushing) return;
      flushing = true;
      setImmediate(() => {
        flushing = false;
        if (gzip !== null && !gzip.destroyed) gzip.flush(zlib.constants.Z_SYNC_FLUSH);
      });
    };
    let unsubscribe = () => {};
    let release = () => {};
    const end = (cut = false) => {
      if (ended) return;
      ended = true;
      unsubscribe();
      release();
      // A screen that went away, or stopped reading, takes no trailer: what it holds is let go.
      if (cut || raw.destroyed || raw.writableEnded) {
        gzip?.destroy();
        raw.destroy();
        return;
      }
      // Ended while it reads: it hears the end and asks again. One that stops reading now is dropped.
      raw.socket?.setTimeout(ENDED_GRACE_MS, () => raw.destroy());
      if (gzip === null) raw.end();
      else gzip.end();
    };
    // The access rule (onRequest) let only a principal this far.
    const admitted = streams === null ? release : streams.admit(request.principal!, request.ip, () => end());
    if (typeof admitted !== 'function') {
      return reply
        .code(admitted.status)
        .header('cache-control', 'no-store')
        .header('retry-after', '30')
        .send({ detail: admitted.detail, code: admitted.code });
    }
    release = admitted;
    if (encodingWeight(request.headers['accept-encoding'], 'gzip') > 0) {
      gzip = zlib.createGzip(LIVE_GZIP);
      gzip.on('error', () => raw.destroy());
    }
    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: proxies must not compress or rewrite the stream; X-Accel-Buffering: nginx must not hold it back.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
      vary: 'accept-encoding',
      ...(gzip === null ? {} : { 'content-encoding': 'gzip' }),
    });
    raw.socket?.setNoDelay(true);
    raw.socket?.setTimeout(0);
    gzip?.pipe(raw);
    unsubscribe = hub.subscribe(
      filter,
      {
        write,
        backlog: () => raw.writableLength + (gzip?.writableLength ?? 0),
        close: end,
      },
      lastEventId === '' ? null : lastEventId,
      query.get('since'),
    );
    request.raw.on('close', () => end());
    return reply;
  });

  app.get<{ Querystring: { edge_id?: string } }>('/api/inventory/mics', { compress: false }, async (request, reply) => {
    const ready = await readyInventory(reply);
    if (ready === null) return reply;
    const edgeId =
      typeof request.query.edge_id === 'string' && request.query.edge_id !== '' ? request.query.edge_id : null;
    const body = bodies.body(ready.inventory, edgeId, ready.hub.healthNow());
    reply
      .header('etag', body.etag)
      // Per user (sign-in), always revalidated: the ETag makes that a 304 while nothing changed.
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    const match = request.headers['if-none-match'];
    if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
      return reply.code(304).send();
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const bytes = await bodies.encode(body, encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(bytes);
  });

  app.get<{ Querystring: { category?: string } }>('/api/inventory/levels', async (request, reply) => {
    const category = request.query.category;
    if (typeof category !== 'string' || category === '') {
      return refuseInput(reply, ['query', 'category'], 'Name the category whose thresholds to read');
    }
    const ready = await readyInventory(reply);
    if (ready === null) return reply;
    return reply.header('cache-control', 'private, no-cache').send(levelsOf(ready.inventory, category));
  });

  if (streams !== null) {
    // A sign-out, an account or wall link changed by an admin may have ended access: the open
    // streams are checked at once rather than at the next round.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return;
      const path = request.url.split('?')[0] ?? '/';
      if (path.startsWith('/auth/') || path.startsWith('/api/admin/')) streams.soon();
    });
  }

  if (hub !== null) {
    // The newest message id when a list the screens merge pushes into was asked for: everything
    // the stream sent up to it was at the edge before the list was read. A screen whose stream
    // starts at or before this id has missed nothing, and need not read the list again
    // (src/api/live/list-marks.ts). Taken before the edge is read, never after.
    app.addHook('preHandler', async (request, reply) => {
      if (request.method === 'GET' && LIVE_LISTS.has(request.routeOptions.url ?? '')) {
        reply.header(LIVE_ID_HEADER, hub.broadcaster.lastId);
      }
    });
    // Registered on the root instance, so it sees the gateway's PATCH route inside its own plugin.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'PATCH' || reply.statusCode < 200 || reply.statusCode >= 300) return;
      if (request.routeOptions.url !== '/api/v1/mics/:id') return;
      const id = (request.params as { id?: string }).id;
      if (id !== undefined) void hub.refreshMic(id);
    });
  }
}
