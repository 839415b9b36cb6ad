import { expect, it } from 'vitest';
import { pageOfAudit } from '../audit/query.js';
import { loadConfig } from '../config.js';
import { describeEachDatabase } from '../testing/databases.js';
import { findWallLinkByKey } from '../walls/wall-links.js';
import { UsageError } from './cli-support.js';
import { wallsCommand } from './walls.js';

describeEachDatabase('walls CLI', (getDb) => {
  const config = loadConfig({ PUBLIC_URL: 'https://console.example.org/' }, { staticDir: 'dist' });

  it('adds a link and prints its URL once, lists it, revokes it by name; each change is audited', async () => {
    const db = getDb();
    const added = await wallsCommand(db, config, ['add', 'Lobby', '--query', 'edge_id=edge-1&window=15m']);
    const key = /https:\/\/console\.example\.org\/w\/([A-Za-z0-9_-]{43})$/.exec(added)?.[1];
    expect(key).toBeDefined();
    expect((await findWallLinkByKey(db, key!))?.query).toBe('edge_id=edge-1&window=15m');

    const listed = await wallsCommand(db, config, ['list']);
    expect(listed).toMatch(/Lobby\s+in use\s+edge_id=edge-1&window=15m/);
    expect(listed).not.toContain(key);

    expect(await wallsCommand(db, config, ['revoke', 'Lobby'])).toContain('revoked');
    expect(await wallsCommand(db, config, ['list'])).toMatch(/Lobby\s+revoked/);
    await expect(wallsCommand(db, config, ['revoke', 'Lobby'])).rejects.toThrow(UsageError);

    const audit = await pageOfAudit(db, { person: 'walls cli', action: null, mic: null, from: null, to: null }, 1, 10);
    expect(audit.results.map((row) => row.action)).toEqual(['wall.revoke', 'wall.create']);
  });

  it('refuses bad input with a usage error', async () => {
    const db = getDb();
    await expect(wallsCommand(db, config, ['add'])).rejects.toThrow(UsageError);
    await expect(wallsCommand(db, config, ['add', 'X', '--query', 'colour=red'])).rejects.toThrow(
      /Unknown wall option/,
    );
    await expect(wallsCommand(db, config, ['add', 'X', '--flag', '1'])).rejects.toThrow(/Unknown option --flag/);
    await expect(wallsCommand(db, config, ['frobnicate'])).rejects.toThrow(/Unknown command/);
  });
});
