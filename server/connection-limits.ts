import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How many connections and live streams the console holds at once. Every open socket costs a
 * file descriptor: past the process's file limit nothing new can be accepted, not /healthz, not
 * a sign-in, so the limits keep well below it and give no one address or session the lot.
 */
export interface ConnectionLimits {
  /** MAX_CONNECTIONS: sockets open at once; past it new ones are closed unanswered. */
  maxConnections: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: sockets one client address may hold (not applied behind TRUST_PROXY). */
  perAddress: number;
  /** HEADERS_TIMEOUT_MS: a connection must send its request's headers within this. */
  headersTimeoutMs: number;
  /** LIVE_STREAMS_PER_SESSION: open /live streams per session or wall link. */
  streamsPerSession: number;
  /** LIVE_STREAMS_PER_ADDRESS: open /live streams per client address (as TRUST_PROXY reads it). */
  streamsPerAddress: number;
  /** LIVE_MAX_STREAMS: open /live streams in all; the rest of the connections stay for pages and the API. */
  maxStreams: number;
  /** LIVE_ACCESS_CHECK_MS: how often every open stream's session or wall link is checked again. */
  accessCheckMs: number;
}

/** The soft limit on open files, from /proc (Linux); null where it cannot be read or is unlimited. */
export function fileLimit(read: () => string = () => fs.readFileSync('/proc/self/limits', 'utf8')): number | null {
  try {
    const match = /^Max open files\s+(\d+)\s/m.exec(read());
    return match === null ? null : Number(match[1]);
  } catch {
    return null;
  }
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/**
 * The limits from the environment. MAX_CONNECTIONS defaults to the file limit less a quarter (at
 * least 128) kept for what else the process opens: database files and pool, the edge's
 * connections, static files, logs. With the usual 1,024 that is 768 (also the default where the
 * limit cannot be read); at most half of them may be live streams.
 */
export function connectionLimitsFrom(env: NodeJS.ProcessEnv, files: number | null = fileLimit()): ConnectionLimits {
  const derived = files === null ? 768 : Math.max(64, files - Math.max(128, Math.floor(files / 4)));
  const maxConnections = positiveInt(env, 'MAX_CONNECTIONS', derived);
  return {
    maxConnections,
    perAddress: positiveInt(env, 'MAX_CONNECTIONS_PER_ADDRESS', Math.max(16, Math.min(128, maxConnections >> 2))),
    headersTimeoutMs: positiveInt(env, 'HEADERS_TIMEOUT_MS', 10_000),
    streamsPerSession: positiveInt(env, 'LIVE_STREAMS_PER_SESSION', 8),
    streamsPerAddress: positiveInt(env, 'LIVE_STREAMS_PER_ADDRESS', 32),
    maxStreams: positiveInt(env, 'LIVE_MAX_STREAMS', Math.max(1, maxConnections >> 1)),
    accessCheckMs: positiveInt(env, 'LIVE_ACCESS_CHECK_MS', 5_000),
  };
}

export const TOO_MANY_CONNECTIONS = 'Too many connections from this address: close some and try again.';

function refusal(headers: Record<string, string>): string {
  const body = JSON.stringify({ detail: TOO_MANY_CONNECTIONS, code: 'too_many_connections' });
  return [
    `HTTP/1.1 503 ${STATUS_CODES[503]}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    'cache-control: no-store',
    'retry-after: 10',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

export interface ConnectionOptions {
  /** The security headers every answer carries. */
  headers: Record<string, string>;
  /** Behind trusted proxies every socket comes from a proxy: the per-address socket limit would refuse everyone. */
  behindProxy: boolean;
}

/**
 * Applies the limits to the app's server: the total (Node drops sockets past it before they cost
 * more than a moment), the header timeout, and the per-address share, whose surplus sockets get a
 * 503 in the console's error shape and are closed at once.
 */
export function limitConnections(app: FastifyInstance, limits: ConnectionLimits, options: ConnectionOptions): void {
  const server = app.server;
  server.maxConnections = limits.maxConnections;
  // A client that opens a socket and dribbles its headers holds a descriptor until this runs out.
  server.headersTimeout = Math.min(server.headersTimeout || Infinity, limits.headersTimeoutMs);
  if (options.behindProxy) return;

  const answer = refusal(options.headers);
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = perAddress.get(address) ?? 0;
    if (count >= limits.perAddress) {
      // Said and closed at once: a refused socket must not hold a descriptor (nor a place under
      // the total) while a flood goes on. Before any request on it is read, so none is handled.
      socket.end(answer);
      socket.destroy();
      return;
    }
    perAddress.set(address, count + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}
