/**
 * The servers Playwright starts (see playwright.config.ts). Besides the main console on the
 * embedded demo edge, a standalone demo edge stands in for a real edge server, and three
 * consoles proxy to it: one where the browser signs in, one holding the right token, one
 * holding a token the edge rejects.
 *
 * Each parallel worker gets a whole set of its own (the main port plus its index), so a spec
 * that makes the edge fail, or adds accounts, never disturbs a spec running beside it.
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);
/** Parallel workers, each with its own servers; 2 suits the 2-core machines this runs on. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
// Playwright sets it in each worker before the config and the specs are loaded.
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The main console's port of worker `index`; the rest of its set is derived from it. */
export const mainPort = (index: number) => BASE_PORT + index;
/** This worker's main console port. */
export const E2E_PORT = mainPort(workerIndex);
// Distinct per main port, so sets (and runs on other ports) never collide.
const aux = (port: number, k: number) => 20_000 + (port % 1000) * 10 + k;

export const EDGE_TOKEN = 'e2e-edge-token-5b1c';
export const CREDENTIAL_CANARY = 'canary-q7v3';

/** The first admin (ADMIN_USERNAME / ADMIN_PASSWORD) of every console that requires sign-in. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password-3k' } as const;

/** The ports of the set whose main console listens on `main`. */
export function portsOf(main: number) {
  return {
    main,
    upstreamEdge: aux(main, 0),
    browserToken: aux(main, 1),
    serverToken: aux(main, 2),
    rejectedToken: aux(main, 3),
  };
}

export const ports = portsOf(E2E_PORT);

const url = (port: number) => `http://127.0.0.1:${port}`;
export const servers = {
  main: url(ports.main),
  upstreamEdge: url(ports.upstreamEdge),
  browserToken: url(ports.browserToken),
  serverToken: url(ports.serverToken),
  rejectedToken: url(ports.rejectedToken),
};
