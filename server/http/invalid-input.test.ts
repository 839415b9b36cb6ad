import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import { fakeMic, fakeMicEdge, type FakeMicEdge } from '../testing/fake-mic-edge.js';

/** The one shape every refused input answers with (server/http/errors.ts), nothing more. */
const refusalShape = z.strictObject({
  detail: z
    .array(
      z.strictObject({
        loc: z.tuple([z.enum(['body', 'query', 'path'])], z.union([z.string(), z.number()])),
        msg: z.string().min(1),
      }),
    )
    .min(1),
});

interface Bad {
  /** The URL with the bad value in its path or query. */
  url: string;
  body?: unknown;
}

/**
 * A value no route accepts anywhere (PostgreSQL cannot store it): for inputs that are opaque ids
 * (an id longer than the router's 100 characters is a 404 before any route) or absent.
 */
const NUL = '%00';
/** Where an object is expected: every body schema refuses it. */
const NOT_AN_OBJECT: unknown[] = [];

/**
 * One invalid input for each route that takes input, keyed by method and route. A route missing
 * here and from TAKES_NOTHING fails the test: a new route says how it refuses bad input.
 */
const INVALID: Record<string, Bad> = {
  'POST /auth/login': { url: '/auth/login', body: NOT_AN_OBJECT },
  'POST /auth/logout': { url: `/auth/logout?x=${NUL}` },
  'POST /auth/demo': { url: `/auth/demo?x=${NUL}` },
  'POST /auth/setup': { url: '/auth/setup', body: NOT_AN_OBJECT },
  'POST /auth/password': { url: '/auth/password', body: NOT_AN_OBJECT },
  'POST /api/admin/accounts': { url: '/api/admin/accounts', body: NOT_AN_OBJECT },
  'PATCH /api/admin/accounts/:id': { url: '/api/admin/accounts/a1', body: NOT_AN_OBJECT },
  'POST /api/admin/accounts/:id/password': { url: '/api/admin/accounts/a1/password', body: NOT_AN_OBJECT },
  'GET /api/admin/audit': { url: '/api/admin/audit?size=0' },
  'GET /api/admin/audit.csv': { url: '/api/admin/audit.csv?from=yesterday' },
  'GET /api/mics/:id/history': { url: '/api/mics/mic-0001/history?page=0' },
  'POST /api/admin/alerts/channels': { url: '/api/admin/alerts/channels', body: NOT_AN_OBJECT },
  'PATCH /api/admin/alerts/channels/:id': { url: '/api/admin/alerts/channels/c1', body: NOT_AN_OBJECT },
  'DELETE /api/admin/alerts/channels/:id': { url: `/api/admin/alerts/channels/c${NUL}` },
  'POST /api/admin/alerts/channels/:id/test': { url: `/api/admin/alerts/channels/c${NUL}/test` },
  'POST /api/admin/alerts/rules': { url: '/api/admin/alerts/rules', body: NOT_AN_OBJECT },
  'PATCH /api/admin/alerts/rules/:id': { url: '/api/admin/alerts/rules/r1', body: NOT_AN_OBJECT },
  'DELETE /api/admin/alerts/rules/:id': { url: `/api/admin/alerts/rules/r${NUL}` },
  'GET /api/alerts/:id': { url: `/api/alerts/a${NUL}` },
  'POST /api/alerts/:id/acknowledge': { url: `/api/alerts/a${NUL}/acknowledge` },
  'POST /api/admin/walls': { url: '/api/admin/walls', body: NOT_AN_OBJECT },
  'POST /api/admin/walls/:id/revoke': { url: `/api/admin/walls/w${NUL}/revoke` },
  'DELETE /api/admin/walls/:id': { url: `/api/admin/walls/w${NUL}` },
  'POST /api/push/subscriptions': { url: '/api/push/subscriptions', body: NOT_AN_OBJECT },
  'DELETE /api/push/subscriptions/:id': { url: `/api/push/subscriptions/s${NUL}` },
  'POST /api/push/subscriptions/:id/test': { url: `/api/push/subscriptions/s${NUL}/test` },
  'PATCH /api/push/preferences': { url: '/api/push/preferences', body: NOT_AN_OBJECT },
  'PATCH /api/priority/settings': { url: '/api/priority/settings', body: NOT_AN_OBJECT },
  'GET /api/priority/items': { url: '/api/priority/items?key=nonsense' },
  'POST /api/procedures': { url: '/api/procedures', body: NOT_AN_OBJECT },
  'PATCH /api/procedures/:id': { url: '/api/procedures/p1', body: NOT_AN_OBJECT },
  'DELETE /api/procedures/:id': { url: '/api/procedures/not-a-uuid' },
  'GET /api/review/items': { url: '/api/review/items?key=nonsense' },
  'GET /api/review/items/:kind/:id': { url: '/api/review/items/widget/c1' },
  'POST /api/review/items/:kind/:id/actions': { url: '/api/review/items/widget/c1/actions', body: NOT_AN_OBJECT },
  'POST /api/review/items/:kind/:id/comments': { url: '/api/review/items/widget/c1/comments', body: NOT_AN_OBJECT },
  'GET /api/review/items/:kind/:id/procedure': { url: '/api/review/items/widget/c1/procedure' },
  'POST /api/review/items/:kind/:id/procedure/steps/:step': {
    url: '/api/review/items/widget/c1/procedure/steps/s1',
    body: NOT_AN_OBJECT,
  },
  'POST /api/review/bulk': { url: '/api/review/bulk', body: NOT_AN_OBJECT },
  'GET /api/review/handover': { url: '/api/review/handover?from=yesterday' },
  'GET /api/review/membership': { url: '/api/review/membership?from=yesterday' },
  'GET /api/insights/corroboration': { url: '/api/insights/corroboration?size=500' },
  'GET /api/insights/thresholds': { url: '/api/insights/thresholds?mic_id=' },
  'GET /api/insights/rate': { url: '/api/insights/rate?mic_id=a&label_id=b&at=yesterday' },
  'GET /api/insights/heard-by': { url: '/api/insights/heard-by' },
  'GET /api/insights/replay/:compositeId': { url: `/api/insights/replay/c${NUL}` },
  'GET /api/insights/composite-events/:id/source': { url: `/api/insights/composite-events/c${NUL}/source` },
  'GET /api/insights/composite-events/sources': { url: '/api/insights/composite-events/sources' },
  'GET /api/audio/composite-events/:id/events/:eventId': { url: `/api/audio/composite-events/c${NUL}/events/e1` },
  'POST /api/evidence/composite-events/:id': { url: `/api/evidence/composite-events/c${NUL}` },
  'GET /live': { url: '/live?window=forever' },
  'GET /api/inventory/mics': { url: `/api/inventory/mics?edge_id=${NUL}` },
  'GET /api/inventory/levels': { url: '/api/inventory/levels' },
  // The edge's six operations: the gateway forwards them unread, the edge checks them; the console refuses NUL first.
  'GET /api/v1/mics': { url: `/api/v1/mics?name=${NUL}` },
  'GET /api/v1/mics/:id': { url: `/api/v1/mics/m${NUL}` },
  'PATCH /api/v1/mics/:id': { url: '/api/v1/mics/mic-0001', body: { name: `a\u0000b` } },
  'GET /api/v1/events': { url: `/api/v1/events?mic_id=${NUL}` },
  'GET /api/v1/composite-events': { url: `/api/v1/composite-events?mic_id=${NUL}` },
  'GET /api/v1/composite-events/:id': { url: `/api/v1/composite-events/c${NUL}` },
  'GET /w/:key': { url: `/w/k${NUL}` },
};

