import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageOfAudit } from '../audit/query.js';
import { findByUsername } from '../auth/accounts.js';
import { verifyPassword } from '../auth/passwords.js';
import { openDatabase } from '../db/database.js';
import { signedIn } from '../testing/accounts.js';
import { describeEachDatabase, freshPostgresUrl } from '../testing/databases.js';
import { UsageError } from './cli-support.js';
import { passwordFromPipe } from './read-password.js';
import { usersCommand } from './users.js';

const typed = (password: string) => () => Promise.resolve(password);
const noPassword = () => Promise.reject(new Error('no password should be asked for'));

describeEachDatabase('users CLI', (getDb) => {
  const openSessions = async (accountId: string) =>
    (await getDb().db.selectFrom('sessions').select('id').where('account_id', '=', accountId).execute()).length;

  it('adds an account with the password it reads, lists it without secrets; each change is audited', async () => {
    const db = getDb();
    expect(await usersCommand(db, ['add', 'Alice', '--role', 'operator'], typed('correct horse 1'))).toBe(
      'Account "alice" created (operator).',
    );
    const alice = (await findByUsername(db, 'alice'))!;
    expect(alice.role).toBe('operator');
    expect(await verifyPassword(alice.password_hash, 'correct horse 1')).toBe(true);

    const listed = await usersCommand(db, ['list'], noPassword);
    expect(listed).toMatch(/^NAME\s+ROLE\s+STATUS\s+SIGN-IN\s+LAST SIGN-IN\s+CREATED$/m);
    expect(listed).toMatch(/^alice\s+operator\s+enabled\s+password\s+never\s+\d{4}-/m);
    expect(listed).not.toContain(alice.password_hash!);
    expect(listed).not.toContain('correct horse');

    const audit = await pageOfAudit(db, { person: 'users cli', action: null, mic: null, from: null, to: null }, 1, 10);
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({ action: 'account.create', outcome: 'ok' });
    expect(JSON.stringify(audit.results[0])).not.toContain('correct horse');
  });

  it('changes a role and disables an account: its open sessions end at once, as from Admin → Accounts', async () => {
    const db = getDb();
    const bob = await signedIn(db, 'viewer', 'bob');
    expect(await openSessions(bob.accountId)).toBe(1);
    expect(await usersCommand(db, ['set-role', 'bob', 'operator'], noPassword)).toContain('now operator');
    expect((await findByUsername(db, 'bob'))!.role).toBe('operator');
    expect(await openSessions(bob.accountId)).toBe(0);

    const carol = await signedIn(db, 'viewer', 'carol');
    expect(await openSessions(carol.accountId)).toBe(1);
    expect(await usersCommand(db, ['disable', 'carol'], noPassword)).toContain('disabled');
    expect(await openSessions(carol.accountId)).toBe(0);
    expect(await usersCommand(db, ['list'], noPassword)).toMatch(/^carol\s+viewer\s+disabled/m);
    expect(await usersCommand(db, ['enable', 'carol'], noPassword)).toContain('enabled');
    expect(Number((await findByUsername(db, 'carol'))!.disabled)).toBe(0);

    const audit = await pageOfAudit(db, { person: 'users cli', action: null, mic: null, from: null, to: null }, 1, 10);
    expect(audit.results.slice(0, 3).map((row) => row.action)).toEqual([
      'account.enable',
      'account.disable',
      'account.role',
    ]);
    expect(audit.results[2]!.details).toMatchObject({ username: 'bob', before: 'viewer', after: 'operator' });
  });

  it('resets a password read from standard input and ends the account’s sessions', async () => {
    const db = getDb();
    const dave = await signedIn(db, 'viewer', 'dave');
    expect(await openSessions(dave.accountId)).toBe(1);
    expect(await usersCommand(db, ['reset-password', 'dave'], typed('a new secret 9'))).toContain('changed');
    expect(await verifyPassword((await findByUsername(db, 'dave'))!.password_hash, 'a new secret 9')).toBe(true);
    expect(await openSessions(dave.accountId)).toBe(0);
  });

  it('keeps an enabled admin: the last one cannot be demoted or disabled', async () => {
    const db = getDb();
    await usersCommand(db, ['add', 'root', '--role', 'admin'], typed('root password 1'));
    // Other suites' admins may exist in this database: keep only root enabled.
    for (const row of await db.db.selectFrom('accounts').select('username').where('role', '=', 'admin').execute()) {
      if (row.username !== 'root') await usersCommand(db, ['set-role', row.username, 'viewer'], noPassword);
    }
    await expect(usersCommand(db, ['set-role', 'root', 'viewer'], noPassword)).rejects.toThrow(
      'At least one enabled admin must remain.',
    );
    await expect(usersCommand(db, ['disable', 'root'], noPassword)).rejects.toThrow(UsageError);
    expect((await findByUsername(db, 'root'))!).toMatchObject({ role: 'admin', disabled: 0 });
  });

  it('two commands lowering the last two admins at once: one is refused, an enabled admin remains', async () => {
    const db = getDb();
    await usersCommand(db, ['add', 'peer', '--role', 'admin'], typed('peer password 1'));
    // Left by the test above: root and peer are the enabled admins.
    for (let round = 0; round < 4; round++) {
      const outcomes = await Promise.allSettled([
        usersCommand(db, ['set-role', 'root', 'viewer'], noPassword),
        usersCommand(db, ['disable', 'peer'], noPassword),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const admins = await db.db
        .selectFrom('accounts')
        .select('username')
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .execute();
      expect(admins).toHaveLength(1);
      await usersCommand(db, ['set-role', 'root', 'admin'], noPassword).catch(() => undefined);
      await usersCommand(db, ['enable', 'peer'], noPassword).catch(() => undefined);
    }
  });

  it('refuses bad input with a usage error and changes nothing', async () => {
    const db = getDb();
    const cases: [string[], RegExp][] = [
      [['add', 'erin'], /Which role/],
      [['add', 'erin', '--role', 'root'], /Unknown role "root"/],
      [['add', 'bad name!', '--role', 'viewer'], /Username "bad name!"/],
      [['add', 'alice', '--role', 'viewer'], /already exists/],
      [['add', 'erin', '--role', 'viewer', '--password', 'x'], /Unknown option --password/],
      [['set-role', 'nobody', 'viewer'], /No account is named "nobody"/],
      [['set-role', 'alice'], /Which role/],
      [['disable'], /disable needs a NAME/],
      [['disable', 'alice', '--role', 'admin'], /takes no --role/],
      [['list', 'extra'], /list takes no NAME/],
      [['frobnicate'], /Unknown command/],
      [[], /Which command/],
    ];
    for (const [args, message] of cases) {
      await expect(usersCommand(db, args, typed('long enough 1')), args.join(' ')).rejects.toThrow(message);
    }
    await expect(usersCommand(db, ['add', 'erin', '--role', 'viewer'], typed('short'))).rejects.toThrow(
      /Password: At least 8 characters/,
    );
    expect(await findByUsername(db, 'erin')).toBeUndefined();
  });
});

describe('password from standard input', () => {
  it('takes one line, without its newline', () => {
    expect(passwordFromPipe('s3cret pass\n')).toBe('s3cret pass');
    expect(passwordFromPipe('s3cret pass\r\n')).toBe('s3cret pass');
    expect(passwordFromPipe(' spaces kept ')).toBe(' spaces kept ');
    expect(() => passwordFromPipe('one\ntwo\n')).toThrow(UsageError);
  });
});

describe('npm run users (the script)', () => {
  const run = (args: string[], env: Record<string, string>, input?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/users.ts', ...args], {
      env: { ...process.env, ...env },
      input: input ?? '',
      encoding: 'utf8',
    });

  it.each(['sqlite', 'postgres'] as const)(
    'reads the password piped in and writes to the console database (%s)',
    async (kind) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-users-cli-'));
      const pg = kind === 'postgres' ? await freshPostgresUrl() : null;
      const env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '' };
      try {
        const added = run(['add', 'frank', '--role', 'admin'], env, 'piped password 7\n');
        expect(added.stderr).toBe('');
        expect(added.stdout).toBe('Account "frank" created (admin).\n');
        expect(added.status).toBe(0);

        const refused = run(['add', 'gina', '--role', 'viewer'], env, 'short\n');
        expect(refused.status).toBe(2);
        expect(refused.stderr).toMatch(/^Password: At least 8 characters\.\n\nUsage: npm run users/);

        const db = await openDatabase({ databaseUrl: pg?.url ?? null, dataDir });
        try {
          const frank = (await findByUsername(db, 'frank'))!;
          expect(await verifyPassword(frank.password_hash, 'piped password 7')).toBe(true);
          expect(await findByUsername(db, 'gina')).toBeUndefined();
        } finally {
          await db.close();
        }
      } finally {
        await pg?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
