import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerAuth } from '../auth/register.js';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import { compositeFixture, FAKE_TOKEN, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { registerReview } from './index.js';

/** "Confirmed by listening" and "the label is wrong: it was …" join an item's history, under the review's rules. */
describeEachDatabase('listening verdicts', (getDb) => {
  let app: FastifyInstance;
  let edge: FakeEdge;
  const cookies: Record<string, string> = {};
  const firedAt = new Date(Date.now() - 3_600_000).toISOString();

  beforeAll(async () => {
    edge = await startFakeEdge();
    edge.composites.push(compositeFixture('heard', firedAt), compositeFixture('closed', firedAt));
    app = Fastify();
    registerAuth(app, { db: getDb(), config: loadConfig({}, { staticDir: '/nonexistent' }).auth });
    registerReview(app, {
      db: getDb(),
      databaseUrl: null,
      edge: { upstream: edge.url, token: FAKE_TOKEN, timeoutMs: 5000 },
      newWindowHours: 24,
    });
    await app.ready();
    for (const role of ['viewer', 'operator'] as const)
      cookies[role] = (await signedIn(getDb(), role, `${role}-listens`)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await edge.close();
  });

  const act = async (id: string, payload: object, role = 'operator') => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/review/items/composite/${id}/actions`,
      headers: { cookie: cookies[role]! },
      payload,
    });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const thread = async (id: string) =>
    (await app.inject({ url: `/api/review/items/composite/${id}`, headers: { cookie: cookies.viewer! } })).json() as {
      item: { state: string; version: number };
      history: { action: string; details: unknown }[];
    };

  it('records a confirmation in the history without changing state or owner, with the edge’s time', async () => {
    const confirmed = await act('heard', { action: 'listen_confirm', expected_version: 0, event_id: 'heard-e0' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.item).toMatchObject({ state: 'new', assignee: null, version: 1, fired_at: firedAt });
    const relabelled = await act('heard', { action: 'listen_relabel', expected_version: 1, label: 'car_horn' });
    expect(relabelled.status).toBe(200);
    const { history, item } = await thread('heard');
    expect(item).toMatchObject({ state: 'new', version: 2 });
    expect(history.map((h) => [h.action, h.details])).toEqual([
      ['listen_confirm', { event_id: 'heard-e0' }],
      ['listen_relabel', { label: 'car_horn', event_id: null }],
    ]);
  });

  it('may follow a resolution, and keeps it resolved', async () => {
    expect((await act('closed', { action: 'resolve', expected_version: 0, outcome: 'test' })).status).toBe(200);
    const heard = await act('closed', { action: 'listen_relabel', expected_version: 1, label: 'siren' });
    expect(heard.status).toBe(200);
    expect(heard.body.item).toMatchObject({ state: 'resolved', outcome: 'test', version: 2 });
  });

  it('keeps the review rules: viewers may not, unknown items are 404, a stale version conflicts, a label is needed', async () => {
    expect((await act('heard', { action: 'listen_confirm', expected_version: 2 }, 'viewer')).status).toBe(403);
    expect((await act('nowhere', { action: 'listen_confirm', expected_version: 0 })).status).toBe(404);
    expect((await act('heard', { action: 'listen_confirm', expected_version: 0 })).status).toBe(409);
    expect((await act('heard', { action: 'listen_relabel', expected_version: 2 })).status).toBe(422);
    expect((await act('heard', { action: 'listen_relabel', expected_version: 2, label: 'a\u0007b' })).status).toBe(422);
    expect((await thread('heard')).item.version).toBe(2);
  });
});
