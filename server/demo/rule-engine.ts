/**
 * Groups base events into composite events, one rule at a time.
 *
 * A rule fires when `min_events` matching events of one group (the value of `group_by`)
 * fall inside `window_seconds`. The composite starts at its first event and stays open for
 * the rule's window: later events of that group inside the window join it; the next one
 * after the window starts counting again. Events must be fed in time order.
 */

export interface EngineRule {
  id: string;
  window_seconds: number;
  min_events: number;
  enabled: boolean;
  group_by: string;
  include_label_ids: readonly string[];
  include_mic_ids: readonly string[];
}

export interface EngineEvent {
  id: string;
  label_id: string;
  mic_id: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface OpenComposite {
  id: string;
  ruleId: string;
  groupKey: string;
  startedAt: number;
}

export type EngineOutput =
  | { kind: 'created'; composite: OpenComposite; createdAt: number; memberIds: string[] }
  | { kind: 'joined'; compositeId: string; eventId: string };

interface GroupState {
  pending: EngineEvent[];
  open: OpenComposite | null;
}

export function ruleMatches(rule: EngineRule, event: EngineEvent): boolean {
  if (!rule.enabled) return false;
  if (rule.include_label_ids.length > 0 && !rule.include_label_ids.includes(event.label_id)) return false;
  if (rule.include_mic_ids.length > 0 && !rule.include_mic_ids.includes(event.mic_id)) return false;
  return true;
}

export function groupKeyOf(rule: EngineRule, event: EngineEvent): string {
  switch (rule.group_by) {
    case 'mic_id':
      return event.mic_id;
    case 'label_id':
    default:
      // Unknown group_by values fall back to the one the spec shows in use.
      return event.label_id;
  }
}

export class RuleEngine {
  private readonly groups = new Map<string, GroupState>();

  constructor(
    private readonly rules: readonly EngineRule[],
    private readonly newId: () => string,
  ) {}

  /** Restores an open composite after a restart, so events inside its window keep joining it. */
  restoreOpen(open: OpenComposite): void {
    this.state(open.ruleId, open.groupKey).open = open;
  }

  /** Restores an event that counted towards a rule but had not yet made it fire. */
  restorePending(ruleId: string, event: EngineEvent): void {
    const rule = this.rules.find((r) => r.id === ruleId);
    if (rule === undefined || !ruleMatches(rule, event)) return;
    this.state(rule.id, groupKeyOf(rule, event)).pending.push(event);
  }

  process(event: EngineEvent): EngineOutput[] {
    const outputs: EngineOutput[] = [];
    for (const rule of this.rules) {
      if (!ruleMatches(rule, event)) continue;
      const windowMs = rule.window_seconds * 1000;
      const state = this.state(rule.id, groupKeyOf(rule, event));

      if (state.open !== null && event.at - state.open.startedAt <= windowMs) {
        outputs.push({ kind: 'joined', compositeId: state.open.id, eventId: event.id });
        continue;
      }
      state.open = null;
      state.pending = state.pending.filter((p) => event.at - p.at <= windowMs);
      state.pending.push(event);
      if (state.pending.length >= rule.min_events) {
        const first = state.pending[0]!;
        const composite: OpenComposite = {
          id: this.newId(),
          ruleId: rule.id,
          groupKey: groupKeyOf(rule, event),
          startedAt: first.at,
        };
        outputs.push({ kind: 'created', composite, createdAt: event.at, memberIds: state.pending.map((p) => p.id) });
        state.open = composite;
        state.pending = [];
      }
    }
    return outputs;
  }

  private state(ruleId: string, key: string): GroupState {
    const k = `${ruleId}\u0000${key}`;
    let state = this.groups.get(k);
    if (state === undefined) {
      state = { pending: [], open: null };
      this.groups.set(k, state);
    }
    return state;
  }
}
