import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import { escalationPass, pruneAlerts } from './escalation.js';
import { Intake } from './intake.js';
import { applyAlertsFile, readAlertsFile, type AlertsFile } from './provision.js';
import { registerAlertRoutes } from './routes.js';
import { registerSenders } from './senders.js';
import { alertSettingsFrom, type AlertSettings } from './settings.js';
import { detectionOfComposite, detectionOfEvent, type HubComposite, type HubEvent } from './sources.js';
import { enabledRules, type StoredRule } from './store.js';
import { DeliveryWorker } from './worker.js';

/** Detections older than this when read are not alerted (a priming read, a back-log after an outage). */
const MAX_AGE_MS = 5 * 60_000;

/** What the alerts need of the hub (server/hub): its reads, whether this replica reads the edge, and to stay awake. */
export interface AlertFeed {
  onEvents(listener: (events: HubEvent[]) => void): () => void;
  onComposites(listener: (composites: HubComposite[]) => void): () => void;
  readonly isLeading: boolean;
  touch(): void;
  inventory: { edgeOf(micId: string): string | null | undefined };
}

export interface AlertWiring {
  db: ConsoleDb;
  /** The hub, when the server holds the edge token; without it nothing is heard, but the admin pages work. */
  feed: AlertFeed | null;
  publicUrl: string | null;
  settings?: AlertSettings;
  log?: (message: string) => void;
}

/**
 * Alerts out (issue 29). Where it runs: every replica sends (the delivery queue is claimed row by
 * row in the database) and escalates (each step claimed by moving the alert on); only the replica
 * reading the edge takes detections, so one process groups them, and the database's key on rule
 * and event still makes a detection count once across a change of reader.
 */
export function registerAlerts(app: FastifyInstance, wiring: AlertWiring) {
  const settings = wiring.settings ?? alertSettingsFrom(process.env);
  const log = wiring.log ?? ((message: string) => app.log.warn(message));
  const timeZone = () => settings.timeZone;
  registerSenders(settings.smtp, timeZone);
  // Read now: a faulty file refuses the start with its line and reason.
  const file: AlertsFile | null = settings.file === null ? null : readAlertsFile(settings.file);
  const { db, feed } = wiring;
  const worker = new DeliveryWorker(db, { ...settings, publicUrl: wiring.publicUrl, log });
  const intake = new Intake(db, { timeZone, queued: () => worker.kick() });
  let rules: StoredRule[] = [];
  const reload = () =>
    void enabledRules(db)
      .then((next) => {
        rules = next;
      })
      .catch((error: unknown) => log(`alerts: rules could not be read: ${(error as Error).message}`));

  if (feed !== null) {
    const edgeOf = (micId: string) => feed.inventory.edgeOf(micId) ?? null;
    // A hub waking from idle first reads the newest page (old news): only what is recent wakes people.
    const recent = (at: string) => Date.parse(at) >= Date.now() - MAX_AGE_MS;
    feed.onEvents((events) => {
      if (!feed.isLeading || rules.length === 0) return;
      const fresh = events.filter((e) => recent(e.created_at));
      if (fresh.length > 0)
        intake.offer(
          rules,
          fresh.map((e) => detectionOfEvent(e, edgeOf)),
          log,
        );
    });
    feed.onComposites((composites) => {
      if (!feed.isLeading || rules.length === 0) return;
      const detections = composites
        .filter((c) => recent(c.started_at))
        .map(detectionOfComposite)
        .filter((d) => d !== null);
      if (detections.length > 0) intake.offer(rules, detections, log);
    });
  }

  const timers: NodeJS.Timeout[] = [];
  let ticking = false;
  app.addHook('onReady', async () => {
    if (file !== null) await applyAlertsFile(db, file);
    rules = await enabledRules(db);
    worker.start();
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      timer.unref();
      timers.push(timer);
    };
    every(settings.tickMs, () => {
      if (ticking) return;
      ticking = true;
      void escalationPass(db)
        .then((queued) => queued > 0 && worker.kick())
        .catch((error: unknown) => log(`alerts: escalation: ${(error as Error).message}`))
        .finally(() => {
          ticking = false;
        });
    });
    // Other replicas' edits, and a hub that must not idle while someone may need to be woken.
    every(10_000, () => {
      reload();
      if (rules.length > 0) feed?.touch();
    });
    if (rules.length > 0) feed?.touch();
    every(3_600_000, () => void pruneAlerts(db, settings.keepDays).catch(() => undefined));
  });
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await worker.stop();
  });

  const changed = () => {
    reload();
    // A new rule listens at once, even when no screen keeps the hub awake.
    feed?.touch();
  };
  registerAlertRoutes(app, { db, publicUrl: wiring.publicUrl, timeoutMs: settings.timeoutMs, changed });
  return { intake, worker };
}
