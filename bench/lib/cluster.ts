import fs from 'node:fs';
import path from 'node:path';
import { buildDemoEdge } from '../../server/demo/edge-app';
import { DemoStore } from '../../server/demo/store';
import { openLiveClient, type LiveClient } from './live-clients';
import { startPostgres } from './postgres';
import { BENCH_DIR, signIn, startConsole, type Running } from './servers';
import { quantile, summarize, type Summary } from './stats';

interface EdgeCount {
  requestsPerMinute: number;
  byPath: Record<string, number>;
}

export interface FanoutRate {
  /** Events the edge was asked to store per second. */
  targetPerSecond: number;
  /** Events it stored per second (the bench's own process is busy too, so it can fall short). */
  storedPerSecond: number;
  /** Events each subscriber received per second (the sampled ones, read whole). */
  receivedPerSecond: number;
  /** Event deliveries per second over all subscribers. */
  deliveriesPerSecond: number;
  /** Every subscriber got every event, and the same messages. */
  complete: boolean;
  p50DelayMs: number;
  p95DelayMs: number;
}

export interface ClusterResult {
  edgeLoad: {
    minutes: number;
    screensPerReplica: number;
    one: EdgeCount;
    three: EdgeCount;
    ratio: number;
    /** Three replicas each on its own SQLite database: every one reads the edge (before the cluster). */
    separate: EdgeCount | null;
    separateRatio: number | null;
  };
  failover: {
    kills: number;
    /** From kill -9 of the reader to another replica's /readyz saying it reads. */
    takeoverMs: Summary;
    /** From the kill to every surviving replica's screens holding an event made after it. */
    firstEventMs: Summary;
    repeats: number;
    missing: number;
  };
  fanout: {
    subscribers: number;
    memoryPerSubscriberKb: { heap: number; rss: number };
    rates: FanoutRate[];
    /** The highest stored rate every subscriber got whole, with p95 delay ≤ 2.5 s. */
    sustainedPerSecond: number;
  };
}

const TOKEN = 'bench-cluster-token';
const METRICS_TOKEN = 'bench-cluster-metrics-token';
const ADMIN = { username: 'bench', password: 'bench cluster password 42' };
const PORTS = [8720, 8721, 8722];
const FANOUT_PORT = 8723;
const EDGE_PORT = 8726;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const leaderOf = async (base: string) =>
  fetch(`${base}/readyz`).then(
    async (r) => ((await r.json()) as { leader: string }).leader,
    () => 'down',
  );

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/**
 * The cluster: edge requests per minute with one replica and with three (each with screens
 * attached), the time another replica takes over after kill -9 of the reader (median of `kills`),
 * and how many events one replica fans out per second to a thousand subscribers, with memory per
 * subscriber. The demo edge runs in this process (its store takes events at a known rate).
 */
