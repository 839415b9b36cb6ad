/**
 * The servers Playwright starts (see playwright.config.ts). Besides the main console on the
 * embedded demo edge, a standalone demo edge stands in for a real edge server, and three
 * consoles proxy to it: one where the browser signs in, one holding the right token, one
 * holding a token the edge rejects.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
// Distinct per E2E_PORT, so runs on different ports never collide.
const aux = (k: number) => 20_000 + (E2E_PORT % 1000) * 10 + k;

export const EDGE_TOKEN = 'e2e-edge-token-5b1c';
export const CREDENTIAL_CANARY = 'canary-q7v3';

/** The first admin (ADMIN_USERNAME / ADMIN_PASSWORD) of every console that requires sign-in. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password-3k' } as const;

export const servers = {
  main: `http://127.0.0.1:${E2E_PORT}`,
  upstreamEdge: `http://127.0.0.1:${aux(0)}`,
  browserToken: `http://127.0.0.1:${aux(1)}`,
  serverToken: `http://127.0.0.1:${aux(2)}`,
  rejectedToken: `http://127.0.0.1:${aux(3)}`,
};

export const ports = {
  main: E2E_PORT,
  upstreamEdge: aux(0),
  browserToken: aux(1),
  serverToken: aux(2),
  rejectedToken: aux(3),
};
