import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import { requireRole } from './guard.js';
import { SESSION_COOKIE } from './sessions.js';
import { registerTestAuth, TEST_WALL } from '../testing/route-auth.js';

/** The access rule and requireRole on a bare app: who reaches a handler, whatever the handler is. */
describeEachDatabase('access rule', (getDb) => {
  let app: FastifyInstance;
  const reached: string[] = [];
  const cookies: Record<string, string> = {};
  const accountIds: Record<string, string> = {};

  beforeAll(async () => {
    const consoleDb = getDb();
    app = Fastify();
    registerTestAuth(app, consoleDb);
    for (const method of ['GET', 'PATCH', 'POST'] as const) {
      app.route({
        method,
        url: '/api/v1/mics/:id',
        handler: async (request) => (reached.push(`${method} ${request.url}`), {}),
      });
    }
    app.get('/live', async () => (reached.push('GET /live'), {}));
    app.get('/public', async () => (reached.push('GET /public'), {}));
    app.get('/admin-only', { preHandler: requireRole('admin') }, async () => (reached.push('admin-only'), {}));
    await app.ready();
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const session = await signedIn(consoleDb, role, role);
      cookies[role] = session.cookie;
      accountIds[role] = session.accountId;
    }
  });
  afterAll(() => app.close());

  const call = async (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Record<string, string> = {}) => {
    reached.length = 0;
    const response = await app.inject({ method, url, headers });
    return { status: response.statusCode, body: response.json() as { detail?: string }, reached: [...reached] };
  };

  it('answers 401 with a detail to /api and /live without a principal, before any handler', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/mics/m1'],
      ['PATCH', '/api/v1/mics/m1'],
      ['GET', '/live'],
      ['GET', '/live?x=1'],
    ] as const) {
      const result = await call(method, url);
      expect(result).toEqual({ status: 401, body: { detail: 'Sign in to use the console.' }, reached: [] });
    }
    expect((await call('GET', '/public')).status).toBe(200);
    expect((await call('GET', '/api/v1/mics/m1', { cookie: `${SESSION_COOKIE}=forged` })).status).toBe(401);
  });

  it('lets any account read, and only an admin change a mic', async () => {
    for (const role of ['viewer', 'operator', 'admin']) {
      expect((await call('GET', '/api/v1/mics/m1', { cookie: cookies[role]! })).status).toBe(200);
    }
    for (const role of ['viewer', 'operator']) {
      const result = await call('PATCH', '/api/v1/mics/m1', { cookie: cookies[role]! });
      expect(result).toEqual({ status: 403, body: { detail: 'This action needs the admin role.' }, reached: [] });
    }
    expect((await call('PATCH', '/api/v1/mics/m1', { cookie: cookies.admin! })).reached).toEqual([
      'PATCH /api/v1/mics/m1',
    ]);
  });

  it('lets a wall link read but never write', async () => {
    expect((await call('GET', '/api/v1/mics/m1', TEST_WALL)).status).toBe(200);
    for (const method of ['PATCH', 'POST'] as const) {
      const result = await call(method, '/api/v1/mics/m1', TEST_WALL);
      expect(result).toMatchObject({ status: 403, reached: [] });
    }
  });

  it('requireRole: 401 without a principal, 403 below the role or for a wall link', async () => {
    expect((await call('GET', '/admin-only')).status).toBe(401);
    expect((await call('GET', '/admin-only', { cookie: cookies.operator! })).status).toBe(403);
    expect((await call('GET', '/admin-only', TEST_WALL)).status).toBe(403);
    expect((await call('GET', '/admin-only', { cookie: cookies.admin! })).reached).toEqual(['admin-only']);
  });

  it('drops a session as soon as its account is disabled', async () => {
    const consoleDb = getDb();
    await consoleDb.db.updateTable('accounts').set({ disabled: 1 }).where('id', '=', accountIds.operator!).execute();
    expect((await call('GET', '/api/v1/mics/m1', { cookie: cookies.operator! })).status).toBe(401);
    const left = await consoleDb.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', accountIds.operator!)
      .execute();
    expect(left).toEqual([]);
  });
});
