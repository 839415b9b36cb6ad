import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ScreenActivity, trackScreens } from './screen-activity.js';

describe('screen activity', () => {
  it('is busy for a while after a request under /api/, not after health checks or pages', async () => {
    let now = 1_000_000;
    const activity = new ScreenActivity(() => now);
    const app = Fastify();
    trackScreens(app, activity);
    app.get('/api/v1/events', async () => ({ results: [] }));
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/events', async () => 'page');
    expect(activity.busy(1_000)).toBe(false);

    await app.inject('/healthz');
    await app.inject('/events');
    expect(activity.busy(1_000)).toBe(false);

    await app.inject('/api/v1/events?size=25');
    expect(activity.busy(1_000)).toBe(true);
    now += 999;
    expect(activity.busy(1_000)).toBe(true);
    now += 1;
    expect(activity.busy(1_000)).toBe(false);
    // An unknown API path is a screen asking too (it gets its 404 from the console).
    await app.inject('/api/nothing');
    expect(activity.busy(1_000)).toBe(true);
    await app.close();
  });
});
