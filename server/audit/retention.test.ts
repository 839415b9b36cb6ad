import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases.js';
import { countAudit, pageOfAudit } from './query.js';
import { recordAudit } from './record.js';
import { pruneAudit } from './retention.js';

const DAY = 24 * 3600 * 1000;
const noFilter = { person: null, action: null, mic: null, from: null, to: null };

describeEachDatabase('audit retention', (getDb) => {
  it('deletes only rows older than AUDIT_DAYS, and records that it did', async () => {
    const consoleDb = getDb();
    const now = Date.parse('2026-11-20T12:00:00.000Z');
    const ages = [400, 366, 364, 10, 0];
    for (const days of ages) {
      await consoleDb.db
        .insertInto('audit')
        .values({
          at: new Date(now - days * DAY).toISOString(),
          actor_kind: 'account',
          actor_id: 'a1',
          actor_name: 'kim',
          action: 'mic.update',
          target_type: 'mic',
          target_id: `mic-${days}`,
          details: null,
          outcome: 'ok',
          ip: '127.0.0.1',
        })
        .execute();
    }

    expect(await pruneAudit(consoleDb, 365, now)).toBe(2);

    const left = await pageOfAudit(consoleDb, { ...noFilter, action: 'mic.update' }, 1, 100);
    expect(left.results.map((row) => row.target?.id).sort()).toEqual(['mic-0', 'mic-10', 'mic-364']);
    const note = await pageOfAudit(consoleDb, { ...noFilter, action: 'audit.retention' }, 1, 10);
    expect(note.results).toHaveLength(1);
    expect(note.results[0]).toMatchObject({
      actor: { kind: 'system', name: 'retention' },
      details: { deleted: 2, days: 365 },
    });

    // Nothing old is left: a second run deletes nothing and records nothing.
    expect(await pruneAudit(consoleDb, 365, now)).toBe(0);
    expect(await countAudit(consoleDb, { ...noFilter, action: 'audit.retention' })).toBe(1);
  });

  it('appends: recorded entries come back newest first with their details', async () => {
    const consoleDb = getDb();
    for (const name of ['first', 'second']) {
      await recordAudit(consoleDb, {
        actor: { kind: 'wall', wallId: 'w1', name: 'lobby' },
        action: 'test.append',
        target: { type: 'mic', id: 'mic-append' },
        details: { name },
        outcome: 'ok',
        ip: '10.0.0.1',
      });
    }
    const page = await pageOfAudit(consoleDb, { ...noFilter, mic: 'mic-append' }, 1, 10);
    expect(page.results.map((row) => row.details?.name)).toEqual(['second', 'first']);
    expect(page.results[0]).toMatchObject({ actor: { kind: 'wall', name: 'lobby' }, ip: '10.0.0.1' });
  });
});
