import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import {
  compositeFixture,
  eventFixture,
  FAKE_TOKEN,
  micFixture,
  startFakeEdge,
  type FakeEdge,
} from '../testing/fake-edge.js';
import { MAX_EVENT_PAGES } from './handover-scan.js';
import { registerReview } from './index.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

const HOUR = 3_600_000;

describeEachDatabase('shift handover', (getDb) => {
  let app: FastifyInstance;
  let edge: FakeEdge;
  const cookies: Record<string, string> = {};
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const from = ago(8 * HOUR);
  const to = new Date(now + 60_000).toISOString();
  const url = (query = `from=${from}&to=${to}`) => `/api/review/handover?${query}`;

  beforeAll(async () => {
    edge = await startFakeEdge();
    edge.mics.push(micFixture(2), micFixture(3));
    // c1 and c2 fired in the period, c-old before it; e9 is a base event outside any composite.
    edge.composites.push(
      compositeFixture('c1', ago(2 * HOUR)),
      compositeFixture('c2', ago(HOUR), 2, 'edge-b'),
      compositeFixture('c-old', ago(30 * HOUR)),
    );
    edge.events.push(
      eventFixture('c1-e0', ago(2 * HOUR)),
      eventFixture('c1-e1', ago(2 * HOUR)),
      eventFixture('e9', ago(3 * HOUR), 'mic-0003', 'glass'),
    );
    app = Fastify();
    const consoleDb = getDb();
    registerTestAuth(app, consoleDb);
    registerReview(app, {
      db: consoleDb,
      databaseUrl: null,
      edge: { upstream: edge.url, token: FAKE_TOKEN, timeoutMs: 5000 },
      newWindowHours: 24,
    });
    await app.ready();
    for (const role of ['viewer', 'operator'] as const) cookies[role] = (await signedIn(consoleDb, role, role)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await edge.close();
  });

  const get = async (target: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: target, headers });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const act = async (kind: string, id: string, body: object) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/review/items/${kind}/${id}/actions`,
      headers: { cookie: cookies.operator! },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('needs a session (401); viewers and wall screens may read it', async () => {
    expect((await get(url(), {})).status).toBe(401);
    expect((await get(url(), { cookie: cookies.viewer! })).status).toBe(200);
    expect((await get(url(), TEST_WALL)).status).toBe(200);
  });

  it('answers 422 naming the field for a missing, unreadable, reversed or too long period', async () => {
    const viewer = { cookie: cookies.viewer! };
    for (const query of [
      `from=${from}`,
      `from=yesterday&to=${to}`,
      `from=${to}&to=${from}`,
      `from=${ago(40 * 24 * HOUR)}&to=${to}`,
    ]) {
      const answer = await get(url(query), viewer);
      expect(answer.status, query).toBe(422);
      expect(answer.body.detail, query).toEqual([
        { loc: ['query', expect.stringMatching(/^(from|to)$/)], msg: expect.any(String) },
      ]);
    }
  });

  it('counts what fired, lists the resolved with outcome and the open with owner, and times the answers', async () => {
    await act('composite', 'c1', { action: 'acknowledge', expected_version: 0 });
    await act('composite', 'c1', { action: 'resolve', expected_version: 1, outcome: 'false_alarm', note: 'wind' });
    await act('composite', 'c-old', { action: 'acknowledge', expected_version: 0, fired_at: ago(30 * HOUR) });

    const { status, body } = await get(url(), { cookie: cookies.viewer! });
    expect(status).toBe(200);
    expect(body.edge_error).toBeNull();
    expect(body.fired).toMatchObject({
      composites: 2,
      events: 3,
      by_rule: [{ id: 'rule-1', name: 'Screams', composites: 2 }],
      complete: true,
    });
    expect(body.fired.by_label).toEqual([
      { id: 'scream', name: { ko: '비명', en: 'Scream' }, events: 2, composites: 2 },
      { id: 'glass', name: { ko: '비명', en: 'Scream' }, events: 1, composites: 0 },
    ]);
    expect(body.fired.by_edge).toEqual([
      { edge_id: 'edge-a', events: 2, composites: 1 },
      { edge_id: 'edge-b', events: 1, composites: 1 },
    ]);
    expect(body.fired.busiest_mics[0]).toEqual({ id: 'mic-0002', name: 'mic-0002', edge_id: 'edge-a', events: 2 });

    expect(body.resolved.total).toBe(1);
    expect(body.resolved.by_outcome).toEqual({ real_incident: 0, false_alarm: 1, test: 0, other: 0 });
    expect(body.resolved.items).toEqual([
      expect.objectContaining({
        id: 'c1',
        outcome: 'false_alarm',
        note: 'wind',
        resolved_by: 'operator',
        summary: expect.objectContaining({ rule: 'Screams' }),
      }),
    ]);
    expect(body.people).toEqual([{ name: 'operator', acknowledged: 2, resolved: 1 }]);
    // c-old fired 30 h ago: it is still open (with its owner) though it fired before the period.
    expect(
      body.open.items.map((i: { id: string; state: string; assignee: string | null }) => [i.id, i.state, i.assignee]),
    ).toEqual([
      ['c-old', 'acknowledged', 'operator'],
      ['c2', 'new', null],
      ['e9', 'new', null],
    ]);
    expect(body.open).toMatchObject({ total: 3, new: 2, acknowledged: 1, unowned: 2 });
    // c1 fired two hours before it was acknowledged; c-old thirty; the median of the two is sixteen.
    expect(body.response_times.acknowledge.count).toBe(2);
    expect(body.response_times.acknowledge.median_ms).toBeGreaterThan(16 * HOUR - 60_000);
    expect(body.response_times.acknowledge.median_ms).toBeLessThan(16 * HOUR + 60_000);
    expect(body.response_times.resolve.count).toBe(1);
  });

  it('reads a bounded number of pages whatever the edge claims, and says the counts are a lower bound', async () => {
    edge.maxPageLie = 1_000_000;
    edge.ignorePage = true;
    edge.events.push(...Array.from({ length: 150 }, (_, i) => eventFixture(`bulk-${i}`, ago(HOUR))));
    edge.requests.length = 0;
    const { body } = await get(url(), { cookie: cookies.viewer! });
    expect(body.fired.complete).toBe(false);
    expect(edge.requests.filter((r) => r.path === '/api/v1/events').length).toBe(MAX_EVENT_PAGES);
    edge.maxPageLie = null;
    edge.ignorePage = false;
  });

  it('still reports the reviews when the edge is down, and says why the rest is missing', async () => {
    edge.mode = 'down';
    const { status, body } = await get(url(), { cookie: cookies.viewer! });
    edge.mode = 'normal';
    expect(status).toBe(200);
    expect(body.fired).toBeNull();
    expect(body.edge_error).toEqual(expect.any(String));
    expect(body.resolved.total).toBe(1);
  });
});
