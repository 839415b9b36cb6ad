import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerDemoAudio } from './audio-clips.js';
import { CompositeBody, type Piece } from './composite-body.js';
import type { MicDevice, Slice } from './rows.js';
import type { DemoStore } from './store.js';
import { EdgeTraffic } from './traffic.js';
import { faultApplies, normalFaults, wrongShape, type FaultState } from './faults.js';
import { LABELS } from './catalog.js';
import { QueryReader, ValidationFailed, parseMicPatch } from './validation.js';
import { GZIP_ACCEPTED_HEADER, PRE_REDACTED_GZIP, PRE_REDACTED_HEADER, PRE_REDACTED_JSON } from '../redact.js';

export interface DemoEdgeOptions {
  store: DemoStore;
  token: string;
  faults?: FaultState;
}

type Query = Record<string, string | string[] | undefined>;

/** The labels table is seeded from the catalog and never changes. */
const LABEL_IDS: ReadonlySet<string> = new Set(LABELS.map((label) => label.id));

/** The edge's paging envelope around one page of a list. */
function pageOf<T>(page: number, size: number, slice: Slice<T>) {
  return { page, size, total_cnt: slice.total, max_page: Math.ceil(slice.total / size), results: slice.results };
}

function tokensEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * The embedded demo edge: the six operations of the edge mic service, answering as a
 * FastAPI service would, over its own loopback listener so the console proxies to it
 * exactly as it proxies to a real edge.
 */
export function buildDemoEdge(options: DemoEdgeOptions): {
  app: FastifyInstance;
  faults: FaultState;
  traffic: EdgeTraffic;
} {
  const { store } = options;
  const faults = options.faults ?? normalFaults();
  const traffic = new EdgeTraffic();
  const app = Fastify({ logger: false, bodyLimit: 1_048_576 });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    traffic.record(request.url);
    if (faultApplies(faults, request.method)) {
      switch (faults.mode) {
        case 'down':
          request.raw.socket.destroy();
          return reply.hijack();
        case 'slow':
          await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
          break;
        case 'unauthorized':
          return reply.code(401).send({ detail: 'Not authenticated' });
        case 'forbidden':
          return reply.code(403).send({ detail: 'Not authenticated' });
        case 'server-error':
          return reply.code(500).type('text/plain').send('Internal Server Error');
        case 'malformed':
          return reply.code(200).type('application/json').send('{"page": 1, "size": 10, "results": [{"id": "mic-0');
        default:
          break;
      }
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header) : null;
    if (match === null)
      return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: 'Not authenticated' });
    if (!tokensEqual(match[1]!.trim(), options.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: 'Invalid authentication credentials' });
    }
    return undefined;
  });

  // On the bytes about to be sent, not the object: composite events are sent as cached JSON.
  app.addHook('onSend', async (request, reply, payload) => {
    if (faults.mode !== 'wrong-shape' || !faultApplies(faults, request.method)) return payload;
    if (!String(reply.getHeader('content-type')).startsWith('application/json')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    return JSON.stringify(wrongShape(JSON.parse(payload.toString())));
  });

  // A page's body (its JSON or gzip made once) lives as long as the store keeps the page.
  const pageBodies = new WeakMap<Slice<Piece>, CompositeBody>();

  const sendComposite = (request: FastifyRequest, reply: FastifyReply, body: CompositeBody) => {
    reply.type('application/json; charset=utf-8');
    if (!store.redactsCredentials) return reply.send(body.json());
    // A wrong-shape fault rewrites the JSON on its way out, so that body goes uncompressed.
    const reshaped = faults.mode === 'wrong-shape' && faultApplies(faults, request.method);
    if (request.headers[GZIP_ACCEPTED_HEADER] !== undefined && !reshaped) {
      return reply.header(PRE_REDACTED_HEADER, PRE_REDACTED_GZIP).send(body.gzip());
    }
    return reply.header(PRE_REDACTED_HEADER, PRE_REDACTED_JSON).send(body.json());
  };

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ValidationFailed) return reply.code(422).send({ detail: error.issues });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(422).send({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
    }
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply
        .code(422)
        .send({ detail: [{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {} }] });
    }
    if (status < 500) return reply.code(status).send({ detail: (error as Error).message });
    console.error('demo edge error:', error);
    return reply.code(500).type('text/plain').send('Internal Server Error');
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));

  // A page's JSON, made once while the store keeps the page (the hub reads them all every 10 s).
  const micBodies = new WeakMap<Slice<MicDevice>, string>();

  app.get('/api/v1/mics', async (request, reply) => {
    const q = new QueryReader(request.query as Query);
    const filter = {
      page: q.page(),
      size: q.int('size', 10, 1, 101),
      name: q.text('name'),
      edge_id: q.text('edge_id'),
    };
    q.done();
    const slice = store.listMics(filter);
    let body = micBodies.get(slice);
    if (body === undefined) micBodies.set(slice, (body = JSON.stringify(pageOf(filter.page, filter.size, slice))));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get<{ Params: { micId: string } }>('/api/v1/mics/:micId', async (request, reply) => {
    const mic = store.getMic(request.params.micId);
    return mic === undefined ? reply.code(404).send({ detail: 'Not Found' }) : { data: mic };
  });

  app.patch<{ Params: { micId: string } }>('/api/v1/mics/:micId', async (request, reply) => {
    const mic = store.getMic(request.params.micId);
    if (mic === undefined) return reply.code(404).send({ detail: 'Not Found' });
    const patch = parseMicPatch(request.body, { labels: LABEL_IDS, existing: new Set(Object.keys(mic.thresholds)) });
    return { data: store.patchMic(request.params.micId, patch) };
  });

  app.get('/api/v1/events', async (request) => {
    const q = new QueryReader(request.query as Query);
    const filter = {
      page: q.page(),
      size: q.int('size', 10, 1, 101),
      start: q.datetime('start'),
      end: q.datetime('end'),
      mic_ids: q.list('mic_id'),
      label_ids: q.list('label_id'),
    };
    q.done();
    return pageOf(filter.page, filter.size, store.listEvents(filter));
  });

  app.get('/api/v1/composite-events', async (request, reply) => {
    const q = new QueryReader(request.query as Query);
    const filter = {
      page: q.page(),
      size: q.int('size', 10, 1, 101),
      created_ge: q.datetime('created_at__ge'),
      created_le: q.datetime('created_at__le'),
      rule_id: q.text('composite_rule_id'),
      order: q.choice('order_by', ['asc', 'desc'] as const) ?? 'desc',
    };
    q.done();
    const page = store.compositePage(filter);
    let body = pageBodies.get(page);
    if (body === undefined) {
      // The empty page's JSON ends in `[]}`: the cached composites go between the brackets.
      const envelope = JSON.stringify(pageOf(filter.page, filter.size, { total: page.total, results: [] }));
      pageBodies.set(page, (body = CompositeBody.page(envelope, page.results)));
    }
    return sendComposite(request, reply, body);
  });

  app.get<{ Params: { id: string } }>('/api/v1/composite-events/:id', async (request, reply) => {
    const event = store.compositeEvent(request.params.id);
    if (event === undefined) return reply.code(404).send({ detail: 'Not Found' });
    return sendComposite(request, reply, new CompositeBody([event]));
  });

  registerDemoAudio(app, store);

  return { app, faults, traffic };
}
