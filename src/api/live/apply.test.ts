import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compositeEventFixture, eventFixture, inventoryFixture, micFixture, pageFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { compositeEventQueries, eventQueries, micQueries } from '../queries';
import type { CompositeEvent, Inventory, Page, SoundEvent } from '../schemas';
import { reviewQueries, type ReviewItem } from '../review';
import { applyComposites, applyEvents, applyMics, applyReview, LIVE_MERGE } from './apply';
import { pushedEvents } from './pushed-events';

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  pushedEvents.clear();
});

/** Puts data in the cache as a query with the given options (meta included) would. */
function seed<T>(options: { queryKey: readonly unknown[]; meta?: Record<string, unknown> }, data: T) {
  client.getQueryCache().build(client, { queryKey: options.queryKey, meta: options.meta });
  client.setQueryData(options.queryKey, data);
}

const inventoryOf = (edge: string | null = null) => client.getQueryData<Inventory>(micQueries.inventory(edge).queryKey);
const isInvalid = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('mic changes from the stream', () => {
  it('apply to an inventory at the base version: changed, new and removed mics, new version', () => {
    seed(micQueries.inventory(), inventoryFixture([micFixture(), micFixture({ id: 'mic-0002' })], { version: 'b.1' }));
    seed(micQueries.levels('scream'), { version: 'b.1', category: 'scream', in_db: true, levels: {} });
    const siren = { siren: { sound_level_ge: 80, confidence: 0.5 } };
    applyMics(
      client,
      {
        from: 'b.1',
        to: 'b.2',
        upserts: [micFixture({ name: 'Renamed' }), micFixture({ id: 'mic-0009', thresholds: siren })],
        removals: ['mic-0002'],
        refetch: false,
      },
      null,
    );
    expect(inventoryOf()).toMatchObject({
      version: 'b.2',
      categories: ['scream', 'siren'],
      mics: [{ id: 'mic-0001', name: 'Renamed' }, { id: 'mic-0009' }],
    });
    // Held as the hub serves them: no thresholds, host or times in the inventory.
    expect(Object.keys(inventoryOf()!.mics[1]!).sort()).toEqual(['edge_id', 'id', 'location', 'name', 'status']);
    expect(isInvalid(micQueries.levels('scream').queryKey)).toBe(true);
  });

  it('an inventory at another version is fetched again instead of patched', () => {
    seed(micQueries.inventory(), inventoryFixture([micFixture()], { version: 'b.7' }));
    applyMics(
      client,
      { from: 'b.1', to: 'b.2', upserts: [micFixture({ name: 'X' })], removals: [], refetch: false },
      null,
    );
    expect(inventoryOf()?.mics[0]?.name).not.toBe('X');
    expect(isInvalid(micQueries.inventory().queryKey)).toBe(true);
  });

  it('a stream narrowed to one edge patches that edge’s copy and marks the others stale', () => {
    seed(micQueries.inventory('edge-a'), inventoryFixture([micFixture({ edge_id: 'edge-a' })], { version: 'b.1' }));
    seed(micQueries.inventory(), inventoryFixture([micFixture({ edge_id: 'edge-a' })], { version: 'b.1' }));
    const moved = micFixture({ edge_id: 'edge-b' });
    applyMics(client, { from: 'b.1', to: 'b.2', upserts: [moved], removals: [], refetch: false }, 'edge-a');
    // The mic moved to another edge: gone from this wall's copy.
    expect(inventoryOf('edge-a')).toMatchObject({ version: 'b.2', mics: [] });
    expect(isInvalid(micQueries.inventory().queryKey)).toBe(true);
  });

  it('updates the mic in the table pages and its detail', () => {
    seed(micQueries.list({ page: 1 }), pageFixture([micFixture()]));
    seed(micQueries.detail('mic-0001'), micFixture());
    applyMics(
      client,
      { from: 'x', to: 'y', upserts: [micFixture({ name: 'Pushed' })], removals: [], refetch: false },
      null,
    );
    expect(client.getQueryData<Page<{ name: string }>>(micQueries.list({ page: 1 }).queryKey)?.results[0]?.name).toBe(
      'Pushed',
    );
    expect(client.getQueryData<{ name: string }>(micQueries.detail('mic-0001').queryKey)?.name).toBe('Pushed');
  });
});

