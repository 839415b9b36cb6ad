import type Database from 'better-sqlite3';
import { engineRule, type CompositeRow, type RuleRow } from './rows.js';
import { RuleEngine, groupKeyOf, ruleMatches, type EngineEvent } from './rule-engine.js';

/**
 * The rule engine as it stood when the database was last written: composite events still inside
 * their rule's window reopened, and the events since that no composite took waiting again.
 */
export function restoreEngine(db: Database.Database, now: number, newId: () => string): RuleEngine {
  const rules = (db.prepare('SELECT * FROM rules').all() as RuleRow[]).map(engineRule);
  const engine = new RuleEngine(rules, newId);
  const lastEvent = db.prepare('SELECT MAX(created_at) AS t FROM events').get() as { t: string | null };
  const horizon = Math.max(now, lastEvent.t === null ? 0 : Date.parse(lastEvent.t));
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const since = new Date(horizon - rule.window_seconds * 1000).toISOString();
    const open = db
      .prepare('SELECT * FROM composite_events WHERE rule_id = ? AND started_at >= ? ORDER BY started_at')
      .all(rule.id, since) as CompositeRow[];
    for (const c of open) {
      engine.restoreOpen({ id: c.id, ruleId: rule.id, groupKey: c.group_key, startedAt: Date.parse(c.started_at) });
    }
    const pending = db
      .prepare(
        `SELECT e.id, e.label_id, e.mic_id, e.created_at FROM events e
           WHERE e.created_at >= ? AND NOT EXISTS (
             SELECT 1 FROM composite_members cm JOIN composite_events c ON c.seq = cm.composite_seq
             WHERE cm.event_seq = e.seq AND c.rule_id = ?)
           ORDER BY e.created_at, e.seq`,
      )
      .all(since, rule.id) as { id: string; label_id: string; mic_id: string; created_at: string }[];
    for (const e of pending) {
      const event: EngineEvent = { id: e.id, label_id: e.label_id, mic_id: e.mic_id, at: Date.parse(e.created_at) };
      if (ruleMatches(rule, event) && !open.some((c) => c.group_key === groupKeyOf(rule, event))) {
        engine.restorePending(rule.id, event);
      }
    }
  }
  return engine;
}
