import { expect, it } from 'vitest';
import { createAccount } from '../auth/accounts.js';
import { describeEachDatabase } from '../testing/databases.js';
import { act, addComment, getStates, getThread, reviewsForHandover } from './store.js';

describeEachDatabase('review store', (getDb) => {
  it('keeps an item new until someone acts, then walks the states with a history entry each', async () => {
    const db = getDb();
    const key = { kind: 'composite' as const, id: 'c-walk' };
    expect((await getStates(db, [key]))[0]).toMatchObject({ state: 'new', version: 0 });
    expect(await act(db, key, { action: 'acknowledge', expected_version: 0 }, 'kim', null)).toMatchObject({
      status: 'ok',
      item: { state: 'acknowledged', version: 1, acknowledged_by: 'kim' },
    });
    await act(db, key, { action: 'resolve', expected_version: 1, outcome: 'false_alarm', note: 'a door' }, 'kim', null);
    await act(db, key, { action: 'reopen', expected_version: 2 }, 'lee', null);
    await addComment(db, key, 'lee', 'checking the camera again');
    const { comments, history } = await getThread(db, key);
    expect(history.map((h) => [h.action, h.from_state, h.to_state, h.actor, h.version])).toEqual([
      ['acknowledge', 'new', 'acknowledged', 'kim', 1],
      ['resolve', 'acknowledged', 'resolved', 'kim', 2],
      ['reopen', 'resolved', 'acknowledged', 'lee', 3],
    ]);
    expect(history[1]!.details).toEqual({ outcome: 'false_alarm', note: 'a door' });
    expect(comments).toMatchObject([{ author: 'lee', text: 'checking the camera again' }]);
    const [state, other] = await getStates(db, [key, { kind: 'event', id: 'c-walk' }]);
    expect(state).toMatchObject({ state: 'acknowledged', version: 3 });
    // The same id under the other kind is another item.
    expect(other).toMatchObject({ kind: 'event', state: 'new', version: 0 });
  });

  it('lets exactly one of two simultaneous first acknowledgements win', async () => {
    const db = getDb();
    const key = { kind: 'composite' as const, id: 'c-race' };
    const results = await Promise.all([
      act(db, key, { action: 'acknowledge', expected_version: 0 }, 'kim', null),
      act(db, key, { action: 'acknowledge', expected_version: 0 }, 'lee', null),
    ]);
    const won = results.filter((r) => r.status === 'ok');
    const lost = results.filter((r) => r.status === 'conflict');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = won[0]!.item.acknowledged_by!;
    expect(lost[0]).toMatchObject({
      item: { state: 'acknowledged', acknowledged_by: winner, version: 1 },
      detail: expect.stringMatching(new RegExp(`^Already acknowledged by ${winner} at `)),
    });
    expect((await getThread(db, key)).history).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous updates of an existing row win', async () => {
    const db = getDb();
    const key = { kind: 'event' as const, id: 'e-race' };
    await createAccount(db, { username: 'park', role: 'operator', password: null });
    await act(db, key, { action: 'acknowledge', expected_version: 0 }, 'kim', null);
    const results = await Promise.all([
      act(db, key, { action: 'resolve', expected_version: 1, outcome: 'test' }, 'kim', null),
      act(db, key, { action: 'resolve', expected_version: 1, outcome: 'real_incident' }, 'lee', null),
      act(db, key, { action: 'assign', expected_version: 1, assignee: 'park' }, 'park', null),
    ]);
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
    const [item] = await getStates(db, [key]);
    expect(item!.version).toBe(2);
    expect((await getThread(db, key)).history).toHaveLength(2);
  });

  it('lists what a handover needs: acknowledged or resolved in the period, or still open', async () => {
    const db = getDb();
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const items = await reviewsForHandover(db, from, to, 100);
    expect(items.map((i) => `${i.kind}:${i.id}`).sort()).toEqual([
      'composite:c-race',
      'composite:c-walk',
      'event:e-race',
    ]);
    const past = await reviewsForHandover(db, '2000-01-01T00:00:00.000Z', '2000-01-02T00:00:00.000Z', 100);
    // Outside the period only what is still open shows.
    expect(past.every((i) => i.state !== 'resolved')).toBe(true);
  });
});