/** Routes that read nothing from the request but who asks: no path parameter, no query, no body. */
const TAKES_NOTHING = new Set([
  'GET /config.json',
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /auth/me',
  'GET /auth/setup',
  'GET /api/admin/accounts',
  'GET /api/admin/alerts/channels',
  'GET /api/admin/alerts/rules',
  'GET /api/admin/alerts/deliveries',
  'GET /api/admin/alerts/status',
  'GET /api/admin/walls',
  'GET /api/push/key',
  'GET /api/push/subscriptions',
  'GET /api/push/preferences',
  'GET /api/priority/settings',
  'GET /api/priority/precision',
  'GET /api/priority/context',
  'GET /api/labels',
  'GET /api/procedures',
  'GET /api/review/counts',
  'GET /api/review/me',
  'GET /api/review/people',
  'GET /api/insights/unusual',
  'GET /api/insights/health',
]);

/** The gateway's answer to the rest of /api/*: 404, whatever was sent. */
const CATCH_ALL = '/api/*';

describeEachDatabase('every route refuses invalid input in one shape', (getDb) => {
  let edge: FakeMicEdge;
  let app: FastifyInstance;
  let base = '';
  let admin = '';
  const routes = new Set<string>();

  beforeAll(async () => {
    edge = await fakeMicEdge([fakeMic('mic-0001', 'Gate')]);
    const config = loadConfig(
      { EDGE_API_URL: edge.url, EDGE_API_TOKEN: 'edge-token', QUIET: '1', BACKFILL_MAX_RPS: '0' },
      { staticDir: '/nonexistent' },
    );
    app = buildApp({
      config,
      upstream: edge.url,
      token: config.edgeApiToken,
      demo: null,
      db: getDb(),
      onRoute: (route) => {
        if (route.url === CATCH_ALL) return;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = (await signedIn(getDb(), 'admin')).cookie;
  });
  afterAll(async () => {
    await app?.close();
    await edge?.close();
  });

  it('knows every route: each takes nothing or has an invalid input below', () => {
    const unlisted = [...routes].filter((route) => !(route in INVALID) && !TAKES_NOTHING.has(route));
    expect(unlisted, 'add the new route to INVALID (or TAKES_NOTHING)').toEqual([]);
    // A route listed as taking nothing is a GET without a path parameter.
    for (const route of TAKES_NOTHING) expect(route).toMatch(/^GET [^:]*$/);
    // No stale entries: each listed route exists.
    expect([...Object.keys(INVALID), ...TAKES_NOTHING].filter((route) => !routes.has(route))).toEqual([]);
  });

  it('answers 422 with the same body shape to one invalid input on every route that takes input', async () => {
    const answers: Record<string, { status: number; body: unknown }> = {};
    for (const [route, bad] of Object.entries(INVALID)) {
      const method = route.split(' ')[0]!;
      const response = await fetch(`${base}${bad.url}`, {
        method,
        headers: {
          cookie: admin,
          ...(bad.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: bad.body === undefined ? undefined : JSON.stringify(bad.body),
        redirect: 'manual',
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: the shape check below says it is not the shared shape.
      }
      answers[route] = { status: response.status, body };
    }
    const off = Object.entries(answers).filter(
      ([, { status, body }]) => status !== 422 || !refusalShape.safeParse(body).success,
    );
    expect(Object.fromEntries(off)).toEqual({});
    // Nothing the routes refused reached the edge.
    expect(edge.seen.filter((seen) => seen.method !== 'GET')).toEqual([]);
  });

  it('answers a body that is not JSON in the same shape', async () => {
    const response = await fetch(`${base}/api/admin/walls`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(422);
    expect(refusalShape.parse(await response.json()).detail[0]!.loc).toEqual(['body']);
  });
});
