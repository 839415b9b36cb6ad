import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { registerAuth } from '../auth/register.js';
import { openDatabase, type ConsoleDb } from '../db/database.js';
import { freshPostgresUrl } from '../testing/databases.js';
import { compositeFixture, FAKE_TOKEN, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import type { ReviewChange } from './bus.js';
import { registerReview } from './index.js';
import { signedIn } from '../testing/accounts.js';

/** Two console replicas on one PostgreSQL database: a change on one reaches the other's screens. */
describe('review across replicas (postgres)', () => {
  let drop: () => Promise<void>;
  let edge: FakeEdge;
  const replicas: { app: FastifyInstance; db: ConsoleDb; heard: ReviewChange[] }[] = [];
  let cookie = '';

  beforeAll(async () => {
    const fresh = await freshPostgresUrl();
    drop = fresh.drop;
    edge = await startFakeEdge();
    edge.composites.push(compositeFixture('c9', new Date().toISOString()));
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ databaseUrl: fresh.url, dataDir: '/nonexistent' });
      const app = Fastify();
      registerAuth(app, { db, config: loadConfig({}, { staticDir: '/nonexistent' }).auth });
      const bus = registerReview(app, {
        db,
        databaseUrl: fresh.url,
        edge: { upstream: edge.url, token: FAKE_TOKEN, timeoutMs: 1000 },
        newWindowHours: 24,
      });
      const heard: ReviewChange[] = [];
      bus.subscribe((change) => heard.push(change));
      await app.ready();
      replicas.push({ app, db, heard });
    }
    cookie = (await signedIn(replicas[0]!.db, 'operator', 'kim')).cookie;
  });
  afterAll(async () => {
    for (const { app, db } of replicas) {
      await app.close();
      await db.close();
    }
    await drop();
    await edge.close();
  });

  it('tells the other replica of an acknowledgement and a comment, each once', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const response = await a.app.inject({
      method: 'POST',
      url: '/api/review/items/composite/c9/actions',
      headers: { cookie },
      payload: { action: 'acknowledge', expected_version: 0 },
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(b.heard).toHaveLength(1), { timeout: 2000 });
    expect(b.heard[0]).toMatchObject({
      comment: null,
      item: { id: 'c9', state: 'acknowledged', acknowledged_by: 'kim' },
    });
    await a.app.inject({
      method: 'POST',
      url: '/api/review/items/composite/c9/comments',
      headers: { cookie },
      payload: { text: 'on it' },
    });
    await vi.waitFor(() => expect(b.heard).toHaveLength(2), { timeout: 2000 });
    expect(b.heard[1]).toMatchObject({ comment: expect.any(Number), item: { id: 'c9' } });
    // The replica that made the changes passed each on once: its own notices, echoed back, are dropped.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.heard.map((c) => c.comment === null)).toEqual([true, false]);
  });
});
