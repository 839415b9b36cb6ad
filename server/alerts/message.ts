import type { AlertsTable } from '../db/tables/alerts.js';
import type { AlertMessage, AlertMessageKind, AlertPlace, AlertPriority } from './channel.js';

export interface AlertMic {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** The incident's page in the console, absolute when PUBLIC_URL is known. */
export function alertLink(base: string | null, alertId: string): string {
  return `${(base ?? '').replace(/\/+$/, '')}/alerts/${encodeURIComponent(alertId)}`;
}

/**
 * What goes out, built from the alert's own row at the moment of sending (so a queued message
 * says the newest count and who took it). Only the fields listed here: nothing from the edge's
 * requests, the console's sessions or a mic's credentials can reach a receiver.
 */
export function messageOf(
  alert: AlertsTable,
  ruleName: string,
  kind: AlertMessageKind,
  step: number,
  base: string | null,
): AlertMessage {
  const mics = JSON.parse(alert.mics) as AlertMic[];
  const words = JSON.parse(alert.label_words) as { en?: string; ko?: string };
  const place = alert.place === null ? null : (JSON.parse(alert.place) as AlertPlace);
  const link = alertLink(base, alert.id);
  return {
    kind,
    alertId: alert.id,
    ruleName,
    label: alert.label,
    labelWords: { en: words.en ?? alert.label, ko: words.ko ?? words.en ?? alert.label },
    place,
    heardBy: mics.length,
    detections: alert.detections,
    at: alert.first_at,
    lastAt: alert.last_at,
    priority: alert.priority as AlertPriority,
    link,
    acknowledgeLink: `${link}?acknowledge=1`,
    updates: alert.updates,
    acknowledgedBy: alert.acknowledged_by,
    step,
    ...(alert.kind === 'summary' ? { suppressed: alert.suppressed } : {}),
  };
}

export function testMessage(base: string | null): AlertMessage {
  const now = new Date().toISOString();
  return {
    kind: 'test',
    alertId: 'test',
    ruleName: 'test',
    label: 'test',
    labelWords: { en: 'Test alert', ko: '테스트 알림' },
    place: null,
    heardBy: 0,
    detections: 0,
    at: now,
    lastAt: now,
    priority: 'low',
    link: `${(base ?? '').replace(/\/+$/, '')}/admin/alerts`,
    acknowledgeLink: '',
    updates: 0,
    acknowledgedBy: null,
    step: 0,
  };
}
