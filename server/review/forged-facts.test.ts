import { EventEmitter } from 'node:events';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerAuth } from '../auth/register.js';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import { compositeFixture, eventFixture, FAKE_TOKEN, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { registerReview } from './index.js';

const HOUR = 3_600_000;

/** What an operator's browser may send is not a fact: the edge says when an item fired, and whether it exists. */
describeEachDatabase('review facts come from the edge, not the browser', (getDb) => {
  let app: FastifyInstance;
  let edge: FakeEdge;
  const hub = new EventEmitter();
  const cookies: Record<string, string> = {};
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const forged = '2000-01-01T00:00:00.000Z';

  beforeAll(async () => {
    edge = await startFakeEdge();
    edge.composites.push(compositeFixture('c1', ago(2 * HOUR)), compositeFixture('c2', ago(HOUR)));
    edge.events.push(eventFixture('e1', ago(3 * HOUR)), eventFixture('e2', ago(3 * HOUR)));
    app = Fastify();
    const consoleDb = getDb();
    registerAuth(app, { db: consoleDb, config: loadConfig({}, { staticDir: '/nonexistent' }).auth });
    registerReview(app, {
      db: consoleDb,
      databaseUrl: null,
      edge: { upstream: edge.url, token: FAKE_TOKEN, timeoutMs: 5000 },
      newWindowHours: 24,
      feed: {
        onEvents: (listener) => (hub.on('events', listener), () => hub.off('events', listener)),
        onComposites: (listener) => (hub.on('composites', listener), () => hub.off('composites', listener)),
      },
    });
    await app.ready();
    for (const role of ['viewer', 'operator'] as const)
      cookies[role] = (await signedIn(consoleDb, role, `${role}-facts`)).cookie;
    await signedIn(consoleDb, 'operator', 'gone-operator');
    await consoleDb.db.updateTable('accounts').set({ disabled: 1 }).where('username', '=', 'gone-operator').execute();
  });
  afterAll(async () => {
    await app.close();
    await edge.close();
  });

  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: { cookie: cookies.operator! }, payload });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const act = (kind: string, id: string, payload: object) =>
    post(`/api/review/items/${kind}/${encodeURIComponent(id)}/actions`, payload);
  const rows = () => getDb().db.selectFrom('review_items').select(['kind', 'item_id', 'fired_at']).execute();

  it('takes when a composite fired from the edge: a forged fired_at changes no handover figure', async () => {
    const acked = await act('composite', 'c1', { action: 'acknowledge', expected_version: 0, fired_at: forged });
    expect(acked.status).toBe(200);
    expect(acked.body.item.fired_at).toBe(ago(2 * HOUR));
    const resolved = await post('/api/review/bulk', {
      action: 'resolve',
      outcome: 'test',
      items: [{ kind: 'composite', id: 'c2', expected_version: 0, fired_at: forged }],
    });
    expect(resolved.body.results[0]).toMatchObject({ status: 'ok', item: { fired_at: ago(HOUR) } });

    const from = ago(8 * HOUR);
    const to = new Date(now + 60_000).toISOString();
    const handover = await app.inject({
      method: 'GET',
      url: `/api/review/handover?from=${from}&to=${to}`,
      headers: { cookie: cookies.viewer! },
    });
    const times = handover.json().response_times;
    // c1 fired two hours before it was acknowledged, c2 one: a median of an hour and a half, not 26 years.
    expect(times.acknowledge.count).toBe(2);
    expect(times.acknowledge.median_ms).toBeGreaterThan(1.5 * HOUR - 60_000);
    expect(times.acknowledge.median_ms).toBeLessThan(1.5 * HOUR + 60_000);
  });

  it('finds a base event on the edge around the time the browser names, and keeps the edge’s time', async () => {
    const hint = new Date(Date.parse(ago(3 * HOUR)) + 400).toISOString();
    const acked = await act('event', 'e1', { action: 'acknowledge', expected_version: 0, fired_at: hint });
    expect(acked).toMatchObject({ status: 200, body: { item: { fired_at: ago(3 * HOUR) } } });
    // An event the browser dates where the edge has none is not known: refused, as a made-up one.
    const moved = await act('event', 'e2', { action: 'acknowledge', expected_version: 0, fired_at: forged });
    expect(moved.status).toBe(404);
  });

  it('knows the events and composites the live hub passed on, without asking the edge', async () => {
    hub.emit('events', [{ id: 'e-live', created_at: ago(HOUR) }]);
    hub.emit('composites', [{ id: 'c-live', started_at: ago(HOUR), events: [] }]);
    edge.requests.length = 0;
    expect((await act('event', 'e-live', { action: 'acknowledge', expected_version: 0 })).body.item.fired_at).toBe(
      ago(HOUR),
    );
    expect((await act('composite', 'c-live', { action: 'acknowledge', expected_version: 0 })).status).toBe(200);
    expect(edge.requests).toEqual([]);
  });

  it('refuses an action on an item the edge does not know with 404, and stores nothing', async () => {
    const before = await rows();
    for (const [kind, id] of [
      ['composite', 'DOES-NOT-EXIST-<b>x</b>'],
      ['event', 'DOES-NOT-EXIST-<b>x</b>'],
    ] as const) {
      for (const action of [
        { action: 'acknowledge', expected_version: 0, fired_at: ago(HOUR) },
        { action: 'assign', expected_version: 0, assignee: 'operator-facts' },
        { action: 'resolve', expected_version: 0, outcome: 'test' },
      ]) {
        const answer = await act(kind, id, action);
        expect(answer.status, `${kind} ${action.action}`).toBe(404);
        expect(answer.body.detail).toBe(`The edge has no ${kind === 'composite' ? 'composite event' : 'event'} ${id}.`);
      }
    }
    // One unknown item in a bulk refuses the whole bulk, before anything changes.
    const bulk = await post('/api/review/bulk', {
      action: 'acknowledge',
      items: [
        { kind: 'composite', id: 'c-live', expected_version: 1 },
        { kind: 'event', id: 'e2', expected_version: 0 },
        { kind: 'composite', id: 'nope', expected_version: 0 },
      ],
    });
    expect(bulk.status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('takes a comment only on an item the edge knows: 404 for another, and no comment stored', async () => {
    const comments = () => getDb().db.selectFrom('review_comments').select(['kind', 'item_id']).execute();
    const before = await comments();
    for (const [kind, id] of [
      ['composite', 'DOES-NOT-EXIST-<b>x</b>'],
      ['event', 'DOES-NOT-EXIST-<b>x</b>'],
    ] as const) {
      const answer = await post(`/api/review/items/${kind}/${encodeURIComponent(id)}/comments`, {
        text: 'a note on nothing',
        fired_at: ago(HOUR),
      });
      expect(answer.status, kind).toBe(404);
    }
    expect(await comments()).toEqual(before);
    // A composite the edge has, and a base event found around the time the browser names, take one.
    expect((await post('/api/review/items/composite/c2/comments', { text: 'seen on camera 4' })).status).toBe(201);
    const event = await post('/api/review/items/event/e1/comments', { text: 'a door', fired_at: ago(3 * HOUR) });
    expect(event.status).toBe(201);
  });

  it('assigns only to an enabled operator or admin, saying why not', async () => {
    const viewer = await act('composite', 'c-live', {
      action: 'assign',
      expected_version: 1,
      assignee: 'viewer-facts',
    });
    expect(viewer).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            loc: ['body'],
            msg: 'assignee: viewer-facts is a viewer and cannot act on reviews; assign an operator or an admin.',
          },
        ],
      },
    });
    const disabled = await act('composite', 'c-live', {
      action: 'assign',
      expected_version: 1,
      assignee: 'gone-operator',
    });
    expect(disabled).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body'], msg: 'assignee: the account gone-operator is disabled.' }] },
    });
    const assigned = await act('composite', 'c-live', {
      action: 'assign',
      expected_version: 1,
      assignee: 'Operator-Facts',
    });
    expect(assigned).toMatchObject({ status: 200, body: { item: { assignee: 'operator-facts', version: 2 } } });
  });
});
