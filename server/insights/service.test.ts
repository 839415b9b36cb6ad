import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { EdgeReader, type InventoryMic } from './edge-reader.js';
import { offsetPlace } from './geo.js';
import { InsightsService, type ListedEvent } from './service.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const origin = { latitude: 37.5, longitude: 127 };
const mic = (id: string, eastM: number): InventoryMic => ({
  id,
  name: `Mic ${id}`,
  edge_id: 'edge-1',
  status: 'active',
  location: offsetPlace(origin, eastM, 90),
});
// a and b are 100 m apart; far is 5 km away.
const inventory = [mic('a', 0), mic('b', 100), mic('far', 5000)];
// The hub's inventory, read without any edge request (the upstream is never called here).
const reader = new EdgeReader({
  upstream: 'http://127.0.0.1:9',
  token: 't',
  timeoutMs: 100,
  peekInventory: () => inventory,
});

const listed = (id: string, micId: string, at: number): ListedEvent => ({
  id,
  label: { id: 'scream' },
  mic: { id: micId },
  confidence: 0.8,
  created_at: new Date(at).toISOString(),
});

describeEachDatabase('insights service', (getDb) => {
  it('decides the hub’s events with the back-fill off (BACKFILL_MAX_RPS=0), once they have settled', async () => {
    const { db } = getDb();
    const service = new InsightsService(
      db,
      reader,
      { rules: { radiusM: 500, windowMs: 10_000 }, backfillMaxRps: 0, deafMinMissed: 3, log: () => {} },
      () => NOW,
    );
    const at = NOW - 120_000;
    await service.fromHub([listed('h1', 'a', at), listed('h2', 'b', at + 2_000), listed('h3', 'far', at + 1_000)]);
    // Its neighbours' reports have not had their 30 s to arrive yet: left open.
    await service.fromHub([listed('h4', 'a', NOW - 5_000)]);
    // The back-fill's state is never loaded: this used to read as "complete through -Infinity"
    // and fail every 30 s with "Invalid time value".
    await service.decide();
    const rows = await db
      .selectFrom('insight_events')
      .select(['event_id', 'corroborated'])
      .orderBy('event_id')
      .execute();
    expect(rows.map((r) => [r.event_id, r.corroborated === null ? null : Number(r.corroborated)])).toEqual([
      ['h1', 1],
      ['h2', 1],
      ['h3', 0],
      ['h4', null],
    ]);
  });

  it('decides nothing while the back-fill (on) has not loaded its state, without failing', async () => {
    const { db } = getDb();
    await db.deleteFrom('insight_events').execute();
    const service = new InsightsService(
      db,
      reader,
      { rules: { radiusM: 500, windowMs: 10_000 }, backfillMaxRps: 5, deafMinMissed: 3, log: () => {} },
      () => NOW,
    );
    await service.fromHub([listed('k1', 'a', NOW - 120_000)]);
    await service.decide();
    const row = await db.selectFrom('insight_events').select('corroborated').executeTakeFirstOrThrow();
    expect(row.corroborated).toBeNull();
  });

  it('vouches for the time the hub polled without a gap, less the edge’s storing lag, not for its first page', async () => {
    const { db } = getDb();
    let clock = NOW - 100_000;
    const service = new InsightsService(
      db,
      reader,
      { rules: { radiusM: 500, windowMs: 10_000 }, backfillMaxRps: 0, deafMinMissed: 3, log: () => {} },
      () => clock,
    );
    // The first page holds events from long before: the interface does not say it holds them all.
    await service.fromHub([listed('p1', 'a', NOW - 3_600_000)]);
    expect(service.readSpans()).toEqual([]);
    for (; clock <= NOW; clock += 20_000) await service.fromHub([]);
    expect(service.readSpans()).toEqual([{ from: NOW - 100_000, to: NOW - 5_000 }]);
    // A pause longer than 30 s: the hub's cursor may have moved on without it, so it starts over.
    clock = NOW + 60_000;
    await service.fromHub([]);
    expect(service.readSpans()).toEqual([]);
  });
});
