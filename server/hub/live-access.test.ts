import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { endAccountSessions } from '../auth/sessions.js';
import { signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { describeEachDatabase } from '../testing/databases.js';
import { eventFixture, FAKE_TOKEN, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { WALL_COOKIE } from '../walls/wall-access.js';
import { createWallLink, revokeWallLink } from '../walls/wall-links.js';

/** An open GET /live as a browser holds it (gzipped): what came, and when (if ever) the server ended it. */
interface OpenStream {
  status: number;
  events: string[];
  ended: Promise<number>;
  close(): void;
}

function openStream(base: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/event-stream', 'accept-encoding': 'gzip', cookie };
    const request = http.get(`${base}/live`, { headers }, (response) => {
      const events: string[] = [];
      const ended = new Promise<number>((done) => response.once('close', () => done(Date.now())));
      const body = response.headers['content-encoding'] === 'gzip' ? response.pipe(zlib.createGunzip()) : response;
      body.setEncoding('utf8');
      body.on('data', (chunk: string) => {
        for (const match of chunk.matchAll(/"id":"(ev-[^"]+)"/g)) events.push(match[1]!);
      });
      resolve({ status: response.statusCode ?? 0, events, ended, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/** The stream ended within `ms`: the time it took, or null when it was still open. */
async function endsWithin(stream: OpenStream, ms: number): Promise<number | null> {
  const from = Date.now();
  const at = await Promise.race([stream.ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
  return at === null ? null : at - from;
}

describeEachDatabase('an open /live stream lasts only as long as its access', (getDb) => {
  let edge: FakeEdge;
  let c: TestConsole;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    edge = await startFakeEdge();
    c = await startTestConsole(getDb(), edge.url, {
      EDGE_API_TOKEN: FAKE_TOKEN,
      HUB_EVENTS_INTERVAL_MS: '50',
      HUB_COMPOSITES_INTERVAL_MS: '1000',
      HUB_MICS_INTERVAL_MS: '60000',
      // Long enough that the tests below see the immediate close, not the next round.
      LIVE_ACCESS_CHECK_MS: '60000',
    });
  });
  afterAll(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await c.close();
    await edge.close();
  });
  beforeEach(() => {
    edge.events = [];
  });

  async function open(cookie: string): Promise<OpenStream> {
    const stream = await openStream(c.base, cookie);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  }

  /** An event the edge stores now: an open stream carries it within a poll. */
  function storeEvent(id: string) {
    edge.events.unshift(eventFixture(id, new Date().toISOString()));
  }

  it('carries events while the session lasts, and ends at its sign-out with nothing after it', async () => {
    const { cookie } = await signedIn(getDb(), 'viewer');
    const stream = await open(cookie);
    const other = await open((await signedIn(getDb(), 'viewer')).cookie);
    storeEvent('ev-before');
    await expect.poll(() => stream.events).toContain('ev-before');

    expect((await c.call('/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect(await endsWithin(stream, 2000)).not.toBeNull();
    storeEvent('ev-after');
    await expect.poll(() => other.events).toContain('ev-after');
    expect(stream.events).not.toContain('ev-after');
  });

  it('ends when an admin disables the account, or changes its role', async () => {
    const admin = await signedIn(getDb(), 'admin');
    for (const change of [{ disabled: true }, { role: 'operator' }]) {
      const viewer = await signedIn(getDb(), 'viewer');
      const stream = await open(viewer.cookie);
      const answer = await c.call(`/api/admin/accounts/${viewer.accountId}`, {
        method: 'PATCH',
        cookie: admin.cookie,
        body: JSON.stringify(change),
      });
      expect(answer.status).toBe(200);
      expect(await endsWithin(stream, 2000), JSON.stringify(change)).not.toBeNull();
    }
  });

  it("ends when an admin revokes the wall's link", async () => {
    const admin = await signedIn(getDb(), 'admin');
    const { link, key } = await createWallLink(getDb(), { name: `Lobby ${Date.now()}`, query: '', createdBy: null });
    const wall = await open(`${WALL_COOKIE}=${key}`);
    const answer = await c.call(`/api/admin/walls/${link.id}/revoke`, { method: 'POST', cookie: admin.cookie });
    expect(answer.status).toBe(200);
    expect(await endsWithin(wall, 2000)).not.toBeNull();
  });
});

describeEachDatabase('a change this replica never saw (another replica, the command line)', (getDb) => {
  let edge: FakeEdge;
  let c: TestConsole;

  beforeAll(async () => {
    edge = await startFakeEdge();
    c = await startTestConsole(getDb(), edge.url, { EDGE_API_TOKEN: FAKE_TOKEN, LIVE_ACCESS_CHECK_MS: '300' });
  });
  afterAll(async () => {
    await c.close();
    await edge.close();
  });

  it('ends the streams it holds at its next check (LIVE_ACCESS_CHECK_MS), the others left open', async () => {
    const viewer = await signedIn(getDb(), 'viewer');
    const { link, key } = await createWallLink(getDb(), { name: `Hall ${Date.now()}`, query: '', createdBy: null });
    const kept = await openStream(c.base, (await signedIn(getDb(), 'viewer')).cookie);
    const ending = [
      await openStream(c.base, viewer.cookie),
      await openStream(c.base, viewer.cookie),
      await openStream(c.base, `${WALL_COOKIE}=${key}`),
    ];
    await endAccountSessions(getDb(), viewer.accountId);
    await revokeWallLink(getDb(), { id: link.id }, 'cli');
    for (const stream of ending) expect(await endsWithin(stream, 2000)).not.toBeNull();
    expect(await endsWithin(kept, 700)).toBeNull();
    kept.close();
  });
});
