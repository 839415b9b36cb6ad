import { describe, expect, it } from 'vitest';
import { RuleEngine, type EngineEvent, type EngineOutput, type EngineRule } from './rule-engine.js';

const rule = (overrides: Partial<EngineRule> = {}): EngineRule => ({
  id: 'r1',
  window_seconds: 60,
  min_events: 3,
  enabled: true,
  group_by: 'label_id',
  include_label_ids: [],
  include_mic_ids: [],
  ...overrides,
});

let seq = 0;
const event = (at: number, label_id = 'scream', mic_id = 'mic-1'): EngineEvent => ({
  id: `e${++seq}`,
  label_id,
  mic_id,
  at: at * 1000,
});

function run(rules: EngineRule[], events: EngineEvent[]) {
  let n = 0;
  const engine = new RuleEngine(rules, () => `c${++n}`);
  const outputs: EngineOutput[] = events.flatMap((e) => engine.process(e));
  const created = outputs.filter((o) => o.kind === 'created');
  const joined = outputs.filter((o) => o.kind === 'joined');
  return { created, joined };
}

describe('composite rule engine', () => {
  it('fires when min_events of one label fall inside the window, starting at the first of them', () => {
    const events = [event(0), event(20), event(50)];
    const { created } = run([rule()], events);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      composite: { ruleId: 'r1', groupKey: 'scream', startedAt: 0 },
      createdAt: 50_000,
      memberIds: events.map((e) => e.id),
    });
  });

  it('does not fire when the events are spread wider than the window', () => {
    expect(run([rule()], [event(0), event(40), event(100)]).created).toHaveLength(0);
  });

  it('slides the window: old events drop out, later ones can still complete a group', () => {
    const late = [event(70), event(90)];
    const { created } = run([rule()], [event(0), event(61), ...late]);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ composite: { startedAt: 61_000 } });
  });

  it('groups by label: different labels never count together', () => {
    expect(
      run([rule()], [event(0, 'scream'), event(1, 'siren'), event(2, 'scream'), event(3, 'siren')]).created,
    ).toHaveLength(0);
  });

  it('adds later events inside the window to the open composite, and starts anew after it', () => {
    const { created, joined } = run(
      [rule()],
      [event(0), event(1), event(2), event(30), event(59), event(61), event(62), event(63)],
    );
    expect(joined).toHaveLength(2);
    expect(created).toHaveLength(2);
    expect(created[1]).toMatchObject({ composite: { startedAt: 61_000 } });
  });

  it('respects include_label_ids and include_mic_ids; empty lists mean all', () => {
    const labels = rule({ include_label_ids: ['glass_break'], min_events: 2 });
    expect(run([labels], [event(0, 'scream'), event(1, 'scream')]).created).toHaveLength(0);
    expect(run([labels], [event(0, 'glass_break'), event(1, 'glass_break')]).created).toHaveLength(1);

    const mics = rule({ include_mic_ids: ['mic-2'], min_events: 2 });
    expect(run([mics], [event(0, 'scream', 'mic-1'), event(1, 'scream', 'mic-1')]).created).toHaveLength(0);
    expect(run([mics], [event(0, 'scream', 'mic-2'), event(1, 'scream', 'mic-2')]).created).toHaveLength(1);
  });

  it('ignores disabled rules', () => {
    expect(run([rule({ enabled: false })], [event(0), event(1), event(2)]).created).toHaveLength(0);
  });

  it('evaluates every rule independently', () => {
    const { created } = run(
      [rule({ id: 'a', min_events: 2 }), rule({ id: 'b', min_events: 3 })],
      [event(0), event(1), event(2)],
    );
    expect(created.map((c) => c.kind === 'created' && c.composite.ruleId)).toEqual(['a', 'b']);
  });

  it('continues an open composite restored after a restart', () => {
    let n = 0;
    const engine = new RuleEngine([rule()], () => `c${++n}`);
    engine.restoreOpen({ id: 'old', ruleId: 'r1', groupKey: 'scream', startedAt: 0 });
    expect(engine.process(event(30))).toEqual([{ kind: 'joined', compositeId: 'old', eventId: `e${seq}` }]);
  });
});
