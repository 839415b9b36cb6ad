import crypto from 'node:crypto';
import type { ConsoleDb } from '../../db/database.js';
import type { PushSubscriptionsTable } from '../../db/tables/push.js';

/** At most this many devices per person: a script cannot fill the table (or the fan-out). */
export const MAX_DEVICES = 20;
export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface Device {
  id: string;
  accountId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  name: string;
  language: 'en' | 'ko';
  createdAt: string;
  lastSuccessAt: string | null;
  lastError: string | null;
}

export interface Preferences {
  enabled: boolean;
  labels: string[];
  minPriority: Priority;
}

const toDevice = (row: PushSubscriptionsTable): Device => ({
  id: row.id,
  accountId: row.account_id,
  endpoint: row.endpoint,
  keys: { p256dh: row.p256dh, auth: row.auth },
  name: row.name,
  language: row.language === 'ko' ? 'ko' : 'en',
  createdAt: row.created_at,
  lastSuccessAt: row.last_success_at,
  lastError: row.last_error,
});

export async function devicesOf(consoleDb: ConsoleDb, accountIds: readonly string[]): Promise<Device[]> {
  if (accountIds.length === 0) return [];
  // A disabled account's devices get nothing, whoever names it.
  const rows = await consoleDb.db
    .selectFrom('push_subscriptions')
    .innerJoin('accounts', 'accounts.id', 'push_subscriptions.account_id')
    .selectAll('push_subscriptions')
    .where('push_subscriptions.account_id', 'in', [...accountIds])
    .where('accounts.disabled', '=', 0)
    .orderBy('push_subscriptions.created_at')
    .execute();
  return rows.map(toDevice);
}

/** A person's own device by id: undefined for another person's, so routes answer 404 alike. */
export async function ownDevice(consoleDb: ConsoleDb, accountId: string, id: string): Promise<Device | undefined> {
  const row = await consoleDb.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row === undefined ? undefined : toDevice(row);
}

export type AddResult = { device: Device } | { tooMany: true };

/**
 * Keeps a device. The endpoint is the browser's: subscribing it again (new keys, or another person
 * signed in on the same browser) takes the row over in one statement, so the device is never on
 * two people's lists.
 */
export async function addDevice(
  consoleDb: ConsoleDb,
  accountId: string,
  input: { endpoint: string; keys: { p256dh: string; auth: string }; name: string; language: 'en' | 'ko' },
): Promise<AddResult> {
  const count = await consoleDb.db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('endpoint', '!=', input.endpoint)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_DEVICES) return { tooMany: true };
  const now = new Date().toISOString();
  const values = {
    account_id: accountId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    name: input.name,
    language: input.language,
    last_error: null,
  };
  await consoleDb.db
    .insertInto('push_subscriptions')
    .values({ id: crypto.randomUUID(), endpoint: input.endpoint, created_at: now, last_success_at: null, ...values })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
    .execute();
  const row = await consoleDb.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', input.endpoint)
    .executeTakeFirstOrThrow();
  return { device: toDevice(row) };
}

export async function removeDevice(consoleDb: ConsoleDb, accountId: string, id: string): Promise<boolean> {
  const result = await consoleDb.db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service said the subscription is gone (404/410): it never will be again. */
export async function forgetEndpoint(consoleDb: ConsoleDb, id: string): Promise<void> {
  await consoleDb.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function noteOutcome(consoleDb: ConsoleDb, id: string, error: string | null): Promise<void> {
  const update =
    error === null ? { last_success_at: new Date().toISOString(), last_error: null } : { last_error: error };
  await consoleDb.db.updateTable('push_subscriptions').set(update).where('id', '=', id).execute();
}

export const DEFAULT_PREFERENCES: Preferences = { enabled: false, labels: [], minPriority: 'high' };

export async function preferencesOf(consoleDb: ConsoleDb, accountId: string): Promise<Preferences> {
  const row = await consoleDb.db
    .selectFrom('push_preferences')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row === undefined ? DEFAULT_PREFERENCES : fromRow(row);
}

function fromRow(row: { enabled: number; labels: string; min_priority: string }): Preferences {
  const minPriority = (PRIORITIES as readonly string[]).includes(row.min_priority) ? row.min_priority : 'high';
  return {
    enabled: row.enabled === 1,
    labels: JSON.parse(row.labels) as string[],
    minPriority: minPriority as Priority,
  };
}

export async function savePreferences(consoleDb: ConsoleDb, accountId: string, prefs: Preferences): Promise<void> {
  const values = {
    enabled: prefs.enabled ? 1 : 0,
    labels: JSON.stringify(prefs.labels),
    min_priority: prefs.minPriority,
    updated_at: new Date().toISOString(),
  };
  await consoleDb.db
    .insertInto('push_preferences')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

/** People whose own choices ask for an alert of this label and priority (only enabled accounts). */
export async function accountsWanting(consoleDb: ConsoleDb, label: string, priority: Priority): Promise<string[]> {
  const rows = await consoleDb.db
    .selectFrom('push_preferences')
    .innerJoin('accounts', 'accounts.id', 'push_preferences.account_id')
    .select(['push_preferences.account_id', 'push_preferences.labels', 'push_preferences.min_priority'])
    .where('push_preferences.enabled', '=', 1)
    .where('accounts.disabled', '=', 0)
    .execute();
  const rank = (p: string) => PRIORITIES.indexOf(p as Priority);
  return rows
    .filter((row) => {
      const labels = JSON.parse(row.labels) as string[];
      return (labels.length === 0 || labels.includes(label)) && rank(priority) <= rank(row.min_priority);
    })
    .map((row) => row.account_id);
}
