import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesFrom } from '../testing/accounts.js';
import { startConsoleProcess, type ConsoleProcess } from '../testing/console-process.js';
import { freshPostgresUrl } from '../testing/databases.js';
import { eventFixture, FAKE_TOKEN, micFixture, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { eventIdsOf, openLiveStream, type LiveStream } from '../testing/live-stream.js';

const ADMIN = { username: 'ops', password: 'correct horse battery staple 9' };
const METRICS_TOKEN = 'cluster-test-metrics-token';
const EVENTS_INTERVAL_MS = 250;

let drop: () => Promise<void>;
let edge: FakeEdge;
let replicas: ConsoleProcess[] = [];
let cookie = '';

const readiness = async (replica: ConsoleProcess) =>
  (await (await fetch(`${replica.url}/readyz`)).json()) as { status: string; leader: string };

/** Edge requests this replica made for events, by its own /metrics. */
async function eventReads(replica: ConsoleProcess): Promise<number> {
  const text = await (
    await fetch(`${replica.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(
    /^esc_edge_requests_total\{path="\/api\/v1\/events",method="GET",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0,
  );
}

beforeAll(async () => {
  const fresh = await freshPostgresUrl();
  drop = fresh.drop;
  edge = await startFakeEdge();
  edge.mics = [micFixture(1), micFixture(2)];
  edge.events = [eventFixture('old-1', new Date(Date.now() - 60_000).toISOString())];
  const env = {
    DATABASE_URL: fresh.url,
    EDGE_API_URL: edge.url,
    EDGE_API_TOKEN: FAKE_TOKEN,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_TOKEN,
    QUIET: '1',
    HUB_EVENTS_INTERVAL_MS: String(EVENTS_INTERVAL_MS),
    HUB_COMPOSITES_INTERVAL_MS: '1000',
    HUB_MICS_INTERVAL_MS: '5000',
  };
  // The first creates the admin account; the other two find it.
  replicas = [await startConsoleProcess(env)];
  replicas.push(...(await Promise.all([startConsoleProcess(env), startConsoleProcess(env)])));
  const login = await fetch(`${replicas[0]!.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(204);
  cookie = cookiesFrom(login);
}, 90_000);

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')));
  await edge.close();
  await drop();
});

describe('three console processes on one PostgreSQL', () => {
  it('read the edge through one leader; killed, another takes over and screens miss nothing and see nothing twice', async () => {
    // One leader, known to the others.
    await vi.waitFor(
      async () => {
        const states = await Promise.all(replicas.map(readiness));
        expect(states.map((s) => s.leader).sort()).toEqual(['other', 'other', 'self']);
        expect(states.every((s) => s.status === 'ready')).toBe(true);
      },
      { timeout: 10_000, interval: 250 },
    );
    const leaderAt = (await Promise.all(replicas.map(readiness))).findIndex((s) => s.leader === 'self');
    const leader = replicas[leaderAt]!;
    const followers = replicas.filter((_, i) => i !== leaderAt);

    // A screen on every replica (the leader's keeps it reading).
    const streams: LiveStream[] = [];
    for (const replica of replicas) streams.push(await openLiveStream(replica.url, { cookie }));
    const watched = streams.filter((_, i) => i !== leaderAt);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // Only the leader asks the edge for events: the edge's load is one poller's.
    const reads = await Promise.all(replicas.map(eventReads));
    expect(reads[leaderAt]).toBeGreaterThan(0);
    expect(reads.filter((_, i) => i !== leaderAt)).toEqual([0, 0]);
    const asked = edge.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const eventPolls = edge.requests.slice(asked).filter((r) => r.path === '/api/v1/events').length;
    expect(eventPolls).toBeLessThanOrEqual(Math.ceil(2000 / EVENTS_INTERVAL_MS) + 2);

    // New events every 200 ms, through the leader's death and after.
    const made: string[] = [];
    let heardBeforeKill: number[] = [];
    let n = 0;
    const maker = setInterval(() => {
      const id = `live-${++n}`;
      made.push(id);
      edge.events.push(eventFixture(id, new Date().toISOString()));
    }, 200);
    try {
      await vi.waitFor(() => expect(watched.every((s) => eventIdsOf(s).includes('live-3'))).toBe(true), 5000);
      const killedAt = Date.now();
      const madeBeforeKill = made.length;
      heardBeforeKill = watched.map((s) => s.messages.length);
      leader.child.kill('SIGKILL');
      await leader.exited;

      // Another replica reads the edge within 10 s…
      await vi.waitFor(
        async () => {
          const states = await Promise.all(followers.map(readiness));
          expect(states.map((s) => s.leader).sort()).toEqual(['other', 'self']);
        },
        { timeout: 10_000, interval: 100 },
      );
      // …and the screens on the survivors get the events made after the kill, within 10 s of it.
      const afterKill = `live-${madeBeforeKill + 3}`;
      await vi.waitFor(() => expect(watched.every((s) => eventIdsOf(s).includes(afterKill))).toBe(true), {
        timeout: 10_000,
        interval: 100,
      });
      expect(Date.now() - killedAt).toBeLessThan(10_000);
    } finally {
      clearInterval(maker);
    }
    const last = made.at(-1)!;
    await vi.waitFor(() => expect(watched.every((s) => eventIdsOf(s).includes(last))).toBe(true), 5000);
    for (const [i, stream] of watched.entries()) {
      // Nothing twice, nothing lost, in the order made; no "refetch" since the kill, and the stream never broke.
      expect(eventIdsOf(stream)).toEqual(made);
      expect(stream.messages.slice(heardBeforeKill[i]).filter((m) => m.type === 'reset')).toEqual([]);
      expect(stream.ended).toBe(false);
    }
    for (const stream of streams) stream.close();

    // A reader told to stop (SIGTERM) lets go at once, while it still finishes a request in flight.
    const states = await Promise.all(followers.map(readiness));
    const reader = followers[states.findIndex((state) => state.leader === 'self')]!;
    const remaining = followers.find((replica) => replica !== reader)!;
    edge.delayMs = 3000;
    const requestsBefore = edge.requests.length;
    const inFlight = fetch(`${reader.url}/api/v1/mics/mic-0001`, { headers: { cookie } });
    // Among the reader's polls, not necessarily the last request the edge saw.
    await vi.waitFor(() =>
      expect(edge.requests.slice(requestsBefore).map((r) => r.path)).toContain('/api/v1/mics/mic-0001'),
    );
    const signalled = Date.now();
    reader.child.kill('SIGTERM');
    await vi.waitFor(async () => expect((await readiness(remaining)).leader).toBe('self'), {
      timeout: 2500,
      interval: 50,
    });
    expect(Date.now() - signalled).toBeLessThan(2500);
    expect(reader.child.exitCode).toBeNull();
    expect((await inFlight).status).toBe(200);
    expect(await reader.exited).toBe(0);
    edge.delayMs = 0;
  }, 60_000);
});
