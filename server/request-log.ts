import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { redactWallPath } from './walls/wall-access.js';

/**
 * Wherever these keys appear in a logged object (one level down too), pino writes `[redacted]`.
 * Request lines carry no headers, body or query at all; this is for whatever else gets logged.
 */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'token',
  'cookie',
  'authorization',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.token',
  '*.cookie',
  '*.authorization',
];

/** A request id a proxy or client sent is kept when it looks like one; otherwise a new one. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A path as the log may print it: no query string (tokens, codes) and no wall-link key. */
export function loggablePath(url: string): string {
  return redactWallPath(url.split('?')[0] ?? '/');
}

/**
 * Fastify's pino logger: one JSON line per message on stdout (or `stream`), at `level`
 * (LOG_LEVEL), each request's lines carrying its `reqId`. Fastify's own two lines per request are
 * off: `registerRequestLog` writes one, after the answer.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: {
      level,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        // Fastify's own lines (a client error, say) would print the URL with its query string.
        req: (request: { method?: string; url?: string; path?: string; ip?: string; address?: string }) => ({
          method: request.method,
          path: loggablePath(request.path ?? request.url ?? '/'),
          address: request.address ?? request.ip,
        }),
      },
      // Through process.stdout rather than straight to the file descriptor: tests can listen in.
      stream: stream ?? process.stdout,
    },
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && GIVEN_ID.test(given) ? given : crypto.randomUUID();
    },
  };
}

/**
 * One line per answered request: method, path (no query string, no wall key), status and time,
 * with the request id, which the answer also carries (`x-request-id`) so a report can name it.
 */
export function registerRequestLog(app: FastifyInstance, logRequests: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (!logRequests) return;
  app.addHook('onResponse', async (request, reply) => {
    const path = loggablePath(request.url);
    const ms = Math.round(reply.elapsedTime);
    request.log.info(
      {
        req: { method: request.method, path, address: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: ms,
      },
      `request completed: ${request.method} ${path} ${reply.statusCode} ${ms}ms`,
    );
  });
}
