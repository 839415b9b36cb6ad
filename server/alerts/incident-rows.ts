import crypto from 'node:crypto';
import type { AlertsTable } from '../db/tables/alerts.js';
import { distanceMeters } from '../insights/geo.js';
import type { Detection } from './intake.js';
import type { AlertMic } from './message.js';
import type { StoredRule } from './store.js';

/** An incident's alert row: opened by its first detection, grown by the later ones. */

/** Heard nearby: a mic in common, or one within the rule's radius of one that heard the other. */
export function near(a: AlertMic[], b: AlertMic[], radius: number): boolean {
  return a.some((x) => b.some((y) => x.id === y.id || distanceMeters(x, y) <= radius));
}

export function newAlert(rule: StoredRule, d: Detection, now: Date): AlertsTable {
  const first = d.mics[0];
  return {
    id: crypto.randomUUID(),
    rule_id: rule.id,
    kind: 'incident',
    label: d.label,
    label_words: JSON.stringify(d.labelWords),
    priority: rule.settings.priority,
    item_kind: d.itemKind,
    item_id: d.itemId,
    mics: JSON.stringify(d.mics.map(({ id, name, latitude, longitude }) => ({ id, name, latitude, longitude }))),
    place:
      first === undefined
        ? null
        : JSON.stringify({ name: first.name, latitude: first.latitude, longitude: first.longitude, estimated: false }),
    detections: 1,
    suppressed: 0,
    updates: 0,
    first_at: d.at,
    last_at: d.at,
    state: 'gathering',
    acknowledged_by: null,
    acknowledged_at: null,
    next_step: 0,
    next_step_at: null,
    created_at: now.toISOString(),
  };
}

export function grow(alert: AlertsTable, d: Detection): AlertsTable {
  const mics = JSON.parse(alert.mics) as AlertMic[];
  for (const mic of d.mics) {
    if (!mics.some((m) => m.id === mic.id)) {
      mics.push({ id: mic.id, name: mic.name, latitude: mic.latitude, longitude: mic.longitude });
    }
  }
  return {
    ...alert,
    mics: JSON.stringify(mics),
    detections: alert.detections + 1,
    last_at: d.at > alert.last_at ? d.at : alert.last_at,
  };
}
