import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleMetrics } from './console-metrics.js';

export interface MetricsAccess {
  /** METRICS_TOKEN: the bearer token a scraper sends; null: /metrics on the console's port answers 404. */
  token: string | null;
  /** METRICS_PORT: a loopback-only port serving /metrics (with the token too, when one is set); null: none. */
  port: number | null;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Compared as digests, so neither the length nor the first differing byte shows in the time taken. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && crypto.timingSafeEqual(digest(match[1]!), digest(token));
}

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

const REVIEW_ROUTES = {
  actions: '/api/review/items/:kind/:id/actions',
  comments: '/api/review/items/:kind/:id/comments',
  bulk: '/api/review/bulk',
};

function countReview(metrics: ConsoleMetrics, request: FastifyRequest, status: number): void {
  if (request.method !== 'POST' || status < 200 || status >= 300) return;
  const route = request.routeOptions.url;
  const body = (request.body ?? {}) as { action?: unknown; items?: unknown };
  const action = typeof body.action === 'string' ? body.action.slice(0, 32) : 'unknown';
  if (route === REVIEW_ROUTES.actions) metrics.reviewActions.inc({ action });
  else if (route === REVIEW_ROUTES.comments) metrics.reviewActions.inc({ action: 'comment' });
  else if (route === REVIEW_ROUTES.bulk && Array.isArray(body.items)) {
    metrics.reviewActions.inc({ action }, body.items.length);
  }
}

/**
 * `/metrics` in Prometheus' text format, never public: on the console's port only to
 * `Authorization: Bearer $METRICS_TOKEN` (401 otherwise; 404 when no token is set), and on
 * `METRICS_PORT` only from loopback. Also counts every answer, sign-ins, refusals and review actions.
 */
export function registerMetrics(app: FastifyInstance, metrics: ConsoleMetrics, access: MetricsAccess): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.httpRequests.inc({ route, method: request.method, status: String(status) });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    if (route === '/auth/login' && request.method === 'POST') {
      const outcome = status < 300 ? 'ok' : status === 429 ? 'limited' : status === 401 ? 'refused' : 'invalid';
      metrics.signIns.inc({ outcome });
    } else if (status === 401 || status === 403 || status === 429) {
      metrics.refusals.inc({ status: String(status) });
    }
    countReview(metrics, request, status);
  });

  app.get('/metrics', { compress: false }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (access.token === null) return reply.code(404).send({ detail: 'Not Found' });
    if (!bearerMatches(request.headers.authorization, access.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ detail: 'Metrics need the bearer token METRICS_TOKEN.' });
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });

  if (access.port === null) return;
  const { port, token } = access;
  // Loopback only, and by a loopback name only: a page whose DNS name is rebound to 127.0.0.1 is refused.
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const refuse = (status: number, detail: string) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ detail }));
    };
    if (!LOOPBACK_HOST.test(request.headers.host ?? '')) return refuse(421, 'Unknown host');
    if (request.method !== 'GET' || path !== '/metrics') return refuse(404, 'Not Found');
    if (token !== null && !bearerMatches(request.headers.authorization, token)) {
      return refuse(401, 'Metrics need the bearer token METRICS_TOKEN.');
    }
    metrics.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        response.end(text);
      },
      () => refuse(500, 'Internal Server Error'),
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
