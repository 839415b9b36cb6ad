import type { Kysely } from 'kysely';
import { accounts } from './0001-accounts.js';
import { auditWalls } from './0002-audit-walls.js';
import { review } from './0003-review.js';
import { insights } from './0004-insights.js';
import { loginLimits } from './0005-login-limits.js';
import { hubMessages } from './0006-hub-messages.js';
import { priority } from './0007-priority.js';
import { procedures } from './0008-procedures.js';
import { alerts } from './0009-alerts.js';
import { push } from './0010-push.js';

export type DialectName = 'sqlite' | 'postgres';

/** A migration that may branch on the dialect (identity columns differ). */
export interface ConsoleMigration {
  // Migrations see the schema as it was then, not today's ConsoleSchema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

/** In order; names never change once released. Listed in code so tsc output and tsx both find them. */
export const migrations: Record<string, ConsoleMigration> = {
  '0001-accounts': accounts,
  '0002-audit-walls': auditWalls,
  '0003-review': review,
  '0004-insights': insights,
  '0005-login-limits': loginLimits,
  '0006-hub-messages': hubMessages,
  '0007-priority': priority,
  '0008-procedures': procedures,
  '0009-alerts': alerts,
  '0010-push': push,
};