export async function measureCluster(
  options: { minutes: number; kills: number; separate: boolean },
  log: (message: string) => void,
): Promise<ClusterResult> {
  const store = new DemoStore({ dataDir: null, mics: 60, events: 0, credentialCanary: null });
  const edge = buildDemoEdge({ store, token: TOKEN });
  const edgeUrl = await edge.app.listen({ host: '127.0.0.1', port: EDGE_PORT });
  const db = await startPostgres();
  // A label no composite rule takes, away from the Seoul Station mics (whose rule takes any):
  // the stream carries these events alone, not composite events growing with them.
  const micIds = store.micIds().slice(4);
  let next = 0;
  const inject = (n: number) => {
    const made = [];
    for (let i = 0; i < n; i++)
      made.push(store.addEvent({ mic_id: micIds[next++ % micIds.length]!, label_id: 'baby_cry' }));
    return made;
  };
  const common = {
    EDGE_API_URL: edgeUrl,
    EDGE_API_TOKEN: TOKEN,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_TOKEN,
    // The hub alone: the insights back-fill (leader-only anyway) is measured in its own section.
    BACKFILL_MAX_RPS: '0',
  };
  const clustered = { ...common, DATABASE_URL: db.url };
  const running: Running[] = [];
  try {
    const screensPerReplica = 5;
    const count = async (replicas: Running[]): Promise<EdgeCount> => {
      const screens: LiveClient[] = [];
      for (const replica of replicas) {
        const cookie = await signIn(replica.url, ADMIN);
        for (let i = 0; i < screensPerReplica; i++) screens.push(await openLiveClient(replica.url, cookie, false));
      }
      await sleep(10_000);
      const before = edge.traffic.snapshot();
      const feed = setInterval(() => inject(1), 2000);
      await sleep(options.minutes * 60_000);
      clearInterval(feed);
      const after = edge.traffic.snapshot();
      for (const screen of screens) screen.close();
      const byPath: Record<string, number> = {};
      for (const [p, n] of Object.entries(after.by_path)) {
        const d = n - (before.by_path[p] ?? 0);
        if (d > 0) byPath[p] = Math.round(d / options.minutes);
      }
      return { requestsPerMinute: Math.round((after.total - before.total) / options.minutes), byPath };
    };

    log(`  edge load: 1 replica, ${screensPerReplica} screens, ${options.minutes} min`);
    running.push(await startConsole(PORTS[0]!, clustered));
    const one = await count(running);
    log(`  edge load: 3 replicas on one PostgreSQL, ${screensPerReplica} screens each`);
    for (const port of PORTS.slice(1)) running.push(await startConsole(port, clustered));
    const three = await count(running);

    log(`  failover: kill -9 of the reader, ${options.kills} times`);
    const failover = await measureFailover(running, clustered, options.kills, inject);
    for (const replica of running.splice(0)) await replica.stop();

    let separate: EdgeCount | null = null;
    if (options.separate) {
      log('  edge load: 3 replicas each on its own SQLite (every one reads the edge)');
      for (const [i, port] of PORTS.entries()) {
        const dataDir = path.join(BENCH_DIR, `cluster-solo-${i}`);
        fs.rmSync(dataDir, { recursive: true, force: true });
        running.push(await startConsole(port, { ...common, DATA_DIR: dataDir }));
      }
      separate = await count(running);
      for (const replica of running.splice(0)) await replica.stop();
    }

    log('  fan-out: one replica, 1,000 subscribers');
    const fanout = await measureFanout(common, inject, running);
    return {
      edgeLoad: {
        minutes: options.minutes,
        screensPerReplica,
        one,
        three,
        ratio: Math.round((three.requestsPerMinute / Math.max(1, one.requestsPerMinute)) * 100) / 100,
        separate,
        separateRatio:
          separate === null
            ? null
            : Math.round((separate.requestsPerMinute / Math.max(1, one.requestsPerMinute)) * 100) / 100,
      },
      failover,
      fanout,
    };
  } finally {
    for (const replica of running) await replica.kill('SIGKILL');
    await edge.app.close();
    store.close();
    await db.stop();
    for (let i = 0; i < PORTS.length; i++)
      fs.rmSync(path.join(BENCH_DIR, `cluster-solo-${i}`), { recursive: true, force: true });
  }
}

async function measureFailover(
  replicas: Running[],
  env: Record<string, string>,
  kills: number,
  inject: (n: number) => { id: string; created_at: string }[],
): Promise<ClusterResult['failover']> {
  const cookie = await signIn(replicas[0]!.url, ADMIN);
  const watchers: { client: LiveClient; from: number }[] = [];
  const watch = async (replica: Running) => {
    watchers.push({ client: await openLiveClient(replica.url, cookie, true), from: Date.now() + 2000 });
  };
  for (const replica of replicas) await watch(replica);
  const made: { id: string; at: number }[] = [];
  const feed = setInterval(() => made.push(...inject(1).map((e) => ({ id: e.id, at: Date.parse(e.created_at) }))), 100);
  const takeover: number[] = [];
  const firstEvent: number[] = [];
  try {
    await sleep(3000);
    for (let k = 0; k < kills; k++) {
      const states = await Promise.all(replicas.map((r) => leaderOf(r.url)));
      const at = states.indexOf('self');
      if (at === -1) throw new Error(`no reader among the replicas: ${states.join(', ')}`);
      const killedAt = Date.now();
      await replicas[at]!.kill('SIGKILL');
      const survivors = replicas.filter((_, i) => i !== at);
      while (!(await Promise.all(survivors.map((r) => leaderOf(r.url)))).includes('self')) await sleep(25);
      takeover.push(Date.now() - killedAt);
      const open = watchers.filter((w) => w.client.endedAt === null);
      const deadline = Date.now() + 20_000;
      const after = (w: (typeof watchers)[number]) =>
        [...w.client.events.values()].filter((e) => e.createdAt >= killedAt).map((e) => e.receivedAt);
      while (open.some((w) => after(w).length === 0) && Date.now() < deadline) await sleep(20);
      firstEvent.push(Math.max(...open.map((w) => Math.min(...after(w)))) - killedAt);
      replicas[at] = await startConsole(PORTS[at]!, env);
      await watch(replicas[at]!);
      await sleep(3000);
    }
  } finally {
    clearInterval(feed);
  }
  await sleep(3000);
  let missing = 0;
  let repeats = 0;
  for (const { client, from } of watchers) {
    repeats += client.repeats;
    const until = (client.endedAt ?? Date.now()) - 3000;
    missing += made.filter((e) => e.at >= from && e.at <= until && !client.events.has(e.id)).length;
    client.close();
  }
  return { kills, takeoverMs: summarize(takeover, 0), firstEventMs: summarize(firstEvent, 0), repeats, missing };
}