describe('events from the stream', () => {
  const now = Date.parse('2026-11-21T07:10:00.000Z');
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

  it('join the live lists they fit, newest first, up to the page size', () => {
    const wall = eventQueries.list({ sinceMinutes: 15, size: 2, label_id: ['scream'] });
    seed({ ...wall, meta: LIVE_MERGE }, pageFixture([eventFixture({ id: 'old', created_at: at(5) })], { size: 2 }));
    applyEvents(
      client,
      [
        eventFixture({ id: 'new', created_at: at(1) }),
        eventFixture({ id: 'siren', created_at: at(1), label: { id: 'siren', name: { ko: '사이렌', en: 'Siren' } } }),
        eventFixture({ id: 'too-old', created_at: at(30) }),
      ],
      now,
    );
    const page = client.getQueryData<Page<SoundEvent>>(wall.queryKey)!;
    expect(page.results.map((e) => e.id)).toEqual(['new', 'old']);
    expect(page.total_cnt).toBe(2);
  });

  it('bound the window as the list’s own read does: from the whole minute', () => {
    const wall = eventQueries.list({ sinceMinutes: 15, size: 5 });
    seed({ ...wall, meta: LIVE_MERGE }, pageFixture([], { size: 5 }));
    // 40 s into 07:10: the list read from 06:55:00, so a sound at 06:55:10 is in it, one at 06:54:50 not.
    const later = now + 40_000;
    applyEvents(
      client,
      [
        eventFixture({ id: 'inside', created_at: '2026-11-21T06:55:10.000Z' }),
        eventFixture({ id: 'before', created_at: '2026-11-21T06:54:50.000Z' }),
      ],
      later,
    );
    expect(client.getQueryData<Page<SoundEvent>>(wall.queryKey)!.results.map((e) => e.id)).toEqual(['inside']);
  });

  it('leave a snapshot list alone (the events page counts them instead)', () => {
    const snapshot = eventQueries.list({ sinceMinutes: 1440, size: 25, page: 1 });
    seed(snapshot, pageFixture([eventFixture({ id: 'old', created_at: at(5) })]));
    const pushed = eventFixture({ id: 'new', created_at: at(1) });
    applyEvents(client, [pushed], now);
    expect(client.getQueryData<Page<SoundEvent>>(snapshot.queryKey)?.results.map((e) => e.id)).toEqual(['old']);
    // Only what the count reads: every tab keeps up to 2,000 of them, a wall's too.
    expect(pushedEvents.get()).toEqual([
      { id: 'new', createdAt: Date.parse(at(1)), micId: pushed.mic.id, labelId: pushed.label.id },
    ]);
  });
});

describe('composite events from the stream', () => {
  const now = Date.parse('2026-11-21T07:10:00.000Z');
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

  it('replace a grown composite in the wall’s list and the timeline’s newest-first page, without a read', () => {
    const wall = compositeEventQueries.list({ size: 10, sinceMinutes: 15, order_by: 'desc' });
    const timeline = compositeEventQueries.list({ page: 1, size: 20, order_by: 'desc' });
    const started = new Date().toISOString();
    seed({ ...wall, meta: LIVE_MERGE }, pageFixture([compositeEventFixture({ started_at: started })]));
    seed({ ...timeline, meta: LIVE_MERGE }, pageFixture([compositeEventFixture({ started_at: started })]));
    const grown = compositeEventFixture({ started_at: started, group_key: 'grown' });
    applyComposites(client, [grown]);
    for (const list of [wall, timeline]) {
      expect(client.getQueryData<Page<{ group_key: string }>>(list.queryKey)?.results).toMatchObject([
        { group_key: 'grown' },
      ]);
      expect(isInvalid(list.queryKey)).toBe(false);
    }
  });

  it('put a new composite first in the timeline and count it, and keep the page’s size', () => {
    const timeline = compositeEventQueries.list({ page: 1, size: 2, order_by: 'desc' });
    seed(
      { ...timeline, meta: LIVE_MERGE },
      pageFixture([
        compositeEventFixture({ id: 'b', started_at: at(2) }),
        compositeEventFixture({ id: 'c', started_at: at(3) }),
      ]),
    );
    const before = client.getQueryData<Page<CompositeEvent>>(timeline.queryKey)!.total_cnt;
    applyComposites(client, [compositeEventFixture({ id: 'a', started_at: at(1) })], now);
    const page = client.getQueryData<Page<CompositeEvent>>(timeline.queryKey)!;
    expect(page.results.map((c) => c.id)).toEqual(['a', 'b']);
    expect(page.total_cnt).toBe(before + 1);
  });

  it('read the first page again where a push cannot say where it goes: oldest first, from a time, or unmarked', () => {
    const started = new Date().toISOString();
    const lists = [
      { ...compositeEventQueries.list({ page: 1, size: 20, order_by: 'asc' }), meta: LIVE_MERGE },
      {
        ...compositeEventQueries.list({ page: 1, size: 20, order_by: 'desc', created_at__ge: at(60) }),
        meta: LIVE_MERGE,
      },
      compositeEventQueries.list({ page: 1, size: 20, order_by: 'desc' }),
    ];
    for (const list of lists) seed(list, pageFixture([compositeEventFixture({ started_at: started })]));
    applyComposites(client, [compositeEventFixture({ id: 'new', started_at: started })]);
    for (const list of lists) expect(isInvalid(list.queryKey)).toBe(true);
  });
});

