import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { GatewayLimits } from '../config.js';

/**
 * Answers a request Node refused before Fastify saw it (a malformed request line or header,
 * headers over the size limit, a request slower than REQUEST_TIMEOUT_MS), in the console's own
 * shape: JSON `detail` and the security headers, then closes the connection.
 */
export function clientErrorAnswer(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let status = 400;
    let detail = 'Malformed request';
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      detail = 'The request was not received in time';
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      detail = 'Request headers too large';
    }
    const body = JSON.stringify({ detail });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'content-type: application/json; charset=utf-8',
      'cache-control: no-store',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    // An answer already under way on this socket would be corrupted by a second status line.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && inFlight?.headersSent !== true) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy();
  };
}

/**
 * Fastify's server options bounding how long a client may hold the console, and answering in the
 * console's own shape (JSON `detail`, security headers) what Fastify refuses before any hook runs.
 * - requestTimeout (REQUEST_TIMEOUT_MS, 30 s): the whole request, headers and body, must arrive
 *   within it, so a client dribbling a body a byte at a time is cut off. Node also needs
 *   headersTimeout no longer than it (its default 60 s would be swapped in as the request limit)
 *   and checks both every `connectionsCheckingInterval` (30 s by default, which would let such a
 *   client stay up to a minute): checked ten times per timeout here, at most once a second.
 * - connectionTimeout: a socket silent in both directions for two minutes is closed. It must
 *   outlast the edge timeout (a request waits on the edge in silence) and the /live heartbeat.
 * - keepAliveTimeout: an idle keep-alive connection is kept 72 s, longer than the 60 s idle
 *   timeout of common load balancers, so the balancer, not the console, closes it first.
 * - frameworkErrors: a URL that does not decode (`/%zz`) is refused by the router before the
 *   onRequest hooks that set the headers.
 */
export function serverOptions(
  limits: GatewayLimits,
  edgeTimeoutMs: number,
  headers: Record<string, string>,
): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'clientErrorHandler' | 'frameworkErrors'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const checkEvery = Math.max(25, Math.min(1000, Math.floor(limits.requestTimeoutMs / 10) || 1000));
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: Math.max(120_000, edgeTimeoutMs + 30_000),
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: Math.min(limits.requestTimeoutMs || 60_000, 60_000),
      connectionsCheckingInterval: checkEvery,
    },
    clientErrorHandler: clientErrorAnswer(headers),
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      return reply
        .code(status)
        .headers(headers)
        .header('cache-control', 'no-store')
        .send({ detail: status >= 500 ? 'Internal Server Error' : error.message });
    },
  };
}
