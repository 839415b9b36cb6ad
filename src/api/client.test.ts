import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { compositeEventFixture, micFixture, pageFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import {
  accessToken,
  ApiError,
  edgeConnection,
  getCompositeEvent,
  getInventory,
  getMicLevels,
  listEvents,
  listMics,
  updateMic,
} from '.';
import { inventoryMicOf } from './inventory-check';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('API client', () => {
  it('sends several mics and labels as repeated parameters', async () => {
    let url: URL | null = null;
    server.use(
      http.get('*/api/v1/events', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json(pageFixture([]));
      }),
    );
    await listEvents({
      page: 2,
      size: 25,
      mic_id: ['mic-0001', 'mic-0017'],
      label_id: ['scream', 'siren'],
      start: null,
    });
    expect(url!.searchParams.getAll('mic_id')).toEqual(['mic-0001', 'mic-0017']);
    expect(url!.searchParams.getAll('label_id')).toEqual(['scream', 'siren']);
    expect(url!.searchParams.get('page')).toBe('2');
    expect(url!.searchParams.has('start')).toBe(false);
  });

  it('sends the token the user signed in with as a Bearer header, never in the URL', async () => {
    let seen: Request | null = null;
    server.use(
      http.get('*/api/v1/mics', ({ request }) => {
        seen = request;
        return HttpResponse.json(pageFixture([micFixture()]));
      }),
    );
    accessToken.set('s3cret-token');
    await listMics({});
    expect(seen!.headers.get('authorization')).toBe('Bearer s3cret-token');
    expect(seen!.url).not.toContain('s3cret-token');
  });

  it('maps a FastAPI 422 detail list to field errors without the body/query prefix', async () => {
    server.use(
      http.patch('*/api/v1/mics/:id', () =>
        HttpResponse.json(
          {
            detail: [
              {
                loc: ['body', 'thresholds', 'scream'],
                msg: 'Input should be less than or equal to 1',
                type: 'less_than_equal',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const error = await failure(updateMic('mic-0001', { thresholds: { scream: 2 } }));
    expect(error).toMatchObject({ kind: 'http', status: 422 });
    expect(error.fieldErrors).toEqual([
      { path: ['thresholds', 'scream'], message: 'Input should be less than or equal to 1' },
    ]);
    expect(error.message).toBe('422 thresholds.scream: Input should be less than or equal to 1');
  });

  it('uses a string detail as the message and recognises 404', async () => {
    server.use(
      http.get('*/api/v1/composite-events/:id', () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 })),
    );
    const error = await failure(getCompositeEvent('gone'));
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      message: '404 Not Found',
      endpoint: 'GET /api/v1/composite-events/gone',
    });
    expect(error.isNotFound).toBe(true);
    expect(error.isTransient).toBe(false);
  });

  it('explains an error body that is not JSON', async () => {
    server.use(
      http.get(
        '*/api/v1/mics',
        () => new HttpResponse('Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain' } }),
      ),
    );
    const error = await failure(listMics({}));
    expect(error.message).toBe('500 Internal Server Error');
    expect(error.isTransient).toBe(true);
  });

  it('says so when a 200 body is not JSON', async () => {
    server.use(
      http.get(
        '*/api/v1/mics',
        () => new HttpResponse('{"page": 1, "resu', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const error = await failure(listMics({}));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/not valid JSON.*GET \/api\/v1\/mics/);
  });

  it('names the field path of a response of the wrong shape', async () => {
    const mic = { ...micFixture(), created_at: 1_700_000_000 };
    server.use(http.get('*/api/v1/mics', () => HttpResponse.json(pageFixture([micFixture(), mic]))));
    const error = await failure(listMics({}));
    expect(error.kind).toBe('contract');
    // Zod's English messages (loaded after the first paint, src/api/zod-messages.ts) say what was wrong.
    expect(error.message).toContain('results[1].created_at: Invalid input: expected string, received number');
  });

  it('tolerates extra fields and unknown status values, and keeps unknown threshold categories', async () => {
    const mic = {
      ...micFixture({ status: 'maintenance', thresholds: { drone: { sound_level_ge: 70, confidence: 0.6 } } }),
      firmware: '2.1',
    };
    server.use(http.get('*/api/v1/mics', () => HttpResponse.json({ ...pageFixture([mic]), next: null })));
    const page = await listMics({});
    expect(page.results[0]).toMatchObject({ status: 'maintenance', thresholds: { drone: { confidence: 0.6 } } });
    expect(page.results[0]).not.toHaveProperty('firmware');
  });

  it('drops channel and console credentials at the boundary', async () => {
    const raw = compositeEventFixture() as unknown as { mics: { channel: Record<string, unknown> }[] };
    raw.mics[0]!.channel = { ...raw.mics[0]!.channel, username: 'admin', password: 'hunter2' };
    server.use(http.get('*/api/v1/composite-events/:id', () => HttpResponse.json(raw)));
    const event = await getCompositeEvent('ce-1');
    expect(JSON.stringify(event)).not.toContain('hunter2');
    expect(event.mics[0]!.channel).toEqual({ scheme: 'rtsp', port: 554, path: '/stream1' });
  });

  it('tells the connection state: unreachable keeps the last good time, unauthorized on 401', async () => {
    server.use(http.get('*/api/v1/mics', () => HttpResponse.json(pageFixture([micFixture()]))));
    await listMics({});
    const lastOk = edgeConnection.get().lastOkAt;
    expect(edgeConnection.get().status).toBe('live');

    server.use(http.get('*/api/v1/mics', () => HttpResponse.error()));
    const error = await failure(listMics({}));
    expect(error.kind).toBe('network');
    expect(edgeConnection.get()).toMatchObject({ status: 'unreachable', lastOkAt: lastOk });

    server.use(http.get('*/api/v1/mics', () => HttpResponse.json({ detail: 'Not authenticated' }, { status: 401 })));
    expect((await failure(listMics({}))).isUnauthorized).toBe(true);
    expect(edgeConnection.get().status).toBe('unauthorized');
  });

  it('treats the console server’s 502 and 504 as an unreachable and a slow edge', async () => {
    server.use(
      http.get('*/api/v1/mics', () =>
        HttpResponse.json({ detail: 'Edge server unreachable (ECONNREFUSED)' }, { status: 502 }),
      ),
    );
    expect(await failure(listMics({}))).toMatchObject({
      kind: 'network',
      message: '502 Edge server unreachable (ECONNREFUSED)',
    });
    server.use(
      http.get('*/api/v1/mics', () =>
        HttpResponse.json({ detail: 'Edge server did not answer within 10 s' }, { status: 504 }),
      ),
    );
    expect((await failure(listMics({}))).kind).toBe('timeout');
  });

  it('reads the whole inventory from the console server in one request, never walking edge pages', async () => {
    const paths: string[] = [];
    server.use(
      http.get('*/api/inventory/mics', ({ request }) => {
        paths.push(new URL(request.url).search);
        return HttpResponse.json({
          version: 'b.1',
          edge_id: 'edge-seoul-01',
          complete: false,
          count: 100_000,
          reported_total: 8_000_000_000,
          max_pages: 1000,
          page_size: 100,
          stale: null,
          categories: ['scream'],
          mics: [inventoryMicOf(micFixture())],
        });
      }),
    );
    const inventory = await getInventory('edge-seoul-01');
    expect(inventory).toMatchObject({
      complete: false,
      reported_total: 8_000_000_000,
      categories: ['scream'],
      mics: [{ id: 'mic-0001' }],
    });
    expect(paths).toEqual(['?edge_id=edge-seoul-01']);
  });

  it('reads one category’s thresholds for the coverage layer apart from the inventory', async () => {
    const paths: string[] = [];
    server.use(
      http.get('*/api/inventory/levels', ({ request }) => {
        paths.push(new URL(request.url).search);
        return HttpResponse.json({ version: 'b.1', category: 'glass break', in_db: true, levels: { 'mic-0001': 70 } });
      }),
    );
    expect(await getMicLevels('glass break')).toEqual({
      version: 'b.1',
      category: 'glass break',
      in_db: true,
      levels: { 'mic-0001': 70 },
    });
    expect(paths).toEqual(['?category=glass+break']);
  });

  it('names the field of a malformed mic in the inventory', async () => {
    server.use(
      http.get('*/api/inventory/mics', () =>
        HttpResponse.json({
          version: 'b.1',
          edge_id: null,
          complete: true,
          count: 2,
          reported_total: 2,
          max_pages: 1,
          page_size: 100,
          stale: null,
          categories: [],
          mics: [micFixture(), { ...micFixture(), location: { latitude: 'north', longitude: 127 } }],
        }),
      ),
    );
    const error = await failure(getInventory(null));
    expect(error.kind).toBe('contract');
    expect(error.message).toContain('mics[1].location.latitude: Invalid input: expected number, received string');
  });

  it('accepts any integer count the interface allows, even past 2^53', async () => {
    const huge = Number.MAX_SAFE_INTEGER * 100;
    server.use(
      http.get('*/api/v1/mics', () =>
        HttpResponse.json({ page: 1, size: 100, total_cnt: huge, max_page: Number.MAX_SAFE_INTEGER, results: [] }),
      ),
    );
    expect(await listMics({})).toMatchObject({ total_cnt: huge, max_page: Number.MAX_SAFE_INTEGER });
    server.use(
      http.get('*/api/v1/mics', () =>
        HttpResponse.json({ page: 1, size: 100, total_cnt: 1.5, max_page: 1, results: [] }),
      ),
    );
    expect((await failure(listMics({}))).message).toContain('total_cnt');
  });
});
