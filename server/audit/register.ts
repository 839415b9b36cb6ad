import type { FastifyInstance } from 'fastify';
import type { ConsoleDb } from '../db/database.js';
import { registerMicAudit, type MicAuditOptions } from './mic-changes.js';
import { startAuditRetention } from './retention.js';
import { registerAuditRoutes } from './routes.js';

export interface AuditOptions extends MicAuditOptions {
  db: ConsoleDb;
  /** AUDIT_DAYS: rows older than this are deleted by the retention job. */
  retentionDays: number;
}

/** The audit trail's routes, the recording of mic writes, and the retention job. */
export function registerAudit(app: FastifyInstance, options: AuditOptions): void {
  registerAuditRoutes(app, { db: options.db, retentionDays: options.retentionDays });
  registerMicAudit(app, options);
  const stop = startAuditRetention(options.db, options.retentionDays, (message) => app.log.error(message));
  app.addHook('onClose', async () => stop());
}