async function measureFanout(
  env: Record<string, string>,
  inject: (n: number) => { id: string; created_at: string }[],
  running: Running[],
): Promise<ClusterResult['fanout']> {
  const subscribers = 1000;
  const sampled = 20;
  const dataDir = path.join(BENCH_DIR, 'cluster-fanout');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const console_ = await startConsole(FANOUT_PORT, {
    ...env,
    DATA_DIR: dataDir,
    MAX_CONNECTIONS: '4000',
    MAX_CONNECTIONS_PER_ADDRESS: '4000',
    LIVE_STREAMS_PER_SESSION: '2000',
    LIVE_STREAMS_PER_ADDRESS: '2000',
    LIVE_MAX_STREAMS: '2000',
  });
  running.push(console_);
  const cookie = await signIn(console_.url, ADMIN);
  const clients: LiveClient[] = [await openLiveClient(console_.url, cookie, true)];
  await sleep(5000);
  const heapBefore = await metric(console_.url, 'esc_nodejs_heap_size_used_bytes');
  const rssBefore = await metric(console_.url, 'esc_process_resident_memory_bytes');
  while (clients.length < subscribers) {
    const batch = Math.min(50, subscribers - clients.length);
    clients.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, i) => openLiveClient(console_.url, cookie, clients.length + i < sampled)),
      )),
    );
  }
  await sleep(5000);
  const heapAfter = await metric(console_.url, 'esc_nodejs_heap_size_used_bytes');
  const rssAfter = await metric(console_.url, 'esc_process_resident_memory_bytes');
  const rates: FanoutRate[] = [];
  const seconds = 10;
  for (const perSecond of [10, 25, 50, 100]) {
    const framesBefore = clients.map((c) => c.frames);
    const ids: string[] = [];
    const started = Date.now();
    // As many as are due by now: a late tick catches up rather than lowering the rate.
    const feed = setInterval(() => {
      const due = Math.floor((perSecond * (Date.now() - started)) / 1000) - ids.length;
      ids.push(...inject(Math.max(0, due)).map((e) => e.id));
    }, 100);
    await sleep(seconds * 1000);
    clearInterval(feed);
    await sleep(3000);
    const parsed = clients.slice(0, sampled);
    const received = parsed.map((c) => ids.filter((id) => c.events.has(id)).length);
    const delays = parsed.flatMap((c) =>
      ids.flatMap((id) => {
        const e = c.events.get(id);
        return e === undefined ? [] : [e.receivedAt - e.createdAt];
      }),
    );
    const frames = clients.map((c, i) => c.frames - framesBefore[i]!);
    const perSubscriber = Math.min(...received) / seconds;
    rates.push({
      targetPerSecond: perSecond,
      storedPerSecond: Math.round((ids.length / seconds) * 10) / 10,
      receivedPerSecond: Math.round(perSubscriber * 10) / 10,
      deliveriesPerSecond: Math.round(perSubscriber * subscribers),
      complete: received.every((n) => n === ids.length) && frames.every((n) => n === frames[0]),
      p50DelayMs: Math.round(quantile(delays, 0.5)),
      p95DelayMs: Math.round(quantile(delays, 0.95)),
    });
  }
  for (const client of clients) client.close();
  await console_.stop();
  running.splice(running.indexOf(console_), 1);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    subscribers,
    memoryPerSubscriberKb: {
      heap: Math.round((heapAfter - heapBefore) / (subscribers - 1) / 102.4) / 10,
      rss: Math.round((rssAfter - rssBefore) / (subscribers - 1) / 102.4) / 10,
    },
    rates,
    sustainedPerSecond: Math.max(
      0,
      ...rates.filter((r) => r.complete && r.p95DelayMs <= 2500).map((r) => r.storedPerSecond),
    ),
  };
}
