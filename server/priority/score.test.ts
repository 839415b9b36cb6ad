import { describe, expect, it } from 'vitest';
import { compositeFacts, eventFacts } from './facts.js';
import { describePriority, precisionKey, scoreIncident, type ScoreContext } from './score.js';

const context = (over: Partial<ScoreContext> = {}): ScoreContext => ({
  severities: {},
  precision: new Map(),
  unusualMics: new Set(),
  ...over,
});

const blast = (mic: string, level: number) => ({
  id: `e-${mic}`,
  label_id: 'gunshot',
  mic_id: mic,
  sound_level: level,
  sound_level_threshold: 70,
});

describe('priority score', () => {
  it('makes a gunshot heard by three mics critical, and says why in words', () => {
    const facts = compositeFacts({
      id: 'c1',
      started_at: '2026-11-26T10:00:00Z',
      rule: { id: 'rule-weapons' },
      events: [blast('m1', 88), blast('m2', 80), blast('m3', 75), blast('m1', 84)],
    })!;
    const priority = scoreIncident(facts, context());
    expect(priority.level).toBe('critical');
    expect(priority.reasons.map((r) => [r.code, r.points])).toEqual([
      ['severity', 70],
      ['mics', 10],
      ['db_over', 5],
    ]);
    expect(describePriority(priority)).toBe('Critical: gunshot · heard by 3 mics · 18 dB over threshold');
  });

  it('keeps a dog bark low and a lone scream below the default review level', () => {
    const bark = eventFacts({
      id: 'e1',
      label: { id: 'dog_bark' },
      mic: { id: 'm1' },
      created_at: '2026-11-26T10:00:00Z',
    })!;
    expect(scoreIncident(bark, context())).toMatchObject({ level: 'low', score: -20 });
    const scream = eventFacts({ id: 'e2', label: { id: 'scream' }, mic: { id: 'm1' } })!;
    expect(scoreIncident(scream, context())).toMatchObject({ level: 'low', score: 20 });
    expect(describePriority(scoreIncident(scream, context()))).toBe('Low: scream · heard by one mic only');
    // One mic's word alone never asks for a person, even for a gunshot.
    const shot = eventFacts({ id: 'e3', label: { id: 'gunshot' }, mic: { id: 'm1' } })!;
    expect(scoreIncident(shot, context())).toMatchObject({ level: 'medium', score: 40 });
  });

  it('follows the admins: a label set critical, the most severe label naming a mixed incident', () => {
    const mixed = { labels: ['car_horn', 'dog_bark'], micIds: ['a', 'b'], dbOver: null, rulePriority: null };
    expect(scoreIncident(mixed, context()).reasons[0]).toMatchObject({ label: 'car_horn', severity: 'medium' });
    const set = scoreIncident(mixed, context({ severities: { dog_bark: 'critical' } }));
    expect(set.reasons[0]).toMatchObject({ label: 'dog_bark', severity: 'critical', points: 70 });
    expect(set.level).toBe('critical');
  });

  it('lowers a mic whose gunshots were false alarms nine times in ten, with that reason', () => {
    const facts = { labels: ['gunshot'], micIds: ['m9', 'm1'], dbOver: 4, rulePriority: null };
    const before = scoreIncident(facts, context());
    expect(before.level).toBe('critical');
    const learned = scoreIncident(
      facts,
      context({ precision: new Map([[precisionKey('gunshot', 'm9'), { real: 1, falseAlarms: 9 }]]) }),
    );
    expect(learned).toMatchObject({ level: 'high', score: 55 });
    expect(learned.reasons.at(-1)).toEqual({
      code: 'false_alarms',
      label: 'gunshot',
      mic_id: 'm9',
      false_alarms: 9,
      outcomes: 10,
      points: -20,
    });
    expect(describePriority(learned)).toContain('9 of 10 at m9 were false alarms');
    // Fewer than five outcomes teach nothing yet; a corroborating majority of good mics overrules one bad mic.
    const few = new Map([[precisionKey('gunshot', 'm9'), { real: 0, falseAlarms: 4 }]]);
    expect(scoreIncident(facts, context({ precision: few })).level).toBe('critical');
    const bad = new Map([[precisionKey('gunshot', 'm9'), { real: 1, falseAlarms: 9 }]]);
    const crowd = { ...facts, micIds: ['m9', 'm1', 'm2'] };
    expect(scoreIncident(crowd, context({ precision: bad })).reasons.map((r) => r.code)).not.toContain('false_alarms');
  });

  it('raises an incident in an area unusual now, and a rule with its own priority sets a floor', () => {
    const facts = { labels: ['car_horn'], micIds: ['m1', 'm2', 'm3'], dbOver: null, rulePriority: null };
    expect(scoreIncident(facts, context())).toMatchObject({ level: 'medium', score: 40 });
    const unusual = scoreIncident(facts, context({ unusualMics: new Set(['m2']) }));
    expect(unusual).toMatchObject({ level: 'high', score: 50 });
    expect(describePriority(unusual)).toBe('High: car horn · heard by 3 mics · area unusual now');
    const ruled = compositeFacts({
      id: 'c',
      rule: { priority: 'critical' },
      events: [{ label_id: 'car_horn', mic_id: 'm1' }],
    })!;
    const priority = scoreIncident(ruled, context());
    expect(priority.level).toBe('critical');
    expect(priority.reasons.at(-1)).toEqual({ code: 'rule', priority: 'critical', points: 70 });
  });
});
