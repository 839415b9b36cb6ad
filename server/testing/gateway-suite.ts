import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';
import { signedIn } from './accounts.js';
import { freshDatabase, type DatabaseKind } from './databases.js';

/** Test support for the gateway suites: a recording fake edge and consoles proxying to it. */

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  authorization: string | undefined;
  body: string;
}

export type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

export const raw =
  (status: number, contentType: string | null, body: string): Answer =>
  (_req, res) => {
    res.writeHead(status, contentType === null ? {} : { 'content-type': contentType });
    res.end(body);
  };

/** A throwaway edge on loopback that records every request reaching it and answers `answer`. */
export interface FakeEdge {
  base: string;
  seen: Seen[];
  answer: Answer;
  close(): Promise<void>;
}

export async function startFakeEdge(): Promise<FakeEdge> {
  const edge: FakeEdge = {
    base: '',
    seen: [],
    answer: json(200, {}),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { method = '', url = '', headers } = req;
      edge.seen.push({ method, url, headers, authorization: headers.authorization, body });
      edge.answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  edge.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return edge;
}

export type Call = (path: string, init?: RequestInit) => Promise<Response>;

export interface TestConsole {
  app: FastifyInstance;
  base: string;
  port: number;
  /** fetch, signed in as an admin (who may call what is server/auth's tests' concern). */
  call: Call;
  /** The admin's Cookie header, for raw requests. */
  cookie: string;
}

export interface GatewaySuite {
  /** The fake edge; its `seen` is emptied after each test. */
  readonly edge: FakeEdge;
  /** A console proxying to the fake edge (or `upstream`), closed after the test. */
  start(env?: Record<string, string>, options?: { upstream?: string }): Promise<TestConsole>;
}

/**
 * Hooks for a gateway test block: one fake edge and one console database (SQLite unless asked:
 * the gateway keeps nothing in it) for the block, consoles started per test and closed after it.
 */
/** The gateway suites run on both: the checks before any route must not depend on the database. */
export const DATABASE_KINDS: readonly DatabaseKind[] = ['sqlite', 'postgres'];

export function gatewaySuite(database: DatabaseKind = 'sqlite'): GatewaySuite {
  let edge: FakeEdge | undefined;
  let db: ConsoleDb | undefined;
  let cookie = '';
  const running: FastifyInstance[] = [];
  beforeAll(async () => {
    [edge, db] = await Promise.all([startFakeEdge(), freshDatabase(database)]);
    cookie = (await signedIn(db, 'admin')).cookie;
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
    if (edge !== undefined) edge.seen = [];
  });
  afterAll(async () => {
    await Promise.all([edge?.close(), db?.close()]);
  });
  return {
    get edge() {
      if (edge === undefined) throw new Error('The fake edge starts in beforeAll');
      return edge;
    },
    async start(env = {}, options = {}) {
      const upstream = options.upstream ?? this.edge.base;
      const config = loadConfig(
        // These consoles' upstreams record every request: the insights back-fill (tested in
        // server/insights) stays off unless a test asks for it.
        { EDGE_API_URL: upstream, QUIET: '1', STATIC_DIR: '/nonexistent', BACKFILL_MAX_RPS: '0', ...env },
        { staticDir: '/nonexistent' },
      );
      const app = buildApp({ config, upstream, token: config.edgeApiToken, demo: null, db: db! });
      running.push(app);
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const call: Call = (path, init = {}) => {
        const headers = new Headers(init.headers);
        headers.set('cookie', cookie);
        return fetch(`${base}${path}`, { ...init, headers });
      };
      signedInPorts.set(port, cookie);
      return { app, base, port, call, cookie };
    },
  };
}

/** The admin cookie of each suite console, so raw requests to it are signed in too. */
const signedInPorts = new Map<number, string>();

/**
 * A request with exactly these headers (fetch would add or refuse some, e.g. Host), plus the
 * console's admin session cookie unless the request sets its own.
 */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { cookie: signedInPorts.get(port) ?? '', ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
