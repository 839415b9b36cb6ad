import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type ConsoleDb } from '../db/database.js';
import type { HubMessage, HubRequest } from '../hub/hub-link.js';
import { freshPostgresUrl } from '../testing/databases.js';
import { eventFixture } from '../testing/fake-edge.js';
import { HubRelay, type Control } from './relay.js';

interface Replica {
  relay: HubRelay;
  received: HubMessage[];
  handled: HubRequest[];
  controls: Control[];
}

let url = '';
let drop: () => Promise<void>;
let db: ConsoleDb;
const replicas: Replica[] = [];

async function replica(id: string): Promise<Replica> {
  const received: HubMessage[] = [];
  const handled: HubRequest[] = [];
  const controls: Control[] = [];
  const relay = new HubRelay(
    db,
    url,
    id,
    { receive: (m) => received.push(m), handle: (r) => handled.push(r) },
    (c) => controls.push(c),
    () => undefined,
  );
  await relay.start();
  const made = { relay, received, handled, controls };
  replicas.push(made);
  return made;
}

const events = (...ids: string[]): HubMessage => ({
  kind: 'events',
  priming: false,
  items: ids.map((id) => eventFixture(id, new Date().toISOString()) as never),
});
const idsOf = (messages: HubMessage[]) =>
  messages.flatMap((m) => (m.kind === 'events' ? m.items.map((e) => e.id) : [`(${m.kind})`]));

beforeAll(async () => {
  ({ url, drop } = await freshPostgresUrl());
  db = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
});
afterAll(async () => {
  for (const { relay } of replicas) await relay.stop();
  await db.close();
  await drop();
});

describe('the hand-over between replicas', () => {
  it('delivers the reader’s messages in order and once, large ones through the table, and catches up after a lost connection', async () => {
    const reader = await replica('reader');
    reader.relay.leading = true;
    const follower = await replica('follower');
    // The newcomer asks the reader for its state.
    await vi.waitFor(() => expect(reader.handled).toEqual([{ kind: 'snapshot', from: 'follower' }]));

    // Far more than NOTIFY's 8000 bytes: it travels by id and is read from hub_messages.
    const many = Array.from({ length: 80 }, (_, i) => `big-${i}`);
    reader.relay.publish(events('a'));
    reader.relay.publish(events(...many));
    reader.relay.publish(events('b'));
    await vi.waitFor(() => expect(idsOf(follower.received)).toEqual(['a', ...many, 'b']));
    expect(JSON.stringify(events(...many)).length).toBeGreaterThan(8000);
    // The reader does not hear its own messages back.
    expect(reader.received).toEqual([]);

    // The follower's LISTEN connection dies; what is published meanwhile is read back once it returns.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'esc-console listen follower'",
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    reader.relay.publish(events('c'));
    reader.relay.publish(events('d'));
    await vi.waitFor(() => expect(idsOf(follower.received)).toEqual(['a', ...many, 'b', 'c', 'd']), 5000);
    reader.relay.publish(events('e'));
    await vi.waitFor(() => expect(idsOf(follower.received).at(-1)).toBe('e'));
    expect(idsOf(follower.received)).toEqual(['a', ...many, 'b', 'c', 'd', 'e']);
  });

  it('lets only the reader write, and tells the others it is alive', async () => {
    const [reader, follower] = replicas as [Replica, Replica];
    const before = follower.received.length;
    follower.relay.publish(events('not-the-reader'));
    reader.relay.hello();
    await vi.waitFor(() => expect(follower.controls.some((c) => c.kind === 'hello' && c.from === 'reader')).toBe(true));
    expect(follower.received.length).toBe(before);
    expect(reader.received).toEqual([]);
  });
});
