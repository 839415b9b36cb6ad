import type { ConsoleDb } from '../db/database.js';
import type { AlertMessage } from './channel.js';
import type { Detection } from './intake.js';
import { ruleSettingsSchema, type RuleSettingsInput } from './model.js';
import { saveChannel, saveRule, type StoredRule } from './store.js';
import type { DeliveryWorker, WorkerOptions } from './worker.js';

/** What the alerts' tests share: a message, detections, rules, and a queue worker's settings. */

/** A message as the engine hands it to a channel; its place's name is markup that must stay text. */
export function alertMessage(overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    kind: 'alert',
    alertId: 'a-1',
    ruleName: 'gunfire',
    label: 'gunshot',
    labelWords: { en: 'Gunshot', ko: '총성' },
    place: { name: 'North <gate>', latitude: 37.5, longitude: 127, estimated: false },
    heardBy: 3,
    detections: 7,
    at: '2026-11-26T03:00:00.000Z',
    lastAt: '2026-11-26T03:00:05.000Z',
    priority: 'critical',
    link: 'http://console.test/alerts/a-1',
    acknowledgeLink: 'http://console.test/alerts/a-1?acknowledge=1',
    updates: 2,
    acknowledgedBy: null,
    step: 0,
    ...overrides,
  };
}

export const workerOptions: WorkerOptions = {
  publicUrl: 'http://console.test',
  timeoutMs: 1000,
  maxAttempts: 3,
  backoffMs: 50,
  concurrency: 8,
  perChannel: 2,
  pollMs: 50,
  log: () => undefined,
};

let n = 0;
/** A gunshot heard by one mic: mics 1-4 lie 100 m apart, mic 100 and up kilometres away (another incident each). */
export function detection(mic: number, overrides: Partial<Detection> = {}): Detection {
  n += 1;
  return {
    id: `ev-${n}`,
    itemId: `ev-${n}`,
    itemKind: 'event',
    label: 'gunshot',
    labelWords: { en: 'Gunshot', ko: '총성' },
    confidence: 0.9,
    mics: [{ id: `mic-${mic}`, name: `Mic ${mic}`, latitude: 37.5 + mic * 0.001, longitude: 127, edgeId: 'edge-a' }],
    at: new Date().toISOString(),
    ...overrides,
  };
}

export async function rule(db: ConsoleDb, name: string, settings: RuleSettingsInput): Promise<StoredRule> {
  const view = await saveRule(db, { name, enabled: true, settings: ruleSettingsSchema.parse(settings) }, null);
  return { id: view.id, name, enabled: true, settings: view.settings };
}

/** A webhook channel in the console's own JSON. */
export async function webhookChannel(db: ConsoleDb, name: string, url: string, secrets: Record<string, string> = {}) {
  await saveChannel(db, { name, type: 'webhook', enabled: true, language: 'en', settings: { url }, secrets }, null);
}

/** Kicks the worker until nothing due in the next 5 s waits in the queue. */
export async function settle(worker: DeliveryWorker, db: ConsoleDb): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const busy = await db.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('state', 'in', ['pending', 'sending'])
      .where('next_at', '<=', new Date(Date.now() + 5000).toISOString())
      .execute();
    if (busy.length === 0) return;
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the queue did not settle');
}
