import type { ConsoleDb } from '../db/database.js';
import type { Principal } from '../auth/principal.js';
import { redactCredentials, type RedactOptions } from '../redact.js';

/** The trail's `username` keys name the console's own accounts (who signed in, who was changed): kept. */
export const AUDIT_REDACTION: RedactOptions = { userNames: false };

export interface AuditEntry {
  actor: Principal | { kind: 'anonymous' } | { kind: 'system'; name: string };
  /** 'auth.login', 'auth.login_failed', 'auth.logout', 'account.create', 'mic.update', … */
  action: string;
  target?: { type: string; id: string } | null;
  /** Stored without credentials (redactCredentials): a mic's host may carry its device's password. */
  details?: Record<string, unknown>;
  /** 'refused': the edge (or a rule) refused. */
  outcome: 'ok' | 'refused' | 'failed';
  ip: string | null;
}

function actorColumns(actor: AuditEntry['actor']): { actor_id: string | null; actor_name: string | null } {
  switch (actor.kind) {
    case 'account':
      return { actor_id: actor.accountId, actor_name: actor.username };
    case 'wall':
      return { actor_id: actor.wallId, actor_name: actor.name };
    case 'system':
      return { actor_id: null, actor_name: actor.name };
    case 'anonymous':
      return { actor_id: null, actor_name: null };
  }
}

/** Appends one entry to the audit trail. */
export async function recordAudit(consoleDb: ConsoleDb, entry: AuditEntry): Promise<void> {
  await consoleDb.db
    .insertInto('audit')
    .values({
      at: new Date().toISOString(),
      actor_kind: entry.actor.kind,
      ...actorColumns(entry.actor),
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      details:
        entry.details === undefined
          ? null
          : JSON.stringify(redactCredentials(structuredClone(entry.details), AUDIT_REDACTION)),
      outcome: entry.outcome,
      ip: entry.ip,
    })
    .execute();
}
