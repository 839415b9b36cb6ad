import { describe, expect, it } from 'vitest';
import { hashToken } from '../auth/sessions.js';
import { describeEachDatabase } from '../testing/databases.js';
import { createWallLink, findWallLinkByKey, listWallLinks, revokeWallLink } from './wall-links.js';
import { normaliseWallQuery, WallQueryError } from './wall-query.js';

describe('wall options', () => {
  it('keeps the known options, normalised', () => {
    expect(normaliseWallQuery('?edge_id=edge-seoul-01&window=15m&lang=ko&label=')).toBe(
      'edge_id=edge-seoul-01&window=15m&lang=ko',
    );
    expect(normaliseWallQuery('')).toBe('');
  });

  it('refuses what the wall would ignore, naming it', () => {
    expect(() => normaliseWallQuery('edge=1')).toThrow(/Unknown wall option "edge"/);
    expect(() => normaliseWallQuery('lang=fr')).toThrow(WallQueryError);
    expect(() => normaliseWallQuery('window=1&window=2')).toThrow(/twice/);
  });
});

describeEachDatabase('wall links', (getDb) => {
  it('stores only the hash of a long random key', async () => {
    const consoleDb = getDb();
    const { link, key } = await createWallLink(consoleDb, { name: 'Lobby', query: 'window=15m', createdBy: 'kim' });
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await consoleDb.db
      .selectFrom('wall_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect((await findWallLinkByKey(consoleDb, key))?.id).toBe(link.id);
    expect(await findWallLinkByKey(consoleDb, `${key}x`)).toBeUndefined();
  });

  it('names are unique among links in use; a revoked name can be used again', async () => {
    const consoleDb = getDb();
    await createWallLink(consoleDb, { name: 'Control room', query: '', createdBy: null });
    await expect(createWallLink(consoleDb, { name: 'Control room', query: '', createdBy: null })).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    const revoked = await revokeWallLink(consoleDb, { name: 'Control room' }, 'kim');
    expect(revoked).toMatchObject({ name: 'Control room', revoked_by: 'kim' });
    expect(await revokeWallLink(consoleDb, { name: 'Control room' }, 'kim')).toBeNull();
    const again = await createWallLink(consoleDb, { name: 'Control room', query: '', createdBy: null });
    const list = await listWallLinks(consoleDb);
    expect(list.filter((l) => l.name === 'Control room').map((l) => l.revoked_at === null)).toEqual([true, false]);
    expect(list.find((l) => l.revoked_at === null && l.name === 'Control room')?.id).toBe(again.link.id);
  });
});
