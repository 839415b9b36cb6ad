import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { ConsoleDb } from '../db/database.js';
import { describeEachDatabase } from '../testing/databases.js';
import { compositeFixture, FAKE_TOKEN, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { signedIn } from '../testing/accounts.js';

/** The whole console: an acknowledgement reaches an open /live stream as a `review` message. */
describeEachDatabase('review on the live stream', (getDb) => {
  let edge: FakeEdge;
  let app: FastifyInstance;
  let url = '';
  let cookie = '';

  beforeAll(async () => {
    edge = await startFakeEdge();
    edge.composites.push(compositeFixture('c7', new Date().toISOString()));
    const db: ConsoleDb = getDb();
    const config = loadConfig({ EDGE_API_URL: edge.url, EDGE_API_TOKEN: FAKE_TOKEN, QUIET: '1' }, { staticDir: '/x' });
    app = buildApp({ config, upstream: edge.url, token: FAKE_TOKEN, demo: null, db });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    cookie = (await signedIn(db, 'operator', 'kim')).cookie;
  });
  afterAll(async () => {
    await app.close();
    await edge.close();
  });

  it('pushes the changed item to every screen', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${url}/live`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const acted = await fetch(`${url}/api/review/items/composite/c7/actions`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'acknowledge', expected_version: 0 }),
    });
    expect(acted.status).toBe(200);
    let text = '';
    const deadline = Date.now() + 2000;
    while (!text.includes('event: review') && Date.now() < deadline) text += (await reader.read()).value ?? '';
    controller.abort();
    const block = text.slice(text.indexOf('event: review'));
    const data = JSON.parse(/data: (.*)/.exec(block)![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({ comment: null, item: { id: 'c7', state: 'acknowledged', acknowledged_by: 'kim' } });
  });
});
