import { describe, expect, it } from 'vitest';
import { applyTransition, implicitItem, type ReviewItem, type Transition } from './model.js';

const fresh = implicitItem({ kind: 'composite', id: 'c1' });
const at = (minute: number) => `2026-01-01T00:0${minute}:00.000Z`;

function step(item: ReviewItem, t: Transition, actor = 'kim', now = at(1), firedAt: string | null = null): ReviewItem {
  const result = applyTransition(item, t, actor, now, firedAt);
  if (!result.ok) throw new Error(result.detail);
  return result.next;
}

describe('review state machine', () => {
  it('acknowledges a new item: who, when, and it becomes theirs', () => {
    const next = step(fresh, { action: 'acknowledge', expected_version: 0 }, 'kim', at(1), at(0));
    expect(next).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: 'kim',
      acknowledged_at: at(1),
      assignee: 'kim',
      version: 1,
      fired_at: at(0),
      created_at: at(1),
    });
  });

  it('refuses a second acknowledge with who did it first', () => {
    const acked = step(fresh, { action: 'acknowledge', expected_version: 0 });
    const again = applyTransition(acked, { action: 'acknowledge', expected_version: 1 }, 'lee', at(2), null);
    expect(again).toEqual({ ok: false, current: acked, detail: `Already acknowledged by kim at ${at(1)}.` });
    const stale = applyTransition(acked, { action: 'acknowledge', expected_version: 0 }, 'lee', at(2), null);
    expect(stale.ok).toBe(false);
  });

  it('refuses any transition decided on an older version', () => {
    const assigned = step(fresh, { action: 'assign', expected_version: 0, assignee: 'park' });
    expect(assigned).toMatchObject({ state: 'new', assignee: 'park', version: 1 });
    const result = applyTransition(
      assigned,
      { action: 'resolve', expected_version: 0, outcome: 'test' },
      'lee',
      at(3),
      null,
    );
    expect(result).toMatchObject({ ok: false, detail: `Changed by kim at ${at(1)}.` });
  });

  it('resolves with an outcome and note, acknowledging a new item on the way', () => {
    const resolved = step(fresh, { action: 'resolve', expected_version: 0, outcome: 'false_alarm', note: 'wind' });
    expect(resolved).toMatchObject({
      state: 'resolved',
      outcome: 'false_alarm',
      note: 'wind',
      acknowledged_by: 'kim',
      resolved_by: 'kim',
      assignee: 'kim',
    });
    const twice = applyTransition(
      resolved,
      { action: 'resolve', expected_version: 1, outcome: 'test' },
      'lee',
      at(2),
      null,
    );
    expect(twice).toMatchObject({ ok: false, detail: `Already resolved by kim at ${at(1)}.` });
    const assign = applyTransition(
      resolved,
      { action: 'assign', expected_version: 1, assignee: 'lee' },
      'lee',
      at(2),
      null,
    );
    expect(assign.ok).toBe(false);
  });

  it('reopens only a resolved item, back to acknowledged without its outcome', () => {
    const acked = step(fresh, { action: 'acknowledge', expected_version: 0 });
    expect(applyTransition(acked, { action: 'reopen', expected_version: 1 }, 'kim', at(2), null)).toMatchObject({
      ok: false,
      detail: 'Only a resolved item can be reopened.',
    });
    const resolved = step(acked, { action: 'resolve', expected_version: 1, outcome: 'real_incident' }, 'lee', at(2));
    expect(resolved.acknowledged_by).toBe('kim');
    const reopened = step(resolved, { action: 'reopen', expected_version: 2 }, 'park', at(3));
    expect(reopened).toMatchObject({
      state: 'acknowledged',
      outcome: null,
      note: null,
      resolved_by: null,
      resolved_at: null,
      acknowledged_by: 'kim',
      version: 3,
      updated_by: 'park',
    });
  });
});
