import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';

export interface TestConsole {
  app: FastifyInstance;
  base: string;
  /** fetch against the console; `cookie` signs the request in. */
  call(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A console server on loopback over the given database, proxying to `upstream`. The environment
 * is the process's own format (EDGE_API_URL, AUTH_REQUIRED, …); EDGE_API_TOKEN defaults to a test token.
 */
export async function startTestConsole(
  db: ConsoleDb,
  upstream: string,
  env: Record<string, string> = {},
  setupToken: string | null = null,
): Promise<TestConsole> {
  // A known port before the app is built: its own URL (single sign-on's redirect) contains it.
  const port = await freePort();
  const config = loadConfig(
    {
      EDGE_API_URL: upstream,
      EDGE_API_TOKEN: 'edge-token',
      QUIET: '1',
      // Its upstream may count requests: the insights back-fill (tested in server/insights) stays off.
      BACKFILL_MAX_RPS: '0',
      STATIC_DIR: '/nonexistent',
      PORT: String(port),
      ...env,
    },
    { staticDir: '/nonexistent' },
  );
  const app = buildApp({ config, upstream, token: config.edgeApiToken, demo: null, db, setupToken });
  const base = await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    base,
    call(path, { cookie, headers, ...init } = {}) {
      const merged = new Headers(headers);
      if (cookie !== undefined) merged.set('cookie', cookie);
      if (typeof init.body === 'string' && !merged.has('content-type')) merged.set('content-type', 'application/json');
      return fetch(`${base}${path}`, { ...init, headers: merged, redirect: 'manual' });
    },
    close: () => app.close(),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
