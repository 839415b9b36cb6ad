import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GZIP_ACCEPTED_HEADER, PRE_REDACTED_GZIP, PRE_REDACTED_HEADER, PRE_REDACTED_JSON } from '../redact.js';
import type { EdgeAnswer, EdgeClient } from '../edge/client.js';
import { EdgeError } from '../edge/errors.js';
import { unsafeId } from '../edge/url.js';
import { jsonAnswer } from './edge-answer.js';

export interface GatewayOptions {
  /**
   * The console's edge client: the server's token (or, without one, the browser's Authorization
   * passed through), the timeout, EDGE_MAX_RESPONSE_BYTES (a larger answer becomes a 502 without
   * being read to the end), no redirect followed.
   */
  edge: EdgeClient;
  readOnly: boolean;
  bodyLimit: number;
  /**
   * The upstream is the console's own embedded demo edge. Its composite bodies marked with
   * PRE_REDACTED_HEADER are sent on as they are, gzip included: parsing, redacting, serializing
   * and compressing a page of 25 (close to a megabyte) again took most of the request. Never set
   * for a configured edge.
   */
  embeddedEdge: boolean;
}

interface Operation {
  method: 'GET' | 'PATCH';
  route: string;
  /** Composite events: large pages, compressed fast, passed on unparsed from the embedded edge. */
  composite: boolean;
}

/** The six operations of the edge mic service; nothing else is forwarded. */
const OPERATIONS: readonly Operation[] = [
  { method: 'GET', route: '/api/v1/mics', composite: false },
  { method: 'GET', route: '/api/v1/mics/:id', composite: false },
  { method: 'PATCH', route: '/api/v1/mics/:id', composite: false },
  { method: 'GET', route: '/api/v1/events', composite: false },
  { method: 'GET', route: '/api/v1/composite-events', composite: true },
  { method: 'GET', route: '/api/v1/composite-events/:id', composite: true },
];

/**
 * A page of 25 composite events is close to a megabyte of JSON, made of near-identical
 * microphones: the fastest levels still shrink it about tenfold (brotli 1: 67 kB, gzip 1: 91 kB)
 * for a quarter to a half of the CPU of the default levels (brotli 4: 56 kB, gzip 4: 77 kB).
 * At those levels compressing in one call (about 1 ms for brotli, 2 ms for gzip) costs the event
 * loop less than feeding the page through a zlib stream in the thread pool did.
 */
const COMPOSITE_COMPRESSION = {
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
  syncThreshold: 4 * 1024 * 1024,
};

/**
 * The other answers (a page of 100 events or mics: 10-50 kB of JSON) at the console's usual
 * levels, compressed in one call too. Above the plugin's default bound on two cores (8 kB) each
 * went through a stream pipeline into the thread pool, and the streams' own work was about a fifth
 * of the console's CPU for a page of events in the profile (eight clients, 1,000,000 events).
 */
const LIST_COMPRESSION = {
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 4 },
  syncThreshold: 1024 * 1024,
};

const PASSED_RESPONSE_HEADERS = ['www-authenticate', 'retry-after'] as const;

/** Whether an Accept-Encoding header admits gzip: by name, or by `*` when gzip is not named. */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}

function errorDetail(reply: FastifyReply, status: number, detail: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ detail });
}

export function registerGateway(app: FastifyInstance, options: GatewayOptions): void {
  app.register(async (scope) => {
    // Forward the body byte for byte; validation is the edge's job.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.bodyLimit }, (_req, body, done) =>
      done(null, body),
    );

    for (const operation of OPERATIONS) {
      scope.route({
        method: operation.method,
        url: operation.route,
        compress: operation.composite ? COMPOSITE_COMPRESSION : LIST_COMPRESSION,
        handler: (request, reply) => forward(request, reply, operation, options),
      });
    }
    scope.all('/api/*', (_request, reply) => errorDetail(reply, 404, 'Not Found'));
  });
}

async function forward(request: FastifyRequest, reply: FastifyReply, operation: Operation, options: GatewayOptions) {
  if (operation.method === 'PATCH' && options.readOnly) {
    return errorDetail(reply, 403, 'This console is read-only: changes are refused (READ_ONLY is set on the server).');
  }
  const params = request.params as { id?: string };
  let path = operation.route;
  if (params.id !== undefined) {
    if (unsafeId(params.id)) return errorDetail(reply, 404, 'Not Found');
    path = path.replace(':id', encodeURIComponent(params.id));
  }
  const queryStart = request.url.indexOf('?');
  const rawQuery = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  const headers: Record<string, string> = {};
  const body = operation.method === 'PATCH' ? (request.body as Buffer | undefined) : undefined;
  if (operation.composite && options.embeddedEdge && acceptsGzip(request.headers['accept-encoding'])) {
    headers[GZIP_ACCEPTED_HEADER] = '1';
  }

  // A browser that gives up (navigation, cancelled query) should not keep the edge busy.
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.on('close', onClose);
  let upstream: EdgeAnswer;
  try {
    upstream = await options.edge.send({
      method: operation.method,
      path,
      query: rawQuery,
      body: body === undefined ? undefined : new Uint8Array(body),
      contentType: request.headers['content-type'],
      authorization: request.headers.authorization ?? null,
      signal: controller.signal,
      headers,
    });
  } catch (error) {
    if (error instanceof EdgeError) return errorDetail(reply, error.status, error.message);
    if (controller.signal.aborted) return reply;
    throw error;
  } finally {
    reply.raw.off('close', onClose);
  }
  const bytes = upstream.bytes;

  reply.header('cache-control', 'no-store');
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  if (operation.composite && options.embeddedEdge && upstream.status >= 200 && upstream.status < 300) {
    const marked = upstream.headers.get(PRE_REDACTED_HEADER);
    const json = 'application/json; charset=utf-8';
    if (marked === PRE_REDACTED_JSON) return reply.code(upstream.status).type(json).send(bytes);
    if (marked === PRE_REDACTED_GZIP) {
      return reply
        .code(upstream.status)
        .type(json)
        .header('content-encoding', 'gzip')
        .header('vary', 'accept-encoding')
        .send(bytes);
    }
  }
  const answer = jsonAnswer(upstream.status, upstream.headers.get('content-type'), bytes, {
    endpoint: `${operation.method} ${request.url.split('?')[0]}`,
    composite: operation.composite,
  });
  reply.code(answer.status);
  if (answer.body === null) return reply.send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
