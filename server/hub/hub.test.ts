import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventFixture, FAKE_TOKEN, micFixture, startFakeEdge, type FakeEdge } from '../testing/fake-edge.js';
import { createEdgeClient } from '../edge/client.js';
import { NO_FILTER } from './filters.js';
import { Hub } from './hub.js';
import { DEFAULT_HUB_SETTINGS, type HubSettings } from './settings.js';

let edge: FakeEdge;
let hubs: Hub[] = [];
beforeAll(async () => {
  edge = await startFakeEdge();
});
afterAll(() => edge.close());
beforeEach(() => {
  edge.requests = [];
  edge.mode = 'normal';
  edge.mics = Array.from({ length: 5 }, (_, i) => micFixture(i + 1));
  edge.events = [];
  edge.composites = [];
});
afterEach(() => {
  for (const hub of hubs) hub.stop();
  hubs = [];
});

const FAST: HubSettings = {
  ...DEFAULT_HUB_SETTINGS,
  micsIntervalMs: 50,
  eventsIntervalMs: 20,
  compositesIntervalMs: 20,
  backoffMaxMs: 200,
  idleAfterMs: 150,
};

function startHub(settings: Partial<HubSettings> = {}) {
  const hub = new Hub({
    reader: createEdgeClient({ upstream: edge.url, token: FAKE_TOKEN, timeoutMs: 1000, maxResponseBytes: 8 << 20 }),
    settings: { ...FAST, ...settings },
  });
  hubs.push(hub);
  return hub;
}

/** A subscriber that keeps every frame it is sent. */
function collector() {
  const frames: string[] = [];
  return {
    frames,
    sink: { write: (frame: string) => void frames.push(frame), backlog: () => 0, close: () => undefined },
    of: (type: string) =>
      frames
        .flatMap((text) => text.split('\n\n'))
        .filter((block) => block.includes(`event: ${type}\n`))
        .map((block) => JSON.parse(block.split('data: ')[1]!) as Record<string, unknown>),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const eventsAsked = () => edge.requests.filter((r) => r.path === '/api/v1/events').length;

describe('the hub', () => {
  it('does not poll while nobody looks, and stops again once the last screen has gone', async () => {
    const hub = startHub();
    await sleep(200);
    expect(edge.requests).toEqual([]);
    const screen = collector();
    const leave = hub.subscribe(NO_FILTER, screen.sink, null);
    await expect.poll(eventsAsked).toBeGreaterThan(3);
    leave();
    await sleep(FAST.idleAfterMs + 100);
    const settled = edge.requests.length;
    await sleep(200);
    expect(edge.requests.length).toBe(settled);
  });

  it('pushes each new event once, and nothing while nothing happens', async () => {
    const hub = startHub();
    const screen = collector();
    hub.subscribe(NO_FILTER, screen.sink, null);
    await expect.poll(eventsAsked).toBeGreaterThan(2);
    edge.events.push(eventFixture('e-1', new Date().toISOString()));
    await expect.poll(() => screen.of('event').length).toBe(1);
    await sleep(200);
    expect(screen.of('event')).toEqual([{ events: [expect.objectContaining({ id: 'e-1' })] }]);
  });

  it('sends no mics message for a walk that found nothing changed, and the change when one did', async () => {
    const hub = startHub();
    const screen = collector();
    hub.subscribe(NO_FILTER, screen.sink, null);
    await expect.poll(() => screen.of('mics').length).toBe(1);
    await sleep(300);
    expect(screen.of('mics')).toHaveLength(1);
    edge.mics[2]!.name = 'Renamed';
    await expect.poll(() => screen.of('mics').length).toBe(2);
    expect(screen.of('mics')[1]).toMatchObject({ upserts: [{ id: 'mic-0003', name: 'Renamed' }], removals: [] });
  });

  it('backs off while the edge is down, says so, and recovers soon after it returns', async () => {
    const hub = startHub();
    const screen = collector();
    edge.mode = 'down';
    hub.subscribe(NO_FILTER, screen.sink, null);
    await sleep(1500);
    // At a fixed 20 ms pace this would be 75; doubling up to 200 ms leaves about a dozen.
    expect(eventsAsked()).toBeLessThan(20);
    expect(eventsAsked()).toBeGreaterThan(4);
    expect(hub.healthNow()).toMatchObject({ status: 'down', error: expect.stringMatching(/unreachable/) });
    expect(screen.of('health').at(-1)).toMatchObject({ status: 'down' });

    edge.mode = 'normal';
    await expect.poll(() => hub.healthNow().status, { timeout: 1000 }).toBe('ok');
    expect(screen.of('health').at(-1)).toMatchObject({ status: 'ok' });
  });

  it('passes on fields the edge adds into the inventory the map and the wall read, as /mics shows them', async () => {
    // The map and the wall read the hub, /mics reads the edge through the gateway: a field the
    // edge adds must reach all three, not vanish in the hub's schema.
    edge.mics = [micFixture(1, { battery: 81, firmware: { version: '2.4' } })];
    const hub = startHub();
    const [mic] = (await hub.readyInventory()).mics();
    expect(mic).toMatchObject({ id: 'mic-0001', battery: 81, firmware: { version: '2.4' } });
  });

  it('tells a refused token apart, and keeps the last inventory while the edge fails', async () => {
    const hub = startHub();
    const inventory = await hub.readyInventory();
    expect(inventory.mics()).toHaveLength(5);
    edge.mode = 'unauthorized';
    await expect.poll(() => hub.healthNow().status).toBe('unauthorized');
    expect(hub.healthNow().error).toMatch(/EDGE_API_TOKEN/);
    expect((await hub.readyInventory()).mics()).toHaveLength(5);
  });

  it('answers an inventory request while the edge is down with its error, without a walk per request', async () => {
    edge.mode = 'down';
    const hub = startHub({ micsIntervalMs: 10_000 });
    await expect(hub.readyInventory()).rejects.toMatchObject({ kind: 'unreachable' });
    const walks = edge.requests.filter((r) => r.path === '/api/v1/mics').length;
    for (let i = 0; i < 5; i++) await expect(hub.readyInventory()).rejects.toMatchObject({ kind: 'unreachable' });
    expect(edge.requests.filter((r) => r.path === '/api/v1/mics').length).toBe(walks);
  });
});
