import { expect, it } from 'vitest';
import type { ConsoleDb } from '../db/database.js';
import { describeEachDatabase } from '../testing/databases.js';
import { Backfill, MAX_CHUNK_PAGES, MAX_STAND_ASIDE_MS, SCREEN_QUIET_MS } from './backfill.js';
import { EdgeError } from '../edge/errors.js';
import type { EdgeEvent, EdgeReader, Query } from './edge-reader.js';

const H = 3_600_000;
const NOW = Date.parse('2026-11-25T12:00:00Z');

/**
 * An edge holding `events`, answering pages of the time range asked (newest first, bounds
 * inclusive, as the demo edge does), that fails requests whose number is in `failAt`.
 */
function edgeOf(events: EdgeEvent[], failAt = new Set<number>()) {
  const edge = {
    requests: 0,
    async eventsPage(query: Query) {
      edge.requests++;
      if (failAt.has(edge.requests)) throw new EdgeError('unreachable', 'Edge unreachable');
      const start = Date.parse(String(query.start));
      const end = Date.parse(String(query.end));
      const page = Number(query.page);
      const found = events.filter((e) => e.at >= start && e.at <= end).sort((a, b) => b.at - a.at);
      const items = found.slice((page - 1) * 100, page * 100);
      return { events: items, sent: items.length };
    },
  };
  return edge;
}

const ev = (n: number, at: number, micId = 'a'): EdgeEvent => ({
  id: `e${n}`,
  micId,
  labelId: 'scream',
  at,
  confidence: 0.7,
  labelName: null,
});

/** Every counted event, and the database emptied of insights for the next test. */
async function totals(consoleDb: ConsoleDb) {
  const rows = await consoleDb.db.selectFrom('insight_hourly').select('count').execute();
  return rows.reduce((sum, r) => sum + Number(r.count), 0);
}

async function empty(consoleDb: ConsoleDb) {
  for (const table of ['insight_hourly', 'insight_events', 'insight_state'] as const) {
    await consoleDb.db.deleteFrom(table).execute();
  }
}

describeEachDatabase('back-fill', (getDb) => {
  it('continues after a failure where the last stored chunk ended, counting every event once', async () => {
    const { db } = getDb();
    // 30 days of events every 20 minutes (28 days of them in range), plus 250 in one hour (3 pages).
    const events = Array.from({ length: 30 * 72 }, (_, i) => ev(i, NOW - 30 * 24 * H + i * 20 * 60_000 + 1));
    for (let k = 0; k < 250; k++) events.push(ev(100_000 + k, NOW - 2 * H + k * 1000));
    const inRange = events.filter((e) => e.at >= NOW - 28 * 24 * H && e.at < NOW).length;
    const edge = edgeOf(events, new Set([6]));
    const first = new Backfill({ db, reader: edge as unknown as EdgeReader, maxRps: 1000, days: 28, now: () => NOW });
    await expect(first.walk()).rejects.toThrow('Edge unreachable');
    expect(first.state).toMatchObject({ status: 'failed', error: 'Edge unreachable' });
    const stoppedAt = first.state!.cursor;
    expect(stoppedAt).toBeGreaterThan(first.state!.from);

    // A restart: a new back-fill on the same database.
    const again = new Backfill({ db, reader: edge as unknown as EdgeReader, maxRps: 1000, days: 28, now: () => NOW });
    await again.load();
    expect(again.state!.cursor).toBe(stoppedAt);
    await again.walk(NOW);
    expect(again.state).toMatchObject({ status: 'done', cursor: NOW, error: null });
    expect(again.progress()).toBe(1);
    expect(await totals(getDb())).toBe(inRange);

    // A catch-up re-reads its overlap: recent events are known by id and not counted again.
    edge.requests = 0;
    events.push(ev(200_000, NOW + 60_000));
    await again.walk(NOW + 120_000);
    expect(await totals(getDb())).toBe(inRange + 1);
    expect(edge.requests).toBeLessThanOrEqual(2);
  });

  it('halves a chunk that fills every page, and reads it again whole', async () => {
    await empty(getDb());
    const { db } = getDb();
    const dense = Array.from({ length: MAX_CHUNK_PAGES * 100 + 50 }, (_, i) => ev(i, NOW - H + i * 300));
    const edge = edgeOf(dense);
    const fill = new Backfill({ db, reader: edge as unknown as EdgeReader, maxRps: 10_000, days: 1, now: () => NOW });
    await fill.walk(NOW);
    expect(fill.state!.truncated).toBe(0);
    expect(await totals(getDb())).toBe(dense.filter((e) => e.at >= NOW - 24 * H).length);
  });

  it('spaces its requests to BACKFILL_MAX_RPS', async () => {
    await empty(getDb());
    const { db } = getDb();
    const edge = edgeOf([]);
    const slow = new Backfill({ db, reader: edge as unknown as EdgeReader, maxRps: 20, days: 1, now: () => NOW });
    await slow.load();
    // Chunks of an hour, then 2, 4, 8, 16: five requests cover 31 of the 24 hours.
    const started = Date.now();
    await slow.walk(NOW);
    const took = Date.now() - started;
    expect(edge.requests).toBe(5);
    expect(took).toBeGreaterThanOrEqual(4 * 50 - 5);
  });

  it('slows down with a slow edge: after each answer it leaves the edge twice as long as the answer took', async () => {
    const { db } = getDb();
    await empty(getDb());
    const edge = edgeOf([ev(1, NOW - H)]);
    const asked: number[] = [];
    const slow = {
      async eventsPage(query: Query) {
        asked.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 40));
        return edge.eventsPage(query);
      },
    };
    // 28 days in chunks of a day or more: a handful of requests, at a cap far above the pace.
    const backfill = new Backfill({
      db,
      reader: slow as unknown as EdgeReader,
      maxRps: 1000,
      days: 28,
      now: () => NOW,
    });
    await backfill.walk(NOW);
    const gaps = asked.slice(1).map((t, i) => t - asked[i]!);
    expect(gaps.length).toBeGreaterThan(2);
    // 40 ms answering plus 80 ms left to the edge (a little timer slack).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(115);
  });

  it('stands aside while screens are asking, and at most MAX_STAND_ASIDE_MS before each request', async () => {
    const { db } = getDb();
    await empty(getDb());
    const edge = edgeOf([]);
    const asked: number[] = [];
    const reader = {
      eventsPage: (query: Query) => {
        asked.push(Date.now());
        return edge.eventsPage(query);
      },
    };
    let screens: 'asking' | 'quiet' | 'polling' = 'asking';
    const quietAsked: number[] = [];
    const backfill = new Backfill({
      db,
      reader: reader as unknown as EdgeReader,
      maxRps: 1000,
      days: 1,
      now: () => NOW,
      screensBusy: (quietMs) => {
        quietAsked.push(quietMs);
        return screens !== 'quiet';
      },
    });
    const started = Date.now();
    const walking = backfill.walk(NOW);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(asked).toEqual([]);
    screens = 'quiet';
    await walking;
    expect(asked.length).toBeGreaterThan(1);
    expect(asked[0]! - started).toBeGreaterThanOrEqual(600);
    expect(new Set(quietAsked)).toEqual(new Set([SCREEN_QUIET_MS]));

    // A screen that never pauses slows the walk down, and cannot stop it.
    asked.length = 0;
    screens = 'polling';
    const polled = Date.now();
    await backfill.walk(NOW + 3 * H);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]! - polled).toBeGreaterThanOrEqual(MAX_STAND_ASIDE_MS - 50);
  }, 20_000);
});
