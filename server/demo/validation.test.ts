import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS } from './catalog.js';
import { buildDemoEdge } from './edge-app.js';
import { DemoStore } from './store.js';
import { MAX_THRESHOLDS } from './validation.js';

/** What the demo edge refuses with a 422, as a FastAPI edge would, instead of failing with a 500. */
const TOKEN = 'test-token';
let store: DemoStore;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  store = new DemoStore({ dataDir: null, mics: 60, events: 2000, now: Date.parse('2026-11-21T00:00:00Z') });
  app = buildDemoEdge({ store, token: TOKEN }).app;
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  store.close();
});

async function call(path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'PATCH',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const micWith = (category: string) => {
  const id = store.micIds().find((micId) => category in (store.getMic(micId)?.thresholds ?? {}));
  if (id === undefined) throw new Error(`no seeded mic has a ${category} threshold`);
  return id;
};

describe('demo edge: threshold keys', () => {
  it('refuses a category that is not one of its labels with 422 naming the key, and changes nothing', async () => {
    const before = store.getMic('mic-0005');
    const { status, body } = await call('/api/v1/mics/mic-0005', { name: 'kept?', thresholds: { e2e_probe: 0.4 } });
    expect(status).toBe(422);
    expect(body.detail).toEqual([
      expect.objectContaining({
        type: 'literal_error',
        loc: ['body', 'thresholds', 'e2e_probe', '[key]'],
        input: 'e2e_probe',
      }),
    ]);
    for (const label of LABELS) expect(body.detail[0].msg).toContain(`'${label.id}'`);
    expect(store.getMic('mic-0005')).toEqual(before);
  });

  it('accepts every label, and a category the mic already reports (firmware’s `drone`) though no label', async () => {
    const labels = Object.fromEntries(LABELS.map((label) => [label.id, 0.5]));
    expect((await call('/api/v1/mics/mic-0006', { thresholds: labels })).status).toBe(200);

    const droneMic = micWith('drone');
    expect((await call(`/api/v1/mics/${droneMic}`)).body.data.thresholds.drone).toBeDefined();
    const { status, body } = await call(`/api/v1/mics/${droneMic}`, { thresholds: { drone: 0.35 } });
    expect(status).toBe(200);
    expect(body.data.thresholds.drone.confidence).toBe(0.35);

    const other = store.micIds().find((id) => !('drone' in (store.getMic(id)?.thresholds ?? {})))!;
    expect((await call(`/api/v1/mics/${other}`, { thresholds: { drone: 0.35 } })).status).toBe(422);
  });

  it(`refuses more than ${MAX_THRESHOLDS} keys with 422 on the thresholds`, async () => {
    const many = Object.fromEntries(Array.from({ length: MAX_THRESHOLDS + 1 }, (_, i) => [`c${i}`, 0.5]));
    const { status, body } = await call('/api/v1/mics/mic-0007', { thresholds: many });
    expect(status).toBe(422);
    expect(body.detail).toEqual([expect.objectContaining({ type: 'too_long', loc: ['body', 'thresholds'] })]);
  });
});

describe('demo edge: page numbers and repeated filters', () => {
  it.each(['/api/v1/mics', '/api/v1/events', '/api/v1/composite-events'])(
    '%s refuses a page number past an int32 with 422, and serves the last one it allows',
    async (path) => {
      for (const page of ['1e30', '99999999999999999999', '2147483648', '-1', '0']) {
        const { status, body } = await call(`${path}?page=${page}`);
        expect(status).toBe(422);
        expect(body.detail[0].loc).toEqual(['query', 'page']);
      }
      const last = await call(`${path}?page=2147483647&size=100`);
      expect(last.status).toBe(200);
      expect(last.body.results).toEqual([]);
    },
  );

  it.each(['mic_id', 'label_id'])('refuses more than 100 repeated %s values with 422', async (key) => {
    const query = (n: number) => Array.from({ length: n }, (_, i) => `${key}=x${i}`).join('&');
    const { status, body } = await call(`/api/v1/events?${query(500)}`);
    expect(status).toBe(422);
    expect(body.detail).toEqual([
      expect.objectContaining({
        type: 'too_long',
        loc: ['query', key],
        msg: expect.stringMatching(/at most 100 .* not 500/),
      }),
    ]);
    expect((await call(`/api/v1/events?${query(100)}`)).status).toBe(200);
  });
});
