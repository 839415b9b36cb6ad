import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientOf } from '../edge/access.js';
import { CompositeCache } from '../edge/composites.js';
import { describeEachDatabase } from '../testing/databases.js';
import { signedIn } from '../testing/accounts.js';
import { registerReview } from '../review/index.js';
import type { ReviewChange } from '../review/bus.js';
import { registerProcedures } from './index.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

const FIRED = '2026-01-01T00:00:00.000Z';
const steps = ['Check camera 12', 'Call 112 with the place', 'Send the nearest guard'];

describeEachDatabase('procedure routes', (getDb) => {
  let app: FastifyInstance;
  let edge: FastifyInstance;
  const cookies: Record<string, string> = {};
  const heard: ReviewChange[] = [];
  let hubComposites: (items: object[]) => void = () => undefined;

  beforeAll(async () => {
    const consoleDb = getDb();
    // c1..c4 are gunshots under the weapons rule; d1 a dog bark; e1 a base gunshot on its own.
    edge = Fastify();
    edge.get<{ Params: { id: string } }>('/api/v1/composite-events/:id', async (request, reply) => {
      const { id } = request.params;
      if (id.startsWith('c'))
        return { id, started_at: FIRED, rule: { id: 'rule-weapons' }, labels: [{ id: 'gunshot' }] };
      if (id === 'd1') return { id, started_at: FIRED, rule: { id: 'rule-dogs' }, events: [{ label_id: 'dog_bark' }] };
      return reply.code(404).send({});
    });
    edge.get('/api/v1/events', async () => ({
      page: 1,
      size: 100,
      total_cnt: 1,
      max_page: 1,
      results: [{ id: 'e1', created_at: FIRED, label: { id: 'gunshot' } }],
    }));
    edge.get('/api/v1/composite-events', async () => ({ page: 1, size: 50, total_cnt: 0, max_page: 1, results: [] }));
    const upstream = await edge.listen({ host: '127.0.0.1', port: 0 });
    const access = { upstream, token: 'edge-token', timeoutMs: 5000 };

    app = Fastify();
    registerTestAuth(app, consoleDb);
    const bus = registerReview(app, { db: consoleDb, databaseUrl: null, edge: access, newWindowHours: 24 });
    const feed = {
      onEvents: () => () => undefined,
      onComposites: (listener: (items: object[]) => void) => {
        hubComposites = listener;
        return () => undefined;
      },
    };
    // As app.ts wires it: composites are read through the shared cache.
    registerProcedures(app, {
      db: consoleDb,
      bus,
      edge: access,
      composites: new CompositeCache(clientOf(access)),
      feed,
    });
    bus.subscribe((change) => heard.push(change));
    await app.ready();
    for (const role of ['viewer', 'operator', 'admin'] as const)
      cookies[role] = (await signedIn(consoleDb, role, role)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await edge.close();
  });

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const call = async (method: Method, url: string, who: string | null, payload?: object) => {
    const headers: Record<string, string> = who === null ? {} : who === 'wall' ? TEST_WALL : { cookie: cookies[who]! };
    const response = await app.inject({ method, url, headers, payload });
    return { status: response.statusCode, body: (response.body === '' ? {} : response.json()) as Record<string, any> };
  };
  const gunshot = {
    target_kind: 'label',
    target: 'gunshot',
    title: 'Gunshot',
    require_all: true,
    steps: steps.map((text) => ({ text })),
  };
  const resolve = (version: number) => ({ action: 'resolve', outcome: 'real_incident', expected_version: version });
  const procedureOf = async (id: string) =>
    (await call('GET', `/api/review/items/composite/${id}/procedure`, 'operator')).body;
  const tick = (id: string, step: string, ticked = true, who = 'operator') =>
    call('POST', `/api/review/items/composite/${id}/procedure/steps/${step}`, who, { ticked });

  it('lets only an admin write procedures, only an operator tick, anyone signed in read', async () => {
    const any = '00000000-0000-4000-8000-000000000000';
    const writes: [Method, string, object | undefined][] = [
      ['POST', '/api/procedures', gunshot],
      ['PATCH', `/api/procedures/${any}`, { ...gunshot, expected_version: 1 }],
      ['DELETE', `/api/procedures/${any}`, undefined],
    ];
    const tickUrl = '/api/review/items/composite/c1/procedure/steps/abc';
    for (const [method, url, body] of [...writes, ['POST', tickUrl, { ticked: true }] as const]) {
      expect((await call(method, url, null, body)).status, `${method} ${url}`).toBe(401);
    }
    for (const who of ['viewer', 'operator', 'wall'])
      for (const [method, url, body] of writes)
        expect((await call(method, url, who, body)).status, `${who} ${url}`).toBe(403);
    for (const who of ['viewer', 'wall']) expect((await call('POST', tickUrl, who, { ticked: true })).status).toBe(403);
    for (const url of ['/api/procedures', '/api/review/items/composite/c1/procedure']) {
      expect((await call('GET', url, null)).status).toBe(401);
      for (const who of ['viewer', 'wall', 'operator']) expect((await call('GET', url, who)).status, url).toBe(200);
    }
    expect((await call('GET', '/api/procedures', 'viewer')).body.procedures).toEqual([]);
  });

  it('refuses text that is too long, blank, or carries control characters', async () => {
    for (const bad of [
      { ...gunshot, title: 'x'.repeat(121) },
      { ...gunshot, steps: [{ text: 'y'.repeat(201) }] },
      { ...gunshot, steps: [] },
      { ...gunshot, steps: Array.from({ length: 13 }, (_, i) => ({ text: `step ${i}` })) },
      { ...gunshot, steps: [{ text: '   ' }] },
      { ...gunshot, steps: [{ text: 'a\u0000b' }] },
      { ...gunshot, title: 'a\nb' },
    ]) {
      expect((await call('POST', '/api/procedures', 'admin', bad)).status).toBe(422);
    }
    expect((await call('GET', '/api/procedures', 'admin')).body.procedures).toEqual([]);
  });

  it('an admin writes a procedure, audited; a second one for the same label is refused', async () => {
    const created = await call('POST', '/api/procedures', 'admin', { ...gunshot, title: '  Gunshot <b>now</b>  ' });
    expect(created.status).toBe(201);
    expect(created.body.procedure).toMatchObject({ title: 'Gunshot <b>now</b>', version: 1, require_all: true });
    const id = created.body.procedure.id as string;
    const edited = await call('PATCH', `/api/procedures/${id}`, 'admin', {
      ...gunshot,
      expected_version: 1,
      steps: created.body.procedure.steps,
    });
    expect(edited.body.procedure).toMatchObject({ title: 'Gunshot', version: 2, steps: created.body.procedure.steps });
    const stale = await call('PATCH', `/api/procedures/${id}`, 'admin', { ...gunshot, expected_version: 1 });
    expect(stale.status).toBe(409);
    expect((await call('POST', '/api/procedures', 'admin', gunshot)).status).toBe(409);
    const audit = await getDb().db.selectFrom('audit').selectAll().where('action', 'like', 'procedure.%').execute();
    expect(audit.map((a) => [a.action, a.actor_name, a.outcome])).toEqual([
      ['procedure.create', 'admin', 'ok'],
      ['procedure.update', 'admin', 'ok'],
      ['procedure.update', 'admin', 'refused'],
      ['procedure.create', 'admin', 'refused'],
    ]);
  });

  it('refuses to resolve before every step is ticked; each tick is in the history with who, heard live', async () => {
    const { procedure, ticks } = await procedureOf('c1');
    expect(procedure.steps.map((s: { text: string }) => s.text)).toEqual(steps);
    expect(ticks).toEqual([]);
    expect((await procedureOf('d1')).procedure).toBeNull();

    const refused = await call('POST', '/api/review/items/composite/c1/actions', 'operator', resolve(0));
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      {
        loc: ['body'],
        msg: 'procedure: "Gunshot" needs every step ticked before resolving; 3 of 3 not ticked: “Check camera 12”, “Call 112 with the place”, “Send the nearest guard”.',
      },
    ]);
    const [first, second, third] = procedure.steps as { id: string }[];
    const ticked = await tick('c1', first!.id);
    expect(ticked.status).toBe(200);
    expect(ticked.body.item).toMatchObject({ state: 'acknowledged', version: 1, acknowledged_by: 'operator' });
    expect(heard.at(-1)?.item).toMatchObject({ id: 'c1', version: 1 });
    expect((await tick('c1', first!.id)).body.item.version).toBe(1); // ticking twice changes nothing
    await tick('c1', second!.id, true, 'admin');
    await tick('c1', second!.id, false, 'admin');
    await tick('c1', second!.id, true, 'admin');

    const bulk = await call('POST', '/api/review/bulk', 'operator', {
      action: 'resolve',
      outcome: 'test',
      items: [{ kind: 'composite', id: 'c1', expected_version: 4 }],
    });
    expect(bulk.body.results[0]).toMatchObject({
      status: 'conflict',
      detail: expect.stringMatching(/1 of 3 not ticked/),
    });

    await tick('c1', third!.id);
    const done = await call('POST', '/api/review/items/composite/c1/actions', 'operator', resolve(5));
    expect(done.body.item).toMatchObject({ state: 'resolved', version: 6 });
    expect((await tick('c1', third!.id, false)).status).toBe(409);

    const thread = (await call('GET', '/api/review/items/composite/c1', 'viewer')).body;
    expect(
      thread.history.map((h: { actor: string; action: string; details: { step?: string } }) => [
        h.actor,
        h.action,
        h.details.step,
      ]),
    ).toEqual([
      ['operator', 'procedure_tick', 'Check camera 12'],
      ['admin', 'procedure_tick', 'Call 112 with the place'],
      ['admin', 'procedure_untick', 'Call 112 with the place'],
      ['admin', 'procedure_tick', 'Call 112 with the place'],
      ['operator', 'procedure_tick', 'Send the nearest guard'],
      ['operator', 'resolve', undefined],
    ]);
  });

  it('never lets a resolve and an untick both win', async () => {
    const { procedure } = await procedureOf('c2');
    for (const step of procedure.steps as { id: string }[]) await tick('c2', step.id);
    const version = (await call('GET', '/api/review/items/composite/c2', 'operator')).body.item.version as number;
    await Promise.all([
      call('POST', '/api/review/items/composite/c2/actions', 'operator', resolve(version)),
      tick('c2', procedure.steps[0].id, false, 'admin'),
    ]);
    const { item } = (await call('GET', '/api/review/items/composite/c2', 'operator')).body;
    const { ticks } = await procedureOf('c2');
    expect(item.state === 'resolved' && ticks.length < 3).toBe(false);
  });

  it('knows a base event by what the edge says of it, and an unknown item is 404', async () => {
    const found = await call('GET', `/api/review/items/event/e1/procedure?fired_at=${FIRED}`, 'operator');
    expect(found.body.procedure).toMatchObject({ target: 'gunshot' });
    expect((await call('GET', '/api/review/items/composite/x9/procedure', 'operator')).status).toBe(404);
    expect((await tick('x9', 'abc')).status).toBe(404);
  });
  it('guards an item the live hub passed on, even if nobody opened it before a bulk resolve', async () => {
    hubComposites([{ id: 'c4', started_at: FIRED, rule: { id: 'rule-weapons' }, labels: [{ id: 'gunshot' }] }]);
    await expect
      .poll(async () =>
        (await getDb().db.selectFrom('procedure_item_facts').select('item_id').execute()).map((r) => r.item_id),
      )
      .toContain('c4');
    const bulk = await call('POST', '/api/review/bulk', 'operator', {
      action: 'resolve',
      outcome: 'test',
      items: [{ kind: 'composite', id: 'c4', expected_version: 0 }],
    });
    expect(bulk.body.results[0]).toMatchObject({
      status: 'conflict',
      detail: expect.stringMatching(/3 of 3 not ticked/),
    });
  });

  it('an admin deletes a procedure, audited; then the item resolves freely', async () => {
    const [procedure] = (await call('GET', '/api/procedures', 'admin')).body.procedures as { id: string }[];
    expect((await call('DELETE', `/api/procedures/${procedure!.id}`, 'admin')).body).toEqual({
      deleted: procedure!.id,
    });
    expect((await call('DELETE', `/api/procedures/${procedure!.id}`, 'admin')).status).toBe(404);
    const audit = await getDb().db.selectFrom('audit').selectAll().where('action', '=', 'procedure.delete').execute();
    expect(audit.map((a) => [a.actor_name, a.target_id])).toEqual([['admin', procedure!.id]]);
    const done = await call('POST', '/api/review/items/composite/c4/actions', 'operator', resolve(0));
    expect(done.body.item).toMatchObject({ state: 'resolved' });
  });
});
