import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_TOKEN, micFixture, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { createEdgeClient } from './client.js';
import { EdgeError } from './errors.js';
import { readPages } from './pages.js';
import { micSchema } from './schemas.js';

let edge: FakeEdge;
beforeAll(async () => {
  edge = await startFakeEdge();
});
afterAll(() => edge.close());
beforeEach(() => {
  edge.requests = [];
  edge.mode = 'normal';
  edge.maxPageLie = null;
  edge.ignorePage = false;
  edge.errorText = null;
  edge.mics = Array.from({ length: 250 }, (_, i) => micFixture(i + 1));
});

const reader = () =>
  createEdgeClient({ upstream: edge.url, token: FAKE_TOKEN, timeoutMs: 2000, maxResponseBytes: 8 << 20 });
const walk = (maxPages: number) =>
  readPages(reader(), { path: '/api/v1/mics', item: micSchema, idOf: (m) => m.id, maxPages });

describe('walking a list', () => {
  it('reads every page at size 100 and stops at the short one', async () => {
    const read = await walk(1000);
    expect(read.items).toHaveLength(250);
    expect(read.complete).toBe(true);
    expect(edge.requests.map((r) => [r.query.get('page'), r.query.get('size')])).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
  });

  it('never sizes anything by max_page: a huge max_page with a short page is one request', async () => {
    edge.mics = edge.mics.slice(0, 3);
    edge.maxPageLie = Number.MAX_SAFE_INTEGER;
    const read = await walk(1000);
    expect(read.items).toHaveLength(3);
    expect(read.reportedTotal).toBe(Number.MAX_SAFE_INTEGER * 100);
    expect(edge.requests).toHaveLength(1);
  });

  it('stops at the page cap when every page is full, and says the walk is incomplete', async () => {
    edge.mics = Array.from({ length: 1000 }, (_, i) => micFixture(i + 1));
    edge.maxPageLie = Number.MAX_SAFE_INTEGER;
    const read = await walk(4);
    expect(read.items).toHaveLength(400);
    expect(read.complete).toBe(false);
    expect(edge.requests).toHaveLength(4);
  });

  it('stops when pages bring nothing new (an edge that ignores page)', async () => {
    edge.ignorePage = true;
    edge.maxPageLie = Number.MAX_SAFE_INTEGER;
    const read = await walk(1000);
    expect(read.items).toHaveLength(100);
    expect(read.complete).toBe(false);
    expect(edge.requests).toHaveLength(2);
  });

  it('names the item and field of a wrong shape, and tells a refused token from a dead edge', async () => {
    edge.mics[120] = { ...edge.mics[120], created_at: 1_700_000_000 };
    const shape = await walk(10).catch((e: unknown) => e);
    expect(shape).toBeInstanceOf(EdgeError);
    expect((shape as EdgeError).message).toMatch(/GET \/api\/v1\/mics: results\[20\]\.created_at/);

    edge.mode = 'unauthorized';
    expect(await walk(10).catch((e: unknown) => e)).toMatchObject({ kind: 'unauthorized', status: 401 });
    edge.mode = 'malformed';
    expect(await walk(10).catch((e: unknown) => e)).toMatchObject({ kind: 'malformed' });
    edge.mode = 'down';
    const down = (await walk(10).catch((e: unknown) => e)) as EdgeError;
    expect(down.kind).toBe('unreachable');
    expect(down.isDown).toBe(true);
  });

  it('passes on an edge error’s reason without the credentials it may carry', async () => {
    edge.errorText = 'proxy to http://admin:hunter2@10.0.0.9/api failed: password=hunter2 user=admin';
    const error = (await walk(10).catch((e: unknown) => e)) as EdgeError;
    expect(error.message).toContain('500 proxy to http://10.0.0.9/api failed');
    expect(error.message).not.toContain('hunter2');
  });
});
