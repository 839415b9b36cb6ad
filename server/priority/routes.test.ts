import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { signedIn } from '../testing/accounts.js';
import { priorityOf } from './index.js';
import { registerPriorityRoutes } from './routes.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

describeEachDatabase('priority routes', (getDb) => {
  let app: FastifyInstance;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    app = Fastify();
    registerTestAuth(app, getDb());
    registerPriorityRoutes(app, { db: getDb() });
    await app.ready();
    for (const role of ['viewer', 'operator', 'admin'] as const)
      cookies[role] = (await signedIn(getDb(), role, role)).cookie;
  });
  afterAll(() => app.close());

  const call = async (method: 'GET' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) => {
    const response = await app.inject({ method, url, headers, payload });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const change = { review_level: 'critical', severities: { dog_bark: 'medium' } };

  it('lets anyone signed in (a wall too) read, only an admin change the settings, and audits the change', async () => {
    for (const url of ['/api/priority/settings', '/api/priority/precision', '/api/priority/context']) {
      expect((await call('GET', url, {})).status).toBe(401);
      expect((await call('GET', url, TEST_WALL)).status).toBe(200);
      expect((await call('GET', url, { cookie: cookies.viewer! })).status).toBe(200);
    }
    expect((await call('PATCH', '/api/priority/settings', {}, change)).status).toBe(401);
    expect((await call('PATCH', '/api/priority/settings', TEST_WALL, change)).status).toBe(403);
    expect((await call('PATCH', '/api/priority/settings', { cookie: cookies.viewer! }, change)).status).toBe(403);
    expect((await call('PATCH', '/api/priority/settings', { cookie: cookies.operator! }, change)).status).toBe(403);
    expect((await call('GET', '/api/priority/settings', { cookie: cookies.viewer! })).body).toMatchObject({
      review_level: 'high',
      severities: { gunshot: 'critical', dog_bark: 'low' },
    });

    const done = await call('PATCH', '/api/priority/settings', { cookie: cookies.admin! }, change);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ review_level: 'critical', severities: { dog_bark: 'medium' } });
    expect((await call('GET', '/api/priority/context', { cookie: cookies.viewer! })).body).toMatchObject({
      review_level: 'critical',
      precision: [],
      unusual_mic_ids: [],
    });
    const audit = await getDb()
      .db.selectFrom('audit')
      .select(['action', 'actor_name', 'details'])
      .where('action', '=', 'priority.settings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_name).toBe('admin');
    expect(JSON.parse(String(audit[0]!.details))).toEqual({
      changed: { review_level: { from: 'high', to: 'critical' }, 'severity:dog_bark': { from: 'low', to: 'medium' } },
    });

    for (const bad of [{ review_level: 'urgent' }, { severities: { 'x y': 'low' } }, { other: 1 }]) {
      expect((await call('PATCH', '/api/priority/settings', { cookie: cookies.admin! }, bad)).status).toBe(422);
    }
    await call(
      'PATCH',
      '/api/priority/settings',
      { cookie: cookies.admin! },
      { review_level: 'high', severities: { dog_bark: 'low' } },
    );
  });

  it("gives the priorities of items the console read, scored with today's settings; unknown ones are left out", async () => {
    const at = new Date().toISOString();
    const shot = (mic_id: string) => ({
      id: `s-${mic_id}`,
      label_id: 'gunshot',
      mic_id,
      sound_level: 90,
      sound_level_threshold: 72,
    });
    await priorityOf(getDb(), 'composite', { id: 'c-shot', started_at: at, events: ['m1', 'm2', 'm3'].map(shot) });
    await priorityOf(getDb(), 'event', { id: 'e-bark', created_at: at, label: { id: 'dog_bark' }, mic: { id: 'm1' } });
    const url = '/api/priority/items?key=composite:c-shot&key=event:e-bark&key=event:never-read';
    expect((await call('GET', url, {})).status).toBe(401);
    const answer = await call('GET', url, TEST_WALL);
    expect(answer.status).toBe(200);
    const priorities = answer.body.priorities as Record<string, { level: string; review: boolean; summary: string }>;
    expect(Object.keys(priorities).sort()).toEqual(['composite:c-shot', 'event:e-bark']);
    expect(priorities['composite:c-shot']).toMatchObject({
      level: 'critical',
      review: true,
      summary: 'Critical: gunshot · heard by 3 mics · 18 dB over threshold',
    });
    expect(priorities['event:e-bark']).toMatchObject({ level: 'low', review: false });
    expect((await call('GET', '/api/priority/items?key=nope', { cookie: cookies.viewer! })).status).toBe(422);
  });
});
