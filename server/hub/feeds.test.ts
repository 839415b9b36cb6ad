import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compositeFixture, eventFixture, FAKE_TOKEN, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { createEdgeClient } from '../edge/client.js';
import { CompositeFeed, EventFeed } from './feeds.js';

let edge: FakeEdge;
beforeAll(async () => {
  edge = await startFakeEdge();
});
afterAll(() => edge.close());
beforeEach(() => {
  edge.requests = [];
  edge.events = [];
  edge.composites = [];
  edge.maxPageLie = null;
});

const reader = () =>
  createEdgeClient({ upstream: edge.url, token: FAKE_TOKEN, timeoutMs: 2000, maxResponseBytes: 8 << 20 });
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds)).toISOString();

describe('the events feed', () => {
  it('asks only from the newest held minus the overlap, and passes each id on once', async () => {
    edge.events = [eventFixture('a', at(0)), eventFixture('b', at(5))];
    const feed = new EventFeed({ overlapMs: 10_000, maxPages: 5 });
    const first = await feed.poll(reader());
    expect(first.priming).toBe(true);
    expect(edge.requests[0]!.query.has('start')).toBe(false);

    edge.events.push(eventFixture('c', at(20)));
    const second = await feed.poll(reader());
    expect(second).toEqual({ priming: false, items: [expect.objectContaining({ id: 'c' })] });
    expect(edge.requests[1]!.query.get('start')).toBe(at(-5));

    // Stored late: older than the newest held, but inside the overlap.
    edge.events.push(eventFixture('late', at(12)));
    const third = await feed.poll(reader());
    expect(third.items.map((e) => e.id)).toEqual(['late']);
    expect(edge.requests[2]!.query.get('start')).toBe(at(10));

    expect((await feed.poll(reader())).items).toEqual([]);
  });

  it('hands new events over oldest first, whatever order the edge lists them in', async () => {
    const feed = new EventFeed({ overlapMs: 1000, maxPages: 5 });
    await feed.poll(reader());
    edge.events = [eventFixture('x', at(3)), eventFixture('y', at(1)), eventFixture('z', at(2))];
    expect((await feed.poll(reader())).items.map((e) => e.id)).toEqual(['y', 'z', 'x']);
  });

  it('reads at most maxPages per poll, whatever max_page says', async () => {
    const feed = new EventFeed({ overlapMs: 1000, maxPages: 3 });
    edge.events = [eventFixture('seed', at(0))];
    await feed.poll(reader());
    edge.events = Array.from({ length: 1000 }, (_, i) => eventFixture(`e${i}`, at(1 + (i % 50))));
    edge.maxPageLie = Number.MAX_SAFE_INTEGER;
    edge.requests = [];
    expect((await feed.poll(reader())).items).toHaveLength(300);
    expect(edge.requests).toHaveLength(3);
  });

  it('remembers a bounded number of ids however many events pass', async () => {
    const feed = new EventFeed({ overlapMs: 1000, maxPages: 5, seenCapacity: 250 });
    await feed.poll(reader());
    for (let round = 0; round < 10; round++) {
      const batch = Array.from({ length: 100 }, (_, i) => eventFixture(`r${round}-${i}`, at(round * 10 + i / 100)));
      edge.events.push(...batch);
      expect((await feed.poll(reader())).items).toHaveLength(100);
      // Each poll re-reads the previous batch (the overlap); none of it is passed on twice.
      expect((await feed.poll(reader())).items).toHaveLength(0);
    }
    expect(feed.remembered).toBe(250);
  });
});

describe('the composite-events feed', () => {
  it('passes on new composite events and ones that grew, with device credentials removed', async () => {
    edge.composites = [compositeFixture('c1', at(0))];
    const feed = new CompositeFeed({ lookbackMs: 60_000, maxPages: 4 });
    expect((await feed.poll(reader())).priming).toBe(true);
    expect(edge.requests[0]!.query.get('order_by')).toBe('desc');

    expect((await feed.poll(reader())).items).toEqual([]);
    expect(edge.requests[1]!.query.get('created_at__ge')).toBe(at(-60));

    edge.composites = [compositeFixture('c1', at(0), 3), compositeFixture('c2', at(30))];
    const grown = await feed.poll(reader());
    expect(grown.items.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(JSON.stringify(grown.items)).not.toContain('hunter2');
  });
});