describe('review changes from the stream', () => {
  const item = (patch: Partial<ReviewItem> = {}): ReviewItem => ({
    kind: 'composite',
    id: 'ce-1',
    state: 'new',
    assignee: null,
    outcome: null,
    note: null,
    version: 0,
    fired_at: null,
    acknowledged_by: null,
    acknowledged_at: null,
    resolved_by: null,
    resolved_at: null,
    created_at: null,
    updated_at: null,
    updated_by: null,
    ...patch,
  });
  const statesKey = reviewQueries.states(['composite:ce-1', 'composite:ce-2']).queryKey;

  it('replace the cached state of that item only, and never with an older version', () => {
    seed({ queryKey: statesKey }, [item({ version: 1 }), item({ id: 'ce-2' })]);
    applyReview(client, { item: item({ state: 'acknowledged', version: 2, acknowledged_by: 'kim' }), comment: null });
    expect(client.getQueryData(statesKey)).toMatchObject([
      { id: 'ce-1', state: 'acknowledged', version: 2 },
      { id: 'ce-2', state: 'new' },
    ]);
    applyReview(client, { item: item({ version: 1 }), comment: null });
    expect(client.getQueryData(statesKey)).toMatchObject([{ id: 'ce-1', state: 'acknowledged', version: 2 }, {}]);
  });

  it('survive a read of the states that the server answered before the change but that lands after it', async () => {
    // A wall's poll was answered "new", the acknowledgement's push came first, then the poll's answer:
    // the wall showed the incident new and overdue again until its next read (30 s while live).
    let answer: ((response: Response) => void) | null = null;
    server.use(http.get('*/api/review/items', () => new Promise<Response>((resolve) => (answer = resolve))));
    const statesOptions = reviewQueries.states(['composite:ce-1', 'composite:ce-2']);
    seed({ queryKey: statesKey }, [item(), item({ id: 'ce-2' })]);
    const read = client.fetchQuery({ ...statesOptions, staleTime: 0 });
    await vi.waitFor(() => expect(answer).not.toBeNull());
    applyReview(client, { item: item({ state: 'acknowledged', version: 1, acknowledged_by: 'kim' }), comment: null });
    answer!(HttpResponse.json({ items: [item(), item({ id: 'ce-2', state: 'resolved', version: 3 })] }));
    await read;
    expect(client.getQueryData(statesKey)).toMatchObject([
      { id: 'ce-1', state: 'acknowledged', version: 1 },
      { id: 'ce-2', state: 'resolved', version: 3 },
    ]);
  });

  it('mark the item’s thread for a fresh read when a comment was added', () => {
    const threadKey = reviewQueries.thread('composite', 'ce-1').queryKey;
    seed({ queryKey: threadKey }, { item: item(), comments: [], history: [] });
    applyReview(client, { item: item(), comment: 7 });
    expect(isInvalid(threadKey)).toBe(true);
  });
});
