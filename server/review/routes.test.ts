import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { registerReview } from './index.js';
import type { ReviewChange } from './bus.js';
import { signedIn } from '../testing/accounts.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

/** When every item of this edge fired. */
const FIRED = '2026-01-01T00:00:00.000Z';

describeEachDatabase('review routes', (getDb) => {
  let app: FastifyInstance;
  let edge: FastifyInstance;
  const cookies: Record<string, string> = {};
  const heard: ReviewChange[] = [];
  const edgeCalls: string[] = [];

  beforeAll(async () => {
    const consoleDb = getDb();
    // A real edge on loopback: two composites (one holding base event e1) and three base events.
    edge = Fastify();
    edge.get('/api/v1/composite-events', async (request) => {
      edgeCalls.push(request.url);
      return {
        page: 1,
        size: 50,
        total_cnt: 999_999,
        max_page: 999_999,
        results: [
          { id: 'c1', events: [{ id: 'e1' }] },
          { id: 'c2', events: [] },
        ],
      };
    });
    edge.get<{ Params: { id: string } }>('/api/v1/composite-events/:id', async (request, reply) => {
      const { id } = request.params;
      return ['c1', 'c2'].includes(id) ? { id, started_at: FIRED, events: [] } : reply.code(404).send({});
    });
    edge.get('/api/v1/events', async () => ({
      page: 1,
      size: 100,
      total_cnt: 3,
      max_page: 1,
      results: ['e1', 'e2', 'e3'].map((id) => ({ id, created_at: FIRED })),
    }));
    const upstream = await edge.listen({ host: '127.0.0.1', port: 0 });

    app = Fastify();
    registerTestAuth(app, consoleDb);
    const bus = registerReview(app, {
      db: consoleDb,
      databaseUrl: null,
      edge: { upstream, token: 'edge-token', timeoutMs: 5000 },
      newWindowHours: 24,
    });
    bus.subscribe((change) => heard.push(change));
    await app.ready();
    for (const role of ['viewer', 'operator', 'admin'] as const)
      cookies[role] = (await signedIn(consoleDb, role, role)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await edge.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
    const response = await app.inject({ method, url, headers, payload });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const ack = { action: 'acknowledge', expected_version: 0 };

  it('refuses everything without a session (401) and every change from a viewer or a wall (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/review/items?key=composite:c1'],
      ['GET', '/api/review/items/composite/c1'],
      ['GET', '/api/review/counts'],
      ['GET', '/api/review/people'],
      ['GET', '/api/review/me'],
      ['GET', '/api/review/handover?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z'],
      ['POST', '/api/review/items/composite/c1/actions'],
      ['POST', '/api/review/items/composite/c1/comments'],
      ['POST', '/api/review/bulk'],
    ] as const) {
      expect((await call(method, url, {}, method === 'POST' ? ack : undefined)).status, url).toBe(401);
    }
    for (const headers of [{ cookie: cookies.viewer! }, TEST_WALL] as Record<string, string>[]) {
      expect((await call('POST', '/api/review/items/composite/c1/actions', headers, ack)).status).toBe(403);
      expect((await call('POST', '/api/review/items/composite/c1/comments', headers, { text: 'x' })).status).toBe(403);
      const bulk = { action: 'acknowledge', items: [{ kind: 'composite', id: 'c1', expected_version: 0 }] };
      expect((await call('POST', '/api/review/bulk', headers, bulk)).status).toBe(403);
      expect((await call('GET', '/api/review/items/composite/c1', headers)).status).toBe(200);
    }
    // A base event outside any composite is reviewed on its own: the same rule holds for it.
    for (const headers of [{ cookie: cookies.viewer! }, TEST_WALL] as Record<string, string>[]) {
      expect((await call('POST', '/api/review/items/event/e3/actions', headers, ack)).status).toBe(403);
      expect((await call('POST', '/api/review/items/event/e3/comments', headers, { text: 'x' })).status).toBe(403);
      const bulk = { action: 'acknowledge', items: [{ kind: 'event', id: 'e3', expected_version: 0 }] };
      expect((await call('POST', '/api/review/bulk', headers, bulk)).status).toBe(403);
      expect((await call('GET', '/api/review/items?key=event:e3', headers)).status).toBe(200);
    }
    for (const url of ['/api/review/items/event/e3/actions', '/api/review/items/event/e3/comments'])
      expect((await call('POST', url, {}, ack)).status, url).toBe(401);
    expect((await call('GET', '/api/review/items/event/e3', { cookie: cookies.viewer! })).body).toMatchObject({
      item: { kind: 'event', state: 'new', version: 0 },
    });
    expect((await call('GET', '/api/review/items/composite/c1', { cookie: cookies.viewer! })).body).toMatchObject({
      item: { state: 'new', version: 0 },
      history: [],
    });
  });

  it('acknowledges once; the second operator gets 409 naming who, with the current item', async () => {
    const first = await call('POST', '/api/review/items/composite/c1/actions', { cookie: cookies.operator! }, ack);
    expect(first).toMatchObject({
      status: 200,
      body: { item: { state: 'acknowledged', acknowledged_by: 'operator' } },
    });
    const second = await call('POST', '/api/review/items/composite/c1/actions', { cookie: cookies.admin! }, ack);
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/^Already acknowledged by operator at \d{4}-/);
    expect(second.body.current).toMatchObject({ state: 'acknowledged', version: 1 });
    expect(heard.map((c) => [c.item.id, c.item.version])).toEqual([['c1', 1]]);
    const audit = await getDb().db.selectFrom('audit').selectAll().where('action', '=', 'review.acknowledge').execute();
    expect(audit.map((a) => [a.actor_name, a.outcome, a.target_type, a.target_id])).toEqual([
      ['operator', 'ok', 'composite_event', 'c1'],
      ['admin', 'refused', 'composite_event', 'c1'],
    ]);
  });

  it('answers 422 with the field for bad input, and changes nothing', async () => {
    const op = { cookie: cookies.operator! };
    const bad = [
      ['/api/review/items/composite/c2/actions', { action: 'resolve', expected_version: 0, outcome: 'maybe' }],
      ['/api/review/items/composite/c2/actions', { action: 'fly', expected_version: 0 }],
      ['/api/review/items/widget/c2/actions', ack],
      ['/api/review/items/composite/c2/actions', { action: 'assign', expected_version: 0, assignee: 'nobody' }],
      ['/api/review/items/composite/c2/comments', { text: '   ' }],
      ['/api/review/bulk', { action: 'resolve', items: [{ kind: 'composite', id: 'c2', expected_version: 0 }] }],
    ] as const;
    for (const [url, body] of bad) {
      const result = await call('POST', url, op, body);
      expect(result.status, url).toBe(422);
      expect(result.body.detail, url).toEqual([
        { loc: expect.arrayContaining([expect.any(String)]), msg: expect.any(String) },
      ]);
    }
    expect((await call('GET', '/api/review/items?key=composite:c2', op)).body).toMatchObject({
      items: [{ state: 'new', version: 0 }],
    });
    const tooMany = Array.from({ length: 201 }, (_, i) => `key=event:${i}`).join('&');
    expect((await call('GET', `/api/review/items?${tooMany}`, op)).status).toBe(422);
  });

  it('counts new items: composites, and base events outside them, nobody has acted on', async () => {
    // c1 acknowledged above; c2 new; e1 belongs to c1; e2, e3 new.
    const viewer = { cookie: cookies.viewer! };
    expect((await call('GET', '/api/review/counts', viewer)).body).toMatchObject({
      new: 3,
      composites: 1,
      events: 2,
      capped: false,
    });
    const bulk = {
      action: 'resolve',
      outcome: 'test',
      note: 'drill',
      items: [
        { kind: 'composite', id: 'c2', expected_version: 0 },
        { kind: 'event', id: 'e2', expected_version: 0, fired_at: FIRED },
        { kind: 'composite', id: 'c1', expected_version: 0 },
      ],
    };
    const result = await call('POST', '/api/review/bulk', { cookie: cookies.admin! }, bulk);
    expect((result.body.results as { status: string }[]).map((r) => r.status)).toEqual(['ok', 'ok', 'conflict']);
    expect((await call('GET', '/api/review/counts', viewer)).body).toMatchObject({ new: 1, events: 1 });
    // The edge's pages are read once per cache period however many screens ask, and never past what a page holds.
    expect(edgeCalls).toHaveLength(1);
  });

  it('lets an operator act on a base event, and nobody without a session (on its own, as for composites)', async () => {
    const first = await call(
      'POST',
      '/api/review/items/event/e3/actions',
      { cookie: cookies.operator! },
      {
        ...ack,
        fired_at: FIRED,
      },
    );
    expect(first).toMatchObject({
      status: 200,
      body: { item: { kind: 'event', id: 'e3', state: 'acknowledged', fired_at: FIRED } },
    });
    const resolve = { action: 'resolve', expected_version: 1, outcome: 'false_alarm' };
    const resolved = await call('POST', '/api/review/items/event/e3/actions', { cookie: cookies.admin! }, resolve);
    expect(resolved).toMatchObject({ status: 200, body: { item: { state: 'resolved', resolved_by: 'admin' } } });
  });

  it('says which base events belong to a composite event, for anyone signed in', async () => {
    const url = (ids: string[], from: string, to: string) =>
      `/api/review/membership?${ids.map((id) => `id=${id}`).join('&')}&from=${from}&to=${to}`;
    const asked = url(['e1', 'e2'], '2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z');
    expect((await call('GET', asked, {})).status).toBe(401);
    const before = edgeCalls.length;
    expect((await call('GET', asked, TEST_WALL)).body).toEqual({
      memberships: [{ event_id: 'e1', composite_id: 'c1', rule: '' }],
      complete: true,
    });
    // One page, read around the events' span by the longest rule window either side.
    expect(edgeCalls.slice(before)).toHaveLength(1);
    const read = new URL(edgeCalls.at(-1)!, 'http://edge').searchParams;
    expect([read.get('created_at__ge'), read.get('created_at__le')]).toEqual([
      '2025-12-31T23:45:00.000Z',
      '2026-01-01T01:15:00.000Z',
    ]);
    const viewer = { cookie: cookies.viewer! };
    expect((await call('GET', url(['e1'], '2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z'), viewer)).status).toBe(422);
    const tooMany = Array.from({ length: 101 }, (_, i) => `e${i}`);
    expect((await call('GET', url(tooMany, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), viewer)).status).toBe(422);
  });

  it('keeps comments and history, readable by a viewer', async () => {
    const comment = await call(
      'POST',
      '/api/review/items/composite/c1/comments',
      { cookie: cookies.operator! },
      {
        text: '<b>on my way</b>',
      },
    );
    expect(comment).toMatchObject({ status: 201, body: { comment: { author: 'operator', text: '<b>on my way</b>' } } });
    const read = await call('GET', '/api/review/items/composite/c1', { cookie: cookies.viewer! });
    expect(read.body).toMatchObject({
      item: { state: 'acknowledged' },
      comments: [{ text: '<b>on my way</b>' }],
      history: [{ action: 'acknowledge', actor: 'operator' }],
    });
    expect((await call('GET', '/api/review/me', { cookie: cookies.viewer! })).body).toEqual({
      username: 'viewer',
      can_act: false,
    });
    expect((await call('GET', '/api/review/me', { cookie: cookies.operator! })).body).toEqual({
      username: 'operator',
      can_act: true,
    });
    expect((await call('GET', '/api/review/people', { cookie: cookies.viewer! })).body).toEqual({
      people: ['admin', 'operator'],
    });
  });
});
