import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesFrom } from './testing/accounts.js';
import { startConsoleProcess, type ConsoleProcess } from './testing/console-process.js';
import { FAKE_TOKEN, micFixture, startFakeEdge, type FakeEdge } from './testing/fake-edge.js';
import { openLiveStream } from './testing/live-stream.js';

const ADMIN = { username: 'ops', password: 'correct horse battery staple 9' };

let edge: FakeEdge;
let console_: ConsoleProcess;

beforeAll(async () => {
  edge = await startFakeEdge();
  edge.mics = [micFixture(1)];
  console_ = await startConsoleProcess({
    EDGE_API_URL: edge.url,
    EDGE_API_TOKEN: FAKE_TOKEN,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    QUIET: '1',
  });
}, 60_000);
afterAll(async () => {
  await console_.stop('SIGKILL');
  await edge.close();
});

describe('a console told to stop (SIGTERM)', () => {
  it('says it is ready, then ends live streams with a short retry, finishes what is in flight and exits within 10 s', async () => {
    const ready = await fetch(`${console_.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok', leader: 'self' });

    const login = await fetch(`${console_.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(204);
    const cookie = cookiesFrom(login);
    const live = await openLiveStream(console_.url, { cookie });
    expect(live.status).toBe(200);
    await vi.waitFor(() => expect(live.messages.some((m) => m.type === 'health')).toBe(true));

    // A request the edge takes 1.5 s to answer is under way when the signal comes.
    edge.delayMs = 1500;
    const asked = edge.requests.length;
    const inFlight = fetch(`${console_.url}/api/v1/mics/mic-0001`, { headers: { cookie } });
    await vi.waitFor(() =>
      expect(edge.requests.slice(asked).some((r) => r.path === '/api/v1/mics/mic-0001')).toBe(true),
    );
    const signalled = Date.now();
    console_.child.kill('SIGTERM');

    await vi.waitFor(() => expect(live.ended).toBe(true), 5000);
    // The last retry asks the browser back within 3 s (elsewhere, through the balancer).
    expect(live.retries.at(-1)).toBeLessThanOrEqual(3000);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { id: string } }).data.id).toBe('mic-0001');
    expect(await console_.exited, console_.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await expect(fetch(`${console_.url}/healthz`)).rejects.toThrow();
  }, 30_000);
});
