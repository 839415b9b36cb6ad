import type { ConsoleDb } from '../db/database.js';
import { recordAudit } from './record.js';

const DAY_MS = 24 * 3600 * 1000;
const EVERY_MS = 3600 * 1000;

/**
 * Deletes audit rows older than `days` days: the only delete of audit rows anywhere in the app.
 * What it removed is itself recorded, so a gap in the trail always has an explanation.
 */
export async function pruneAudit(consoleDb: ConsoleDb, days: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - days * DAY_MS).toISOString();
  const result = await consoleDb.db.deleteFrom('audit').where('at', '<', cutoff).executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  if (deleted > 0) {
    await recordAudit(consoleDb, {
      actor: { kind: 'system', name: 'retention' },
      action: 'audit.retention',
      details: { deleted, older_than: cutoff, days },
      outcome: 'ok',
      ip: null,
    });
  }
  return deleted;
}

/** Runs the retention at start and then hourly; returns the stop. Every replica may run it: deletes are idempotent. */
export function startAuditRetention(consoleDb: ConsoleDb, days: number, log: (message: string) => void): () => void {
  const run = () =>
    void pruneAudit(consoleDb, days).catch((error: unknown) =>
      log(`Audit retention failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
