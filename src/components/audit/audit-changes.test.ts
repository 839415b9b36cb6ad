import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@/api/audit-actions';
import { setLanguage, translateData, type TFunction } from '@/lib/i18n';
import { actionLabel, actorLabel, answerOf, changesOf, formatAuditValue } from './audit-changes';
import './locales';

const t: TFunction<'audit'> = (key, options) => translateData('audit', key, key, options);

describe('audit changes', () => {
  it('lists each requested field and each threshold category, in a stable order', () => {
    const changes = changesOf({
      before: { thresholds: { scream: { confidence: 0.5, sound_level_ge: 65 } }, name: 'A' },
      after: { thresholds: { scream: { confidence: 0.8, sound_level_ge: 65 }, glass: 0.4 }, name: 'B' },
    });
    expect(changes.map((c) => [c.field, c.category])).toEqual([
      ['name', undefined],
      ['thresholds', 'glass'],
      ['thresholds', 'scream'],
    ]);
    expect(changes[1]).toMatchObject({ before: undefined, after: 0.4 });
  });

  it('shows what was asked when the write did not go through, and the answer', () => {
    const details = {
      before: { status: 'active' },
      requested: { status: 'inactive' },
      answer: { status: 403, detail: 'no' },
    };
    expect(changesOf(details)).toEqual([{ field: 'status', before: 'active', after: 'inactive' }]);
    expect(answerOf(details)).toBe('403 no');
    expect(changesOf(null)).toEqual([]);
    expect(changesOf({ name: 'Lobby', query: '' })).toEqual([]);
  });

  it('formats values as one line of text', () => {
    expect(formatAuditValue(undefined, t)).toBe('—');
    expect(formatAuditValue({ latitude: 37.5, longitude: 127 }, t)).toBe('37.50000, 127.00000');
    expect(formatAuditValue({ confidence: 0.7, sound_level_ge: 75 }, t)).toBe('confidence 0.7 · ≥ 75 dB');
    expect(formatAuditValue({ a: 'x'.repeat(500) }, t)).toHaveLength(160);
  });

  it('names known actions and actors, and keeps unknown ones as recorded', () => {
    expect(actionLabel('mic.status')).toBe('Mic status switched');
    expect(actionLabel('review.escalate')).toBe('review.escalate');
    expect(actorLabel({ kind: 'wall', name: 'Lobby' })).toBe('Wall link “Lobby”');
    expect(actorLabel({ kind: 'anonymous', name: null })).toBe('Anonymous');
    expect(actorLabel({ kind: 'robot', name: 'r2' })).toBe('r2');
  });

  it('names every action the console records in words, in English and Korean, never as its key', () => {
    for (const language of ['en', 'ko'] as const) {
      setLanguage(language);
      for (const action of AUDIT_ACTIONS) expect(actionLabel(action), action).not.toBe(action);
    }
    setLanguage('en');
    expect(actionLabel('review.acknowledge')).toBe('Acknowledged');
    expect(actionLabel('wall.remove')).toBe('Wall link removed');
  });
});
