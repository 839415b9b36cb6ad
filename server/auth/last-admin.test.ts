import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';

const ROUNDS = 8;

/** Two admins lowering each other at the same moment, on two replicas: one of them must stay. */
describeEachDatabase('the last enabled admin, under concurrent changes', (getDb) => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let consoleA: TestConsole;
  let consoleB: TestConsole;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    consoleA = await startTestConsole(getDb(), upstream.url);
    consoleB = await startTestConsole(getDb(), upstream.url);
  });
  afterAll(async () => {
    await Promise.all([consoleA.close(), consoleB.close(), upstream.close()]);
  });

  /** Exactly two enabled admins, each signed in. */
  async function twoAdmins() {
    await getDb().db.updateTable('accounts').set({ disabled: 1 }).where('role', '=', 'admin').execute();
    return [await signedIn(getDb(), 'admin'), await signedIn(getDb(), 'admin')] as const;
  }

  const enabledAdmins = async () =>
    (
      await getDb()
        .db.selectFrom('accounts')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .execute()
    ).length;

  const change = (c: TestConsole, cookie: string, id: string, body: object) =>
    c.call(`/api/admin/accounts/${id}`, { method: 'PATCH', cookie, body: JSON.stringify(body) });

  for (const [what, first, second] of [
    ['demote each other', { role: 'viewer' }, { role: 'operator' }],
    ['disable each other', { disabled: true }, { disabled: true }],
    ['one demotes, the other disables', { role: 'viewer' }, { disabled: true }],
  ] as const) {
    it(`two admins who ${what} at once: exactly one succeeds, an enabled admin remains`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await twoAdmins();
        const answers = await Promise.all([
          change(consoleA, a.cookie, b.accountId, first),
          change(consoleB, b.cookie, a.accountId, second),
        ]);
        const statuses = answers.map((answer) => answer.status);
        expect(
          statuses.filter((status) => status === 200),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1);
        // The other: refused as the last admin, or already signed out by the winner's change.
        expect(statuses.filter((status) => status === 409 || status === 401)).toHaveLength(1);
        expect(await enabledAdmins()).toBe(1);
      }
    });
  }
});
