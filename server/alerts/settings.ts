import type { SmtpDefaults } from './email.js';

export interface AlertSettings {
  /** ALERTS_FILE: channels and rules as code, read at start. */
  file: string | null;
  /** ALERTS_TIME_ZONE: schedules and quiet hours, and the time in messages (default: the server's). */
  timeZone: string;
  smtp: SmtpDefaults;
  /** A send's time limit; a claim on a message lapses 30 s after it. */
  timeoutMs: number;
  maxAttempts: number;
  /** First retry after this; doubled each time (capped at a minute). */
  backoffMs: number;
  /** Sends in flight on this replica, and on one channel (a slow receiver holds only its own). */
  concurrency: number;
  perChannel: number;
  /** How often each replica looks at the queue (it also starts at once when it queued something). */
  pollMs: number;
  tickMs: number;
  keepDays: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export function alertSettingsFrom(env: NodeJS.ProcessEnv): AlertSettings {
  const timeZone = env.ALERTS_TIME_ZONE || Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new Error(`ALERTS_TIME_ZONE "${timeZone}" is not a time zone (e.g. Asia/Seoul)`);
  }
  return {
    file: env.ALERTS_FILE || null,
    timeZone,
    smtp: { url: env.SMTP_URL || null, from: env.SMTP_FROM || null },
    timeoutMs: int(env, 'ALERTS_TIMEOUT_MS', 10_000),
    maxAttempts: int(env, 'ALERTS_MAX_ATTEMPTS', 5),
    backoffMs: int(env, 'ALERTS_BACKOFF_MS', 1000),
    concurrency: int(env, 'ALERTS_CONCURRENCY', 8),
    perChannel: int(env, 'ALERTS_PER_CHANNEL', 2),
    pollMs: int(env, 'ALERTS_POLL_MS', 250),
    tickMs: int(env, 'ALERTS_TICK_MS', 1000),
    keepDays: int(env, 'ALERTS_KEEP_DAYS', 30),
  };
}
