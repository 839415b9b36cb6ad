import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestEvents, type ReadEvent } from '../insights/insight-store.js';
import { describeEachDatabase } from '../testing/databases.js';
import { signedIn } from '../testing/accounts.js';
import { MAX_LABELS, MAX_NAME_CHARS, registerLabels } from './routes.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

describeEachDatabase('label names', (getDb) => {
  let app: FastifyInstance;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    app = Fastify();
    registerTestAuth(app, getDb());
    registerLabels(app, { db: getDb(), kept: true, freshMs: 0 });
    await app.ready();
    for (const role of ['viewer', 'operator', 'admin'] as const)
      cookies[role] = (await signedIn(getDb(), role, role)).cookie;
  });
  afterAll(() => app.close());

  const get = async (headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: '/api/labels', headers });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const now = Date.now();
  const event = (id: string, labelId: string, labelName: ReadEvent['labelName'], at = now): ReadEvent => ({
    id,
    micId: 'mic-1',
    labelId,
    at,
    confidence: 0.9,
    labelName,
  });

  it('names every category an event the console read carried, old or recent, to anyone signed in and only them', async () => {
    expect(await get({ cookie: cookies.viewer! })).toEqual({
      status: 200,
      body: { kept: true, labels: [], complete: true },
    });
    const hostile = '<img src=x onerror=alert(1)>';
    // The hub reads a scream now; the back-fill reads a gunshot of three weeks ago (older than events are kept).
    await ingestEvents(getDb().db, [event('e1', 'scream', { ko: '비명', en: hostile })], now);
    await ingestEvents(getDb().db, [event('e2', 'gunshot', { ko: '총성', en: 'Gunshot' }, now - 21 * 86_400_000)], now);
    // An event without names (a composite's member) leaves the known names as they are.
    await ingestEvents(getDb().db, [event('e3', 'scream', null)], now);

    expect(await get({})).toMatchObject({ status: 401 });
    const expected = {
      kept: true,
      labels: [
        { id: 'gunshot', name: { ko: '총성', en: 'Gunshot' } },
        { id: 'scream', name: { ko: '비명', en: hostile } },
      ],
      complete: true,
    };
    for (const headers of [{ cookie: cookies.viewer! }, { cookie: cookies.operator! }, { cookie: cookies.admin! }]) {
      expect(await get(headers)).toEqual({ status: 200, body: expected });
    }
    expect(await get(TEST_WALL)).toEqual({ status: 200, body: expected });
  });

  it('keeps the answer small whatever the edge sends: long names cut, at most MAX_LABELS categories', async () => {
    const long = 'x'.repeat(MAX_NAME_CHARS * 5);
    const many = Array.from({ length: MAX_LABELS + 5 }, (_, i) =>
      event(`m${i}`, `label-${String(i).padStart(4, '0')}`, { ko: long, en: 'n' }),
    );
    await ingestEvents(getDb().db, many, now);
    const { status, body } = await get({ cookie: cookies.viewer! });
    expect(status).toBe(200);
    const labels = body.labels as { id: string; name: { ko: string } }[];
    expect(labels).toHaveLength(MAX_LABELS);
    expect(body.complete).toBe(false);
    expect(labels[0]).toEqual({ id: 'gunshot', name: { ko: '총성', en: 'Gunshot' } });
    expect(labels[1]!.name.ko).toBe('x'.repeat(MAX_NAME_CHARS));
  });
});
