import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { createAccount } from './accounts.js';
import { MAX_FAILURES } from './rate-limit.js';

const PASSWORD = 'correct horse 42';

describeEachDatabase('the client address behind a load balancer (TRUST_PROXY)', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let behindProxy: TestConsole;
  let direct: TestConsole;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    // The test's requests come from 127.0.0.1: here, the balancer's address.
    behindProxy = await startTestConsole(getDb(), upstream.url, { TRUST_PROXY: '127.0.0.1' });
    direct = await startTestConsole(getDb(), upstream.url);
    await createAccount(getDb(), { username: 'alice', role: 'viewer', password: PASSWORD });
  });
  afterAll(async () => {
    await Promise.all([behindProxy.close(), direct.close(), upstream.close()]);
  });

  const login = (c: TestConsole, client: string, username: string, password: string) =>
    c.call('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username, password }),
      headers: { 'x-forwarded-for': client },
    });

  const failureAddresses = async () =>
    (
      await getDb()
        .db.selectFrom('audit')
        .select('ip')
        .where('action', '=', 'auth.login_failed')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).ip;

  it('limits the client the trusted proxy names, not everyone behind the proxy; the audit shows the client', async () => {
    await getDb().db.deleteFrom('login_failures').execute();
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await login(behindProxy, '203.0.113.7', `someone-${i}`, 'x')).status).toBe(401);
    }
    expect(await failureAddresses()).toBe('203.0.113.7');
    expect((await login(behindProxy, '203.0.113.7', 'alice', PASSWORD)).status).toBe(429);
    expect((await login(behindProxy, '198.51.100.2', 'alice', PASSWORD)).status).toBe(204);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot pick its address to escape the limit', async () => {
    await getDb().db.deleteFrom('login_failures').execute();
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await login(direct, `203.0.113.${i}`, `someone-${i}`, 'x')).status).toBe(401);
    }
    expect(await failureAddresses()).toBe('127.0.0.1');
    expect((await login(direct, '198.51.100.2', 'alice', PASSWORD)).status).toBe(429);
  });
});
