import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDemoEdge } from '../demo/edge-app.js';
import { DemoStore } from '../demo/store.js';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import { registerTestAuth } from '../testing/route-auth.js';
import { EdgeReader } from './edge-reader.js';
import { distanceMeters } from './geo.js';
import { registerHeardBy } from './heard-by-route.js';
import { InsightsService, type ListedEvent } from './service.js';

/**
 * A fresh console over a seeded demo edge read over HTTP, as just after start: the hub has read
 * the newest events, the back-fill has not reached them yet. The console holds an event but not
 * the neighbour's report of the same sound a few seconds before it, so it must not say "only its
 * own mic" of it (a clean clone's e2e run showed a whole page of them).
 */
const TOKEN = 'heard-by-window-token';

interface Answer {
  complete: boolean;
  events: Record<string, { heard_by: { id: string }[]; complete?: boolean }>;
}

describeEachDatabase('heard-by on a fresh console', (getDb) => {
  let store: DemoStore;
  let edge: FastifyInstance;
  let app: FastifyInstance;
  let service: InsightsService;
  let viewer: string;
  let pair: [string, string];

  beforeAll(async () => {
    store = new DemoStore({ dataDir: null, mics: 60, events: 2_000 });
    edge = buildDemoEdge({ store, token: TOKEN }).app;
    const upstream = await edge.listen({ host: '127.0.0.1', port: 0 });
    const reader = new EdgeReader({ upstream, token: TOKEN, timeoutMs: 5_000 });
    service = new InsightsService(getDb().db, reader, {
      rules: { radiusM: 500, windowMs: 10_000 },
      backfillMaxRps: 1000,
      deafMinMissed: 3,
      log: () => {},
    });
    app = Fastify();
    registerTestAuth(app, getDb());
    registerHeardBy(app, { service, reader });
    await app.ready();
    viewer = (await signedIn(getDb(), 'viewer')).cookie;
    const places = [...(await reader.mics()).values()];
    const near = places.flatMap((a) =>
      places.filter((b) => b.id > a.id && distanceMeters(a, b) < 300).map((b) => [a, b]),
    );
    pair = [near[0]![0]!.id, near[0]![1]!.id];
  }, 60_000);

  afterAll(async () => {
    service.stop();
    await app.close();
    await edge.close();
    store.close();
  });

  const heardBy = async (...ids: string[]) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/insights/heard-by?${ids.map((id) => `id=${id}`).join('&')}`,
      headers: { cookie: viewer },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Answer>();
  };

  it('says "not known yet" of an event whose neighbours it has not read, and the truth once it has', async () => {
    const at = Date.now() - 60_000;
    // One explosion heard by two mics 4 s apart: the earlier report is older than the hub's first page.
    store.addEvent({ mic_id: pair[1], label_id: 'explosion', at: at - 4_000 });
    const newest = store.addEvent({ mic_id: pair[0], label_id: 'explosion', at });
    const listed: ListedEvent = {
      id: newest.id,
      label: { id: 'explosion' },
      mic: { id: pair[0] },
      confidence: newest.confidence,
      created_at: newest.created_at,
    };
    // The hub's first poll hands over the newest page (here the newest event alone).
    await service.fromHub([listed]);

    const early = (await heardBy(newest.id)).events[newest.id]!;
    // Its own mic alone is what the console holds, not the truth: the window is not read yet.
    expect(early).toEqual({ heard_by: [expect.objectContaining({ id: pair[0] })], complete: false });

    await service.backfill.walk();
    const late = (await heardBy(newest.id)).events[newest.id]!;
    expect(late.heard_by.map((m) => m.id)).toEqual(pair);
    expect(late.complete).toBe(true);
  }, 60_000);

  it('leaves an event whose window is still open not known, after the back-fill too', async () => {
    const now = store.addEvent({ mic_id: pair[0], label_id: 'gunshot', at: Date.now() - 1_000 });
    await service.fromHub([
      { id: now.id, label: { id: 'gunshot' }, mic: { id: pair[0] }, confidence: 0.9, created_at: now.created_at },
    ]);
    const answer = await heardBy(now.id);
    expect(answer.complete).toBe(true);
    expect(answer.events[now.id]).toMatchObject({ heard_by: [{ id: pair[0] }], complete: false });
  });
});
