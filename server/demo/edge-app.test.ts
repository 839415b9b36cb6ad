import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoEdge } from './edge-app.js';
import { DemoStore } from './store.js';

const TOKEN = 'test-token';
let store: DemoStore;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  store = new DemoStore({ dataDir: null, mics: 60, events: 3000, now: Date.parse('2026-11-21T00:00:00Z') });
  app = buildDemoEdge({ store, token: TOKEN }).app;
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  store.close();
});

async function call(path: string, init: RequestInit & { token?: string | null } = {}) {
  const headers = new Headers(init.headers);
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(`${base}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as any) };
}

describe('demo edge: authentication', () => {
  it('answers 401 Not authenticated without a bearer token, and 401 for a wrong one', async () => {
    expect(await call('/api/v1/mics', { token: null })).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
    const wrong = await call('/api/v1/mics', { token: 'nope' });
    expect(wrong.status).toBe(401);
    expect(typeof wrong.body.detail).toBe('string');
  });
});

describe('demo edge: GET /api/v1/mics', () => {
  it('wraps results in the paginated envelope with correct page math', async () => {
    const { status, body } = await call('/api/v1/mics?page=2&size=25');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 2, size: 25, total_cnt: 60, max_page: 3 });
    expect(body.results).toHaveLength(25);
    const last = await call('/api/v1/mics?page=3&size=25');
    expect(last.body.results).toHaveLength(10);
    const beyond = await call('/api/v1/mics?page=4&size=25');
    expect(beyond.body).toMatchObject({ page: 4, total_cnt: 60, results: [] });
  });

  it('defaults to page 1 of size 10', async () => {
    const { body } = await call('/api/v1/mics');
    expect(body).toMatchObject({ page: 1, size: 10, max_page: 6 });
    expect(body.results).toHaveLength(10);
  });

  it('returns mic devices with exactly the documented fields', async () => {
    const { body } = await call('/api/v1/mics?size=1');
    const mic = body.results[0];
    expect(Object.keys(mic).sort()).toEqual(
      ['created_at', 'edge_id', 'host', 'id', 'location', 'name', 'status', 'thresholds', 'updated_at'].sort(),
    );
    expect(['active', 'inactive']).toContain(mic.status);
    for (const threshold of Object.values(mic.thresholds) as { sound_level_ge: number; confidence: number }[]) {
      expect(typeof threshold.sound_level_ge).toBe('number');
      expect(typeof threshold.confidence).toBe('number');
    }
  });

  it('filters by partial, case-insensitive name and by edge id', async () => {
    const byName = await call(`/api/v1/mics?size=100&name=${encodeURIComponent('gangnam')}`);
    expect(byName.body.total_cnt).toBeGreaterThan(0);
    for (const mic of byName.body.results) expect(mic.name.toLowerCase()).toContain('gangnam');

    const byEdge = await call('/api/v1/mics?size=100&edge_id=edge-busan-01');
    expect(byEdge.body.total_cnt).toBeGreaterThan(0);
    expect(byEdge.body.total_cnt).toBeLessThan(60);
    for (const mic of byEdge.body.results) expect(mic.edge_id).toBe('edge-busan-01');

    const literal = await call(`/api/v1/mics?name=${encodeURIComponent('%')}`);
    expect(literal.body.total_cnt).toBe(0);
  });

  it.each([
    ['page=0', 'page', 'greater_than'],
    ['page=abc', 'page', 'int_parsing'],
    ['size=0', 'size', 'greater_than'],
    ['size=101', 'size', 'less_than'],
  ])('answers 422 with a FastAPI detail list for %s', async (query, field, type) => {
    const { status, body } = await call(`/api/v1/mics?${query}`);
    expect(status).toBe(422);
    expect(body.detail[0]).toMatchObject({ loc: ['query', field], type });
    expect(typeof body.detail[0].msg).toBe('string');
  });
});

describe('demo edge: single mic and PATCH', () => {
  it('wraps a single mic in data and answers 404 Not Found for an unknown id', async () => {
    const { body } = await call('/api/v1/mics/mic-0001');
    expect(body.data.id).toBe('mic-0001');
    expect(await call('/api/v1/mics/mic-9999')).toEqual({ status: 404, body: { detail: 'Not Found' } });
  });

  it('updates one field alone and keeps the others', async () => {
    const before = (await call('/api/v1/mics/mic-0002')).body.data;
    const { status, body } = await call('/api/v1/mics/mic-0002', {
      method: 'PATCH',
      body: JSON.stringify({ host: '10.99.0.1' }),
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: 'mic-0002', host: '10.99.0.1', name: before.name, status: before.status });
    expect(Date.parse(body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expect((await call('/api/v1/mics/mic-0002')).body.data.host).toBe('10.99.0.1');
  });

  it('updates several fields at once; a written threshold reads back as confidence and sound level', async () => {
    const patch = {
      name: '새 이름 / New name',
      status: 'inactive',
      location: { latitude: 35.1, longitude: 129.04 },
      thresholds: { scream: 0.8, gunshot: 0.25 },
    };
    const { body } = await call('/api/v1/mics/mic-0003', { method: 'PATCH', body: JSON.stringify(patch) });
    expect(body.data).toMatchObject({ name: patch.name, status: 'inactive', location: patch.location });
    expect(body.data.thresholds.scream.confidence).toBe(0.8);
    expect(body.data.thresholds.gunshot.confidence).toBe(0.25);
    expect(typeof body.data.thresholds.scream.sound_level_ge).toBe('number');
  });

  it.each([
    [{ thresholds: { scream: 1.5 } }, ['body', 'thresholds', 'scream'], 'less_than_equal'],
    [{ thresholds: { scream: -0.1 } }, ['body', 'thresholds', 'scream'], 'greater_than_equal'],
    [{ status: 'broken' }, ['body', 'status'], 'enum'],
    [{ location: { latitude: 91, longitude: 0 } }, ['body', 'location', 'latitude'], 'less_than_equal'],
    [{ name: '' }, ['body', 'name'], 'string_too_short'],
  ])('answers 422 naming the field for %j and changes nothing', async (patch, loc, type) => {
    const before = (await call('/api/v1/mics/mic-0004')).body.data;
    const { status, body } = await call('/api/v1/mics/mic-0004', { method: 'PATCH', body: JSON.stringify(patch) });
    expect(status).toBe(422);
    expect(body.detail[0]).toMatchObject({ loc, type });
    expect((await call('/api/v1/mics/mic-0004')).body.data).toEqual(before);
  });

  it('lists an edit on the list pages read before it (they are kept between reads)', async () => {
    const listed = async () =>
      ((await call('/api/v1/mics?size=100')).body.results as { id: string; host: string }[]).find(
        (m) => m.id === 'mic-0005',
      )!.host;
    expect(await listed()).toBe(await listed());
    await call('/api/v1/mics/mic-0005', { method: 'PATCH', body: JSON.stringify({ host: '10.77.0.5' }) });
    expect(await listed()).toBe('10.77.0.5');
  });

  it('answers 422 for a body that is not JSON', async () => {
    const { status, body } = await call('/api/v1/mics/mic-0004', { method: 'PATCH', body: '{not json' });
    expect(status).toBe(422);
    expect(body.detail[0].type).toBe('json_invalid');
  });
});

describe('demo edge: GET /api/v1/events', () => {
  it('lists events newest first with the documented fields', async () => {
    const { body } = await call('/api/v1/events?size=50');
    expect(body.total_cnt).toBe(3000);
    const times = body.results.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const e = body.results[0];
    expect(Object.keys(e).sort()).toEqual(['confidence', 'created_at', 'id', 'label', 'mic', 'updated_at']);
    expect(e.label.name).toEqual({ ko: expect.any(String), en: expect.any(String) });
    expect(e.mic.location).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('filters by repeated mic_id and label_id and by an inclusive time range', async () => {
    const { body } = await call(
      '/api/v1/events?size=100&mic_id=mic-0001&mic_id=mic-0017&label_id=scream&label_id=car_horn',
    );
    expect(body.total_cnt).toBeGreaterThan(0);
    for (const e of body.results) {
      expect(['mic-0001', 'mic-0017']).toContain(e.mic.id);
      expect(['scream', 'car_horn']).toContain(e.label.id);
    }
    const newest = (await call('/api/v1/events?size=1')).body.results[0];
    const exact = await call(
      `/api/v1/events?start=${encodeURIComponent(newest.created_at)}&end=${encodeURIComponent(newest.created_at)}`,
    );
    expect(exact.body.results.map((e: { id: string }) => e.id)).toEqual([newest.id]);
    const withOffset = await call(`/api/v1/events?start=${encodeURIComponent('2026-11-20T09:00:00+09:00')}`);
    for (const e of withOffset.body.results)
      expect(Date.parse(e.created_at)).toBeGreaterThanOrEqual(Date.parse('2026-11-20T00:00:00Z'));
  });

  it('pages and counts exactly as a plain ordered query would, for every kind of filter', async () => {
    const all = store.db
      .prepare('SELECT id, mic_id, label_id, created_at FROM events ORDER BY created_at DESC, seq DESC')
      .all() as { id: string; mic_id: string; label_id: string; created_at: string }[];
    const start = all[1500]!.created_at;
    const end = all[200]!.created_at;
    const cases: [string, (e: (typeof all)[number]) => boolean][] = [
      ['', () => true],
      [`start=${start}`, (e) => e.created_at >= start],
      [`start=${start}&end=${end}`, (e) => e.created_at >= start && e.created_at <= end],
      ['label_id=scream&label_id=siren', (e) => ['scream', 'siren'].includes(e.label_id)],
      [
        `mic_id=mic-0001&mic_id=mic-0002&end=${end}`,
        (e) => ['mic-0001', 'mic-0002'].includes(e.mic_id) && e.created_at <= end,
      ],
      ['mic_id=mic-0003&label_id=car_horn', (e) => e.mic_id === 'mic-0003' && e.label_id === 'car_horn'],
      // The same id twice must not list its events twice.
      ['label_id=scream&label_id=siren&label_id=scream', (e) => ['scream', 'siren'].includes(e.label_id)],
      [
        'mic_id=mic-0002&mic_id=mic-0002&label_id=siren&label_id=siren',
        (e) => e.mic_id === 'mic-0002' && e.label_id === 'siren',
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = all.filter(keep);
      for (const page of [1, 3, 40]) {
        const { body } = await call(`/api/v1/events?size=25&page=${page}&${query.replaceAll('+', '%2B')}`);
        expect(body.total_cnt, query).toBe(expected.length);
        expect(
          body.results.map((e: { id: string }) => e.id),
          `${query} page ${page}`,
        ).toEqual(expected.slice((page - 1) * 25, page * 25).map((e) => e.id));
      }
    }
  });

  it('answers 422 for a datetime it cannot parse', async () => {
    const { status, body } = await call('/api/v1/events?start=yesterday');
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(['query', 'start']);
  });

  it('counts an event added after the same filter was counted (counts are kept until an event is added)', async () => {
    const newest = (await call('/api/v1/events?size=1')).body.results[0];
    const since = encodeURIComponent(newest.created_at);
    const queries = ['', 'label_id=scream&label_id=siren', `start=${since}`, `start=${since}&mic_id=mic-0005`];
    const before = await Promise.all(queries.map(async (q) => (await call(`/api/v1/events?${q}`)).body.total_cnt));
    const added = store.addEvent({ mic_id: 'mic-0005', label_id: 'scream', at: Date.parse(newest.created_at) + 1_000 });
    for (const [i, q] of queries.entries()) {
      const { body } = await call(`/api/v1/events?${q}`);
      expect(body.total_cnt, q).toBe(before[i] + 1);
      expect(body.results[0].id, q).toBe(added.id);
    }
  });
});

describe('demo edge: composite events', () => {
  it('lists composite events newest first by default and oldest first with order_by=asc', async () => {
    const desc = (await call('/api/v1/composite-events?size=20')).body;
    expect(desc.total_cnt).toBeGreaterThan(0);
    const started = desc.results.map((c: { started_at: string }) => Date.parse(c.started_at));
    expect([...started].sort((a, b) => b - a)).toEqual(started);
    const asc = (await call('/api/v1/composite-events?size=20&order_by=asc')).body;
    const ascStarted = asc.results.map((c: { started_at: string }) => Date.parse(c.started_at));
    expect([...ascStarted].sort((a, b) => a - b)).toEqual(ascStarted);
    expect((await call('/api/v1/composite-events?order_by=sideways')).status).toBe(422);
  });

  it('derives every composite event from its rule: enough events of one group inside the window', async () => {
    const { body } = await call('/api/v1/composite-events?size=100');
    expect(body.results.length).toBeGreaterThan(0);
    for (const c of body.results) {
      expect(c.rule.enabled).toBe(true);
      expect(c.events.length).toBeGreaterThanOrEqual(c.rule.min_events);
      const times = c.events.map((e: { created_at: string }) => Date.parse(e.created_at));
      expect(Math.min(...times)).toBe(Date.parse(c.started_at));
      expect(Math.max(...times) - Date.parse(c.started_at)).toBeLessThanOrEqual(c.rule.window_seconds * 1000);
      for (const e of c.events) {
        expect(e.label_id).toBe(c.group_key);
        if (c.rule.include_label_ids.length > 0) expect(c.rule.include_label_ids).toContain(e.label_id);
        if (c.rule.include_mic_ids.length > 0) expect(c.rule.include_mic_ids).toContain(e.mic_id);
        expect(e.microphone.thresholds).toBeDefined();
      }
      for (const mic of c.mics) {
        expect(mic.thresholds).toBeUndefined();
        expect(typeof mic.edge_status).toBe('string');
      }
    }
  });

  it('filters by rule and by created range; reads one unwrapped; 404 for an unknown id', async () => {
    const byRule = (await call('/api/v1/composite-events?size=100&composite_rule_id=rule-repeated-scream')).body;
    expect(byRule.total_cnt).toBeGreaterThan(0);
    for (const c of byRule.results) expect(c.rule.id).toBe('rule-repeated-scream');

    const first = byRule.results[0];
    const one = await call(`/api/v1/composite-events/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);

    const ge = new Date(Date.parse(first.started_at) - 1000).toISOString();
    const ranged = (
      await call(
        `/api/v1/composite-events?size=100&created_at__ge=${encodeURIComponent(ge)}&created_at__le=${encodeURIComponent(new Date().toISOString())}`,
      )
    ).body;
    expect(ranged.results.map((c: { id: string }) => c.id)).toContain(first.id);

    expect(await call('/api/v1/composite-events/nope')).toEqual({ status: 404, body: { detail: 'Not Found' } });
  });

  it('never produces composite events for the disabled rule', async () => {
    const { body } = await call('/api/v1/composite-events?composite_rule_id=rule-dog-nuisance');
    expect(body.total_cnt).toBe(0);
  });

  it('shows a mic edit and a newly joined event in composite events already read once', async () => {
    const at = Date.now() + 2 * 60 * 60_000;
    store.addEvent({ mic_id: 'mic-0007', label_id: 'explosion', at });
    store.addEvent({ mic_id: 'mic-0007', label_id: 'explosion', at: at + 1_000 });
    const page = '/api/v1/composite-events?composite_rule_id=rule-weapons&size=1';
    const first = (await call(page)).body.results[0];
    expect(first.events).toHaveLength(2);

    store.addEvent({ mic_id: 'mic-0007', label_id: 'explosion', at: at + 2_000 });
    const joined = (await call(page)).body.results[0];
    expect([joined.id, joined.events.length]).toEqual([first.id, 3]);
    await call('/api/v1/mics/mic-0007', { method: 'PATCH', body: JSON.stringify({ name: 'Renamed after firing' }) });
    for (const again of [
      (await call(`/api/v1/composite-events/${first.id}`)).body,
      (await call(page)).body.results[0],
    ]) {
      expect(again.events).toHaveLength(3);
      expect(again.mics[0].name).toBe('Renamed after firing');
      expect(again.events[0].microphone.name).toBe('Renamed after firing');
    }
  });

  it('turns a live burst into a composite event as the events arrive', async () => {
    const mic = 'mic-0005';
    const before = (await call('/api/v1/composite-events?composite_rule_id=rule-weapons&size=1')).body.total_cnt;
    const now = Date.now() + 60 * 60_000;
    store.addEvent({ mic_id: mic, label_id: 'gunshot', at: now });
    expect((await call('/api/v1/composite-events?composite_rule_id=rule-weapons&size=1')).body.total_cnt).toBe(before);
    store.addEvent({ mic_id: mic, label_id: 'gunshot', at: now + 5_000 });
    const after = (await call('/api/v1/composite-events?composite_rule_id=rule-weapons&size=1&order_by=desc')).body;
    expect(after.total_cnt).toBe(before + 1);
    expect(after.results[0].events.map((e: { mic_id: string }) => e.mic_id)).toEqual([mic, mic]);
  });
});
