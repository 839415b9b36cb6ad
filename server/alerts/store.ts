import crypto from 'node:crypto';
import type { ConsoleDb } from '../db/database.js';
import type { AlertConfigTable } from '../db/tables/alerts.js';
import { channelSender, type AlertLanguage, type ChannelConfig } from './channel.js';
import { ruleSettingsSchema, type ChannelInput, type RuleInput, type RuleSettings } from './model.js';

export class AlertConfigError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409 | 422 = 422,
  ) {
    super(message);
  }
}

/** A channel as the admin sees it: which secrets are set, never their values. */
export interface ChannelView {
  id: string;
  name: string;
  type: string;
  enabled: boolean;
  language: AlertLanguage;
  settings: Record<string, unknown>;
  secretsSet: string[];
  source: string;
  updatedAt: string;
}

export interface RuleView {
  id: string;
  name: string;
  enabled: boolean;
  settings: RuleSettings;
  source: string;
  updatedAt: string;
}

export interface StoredRule {
  id: string;
  name: string;
  enabled: boolean;
  settings: RuleSettings;
}

const parseJson = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

export function channelConfigOf(row: AlertConfigTable): ChannelConfig {
  const settings = parseJson(row.settings);
  const { language, ...rest } = settings;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    settings: rest,
    secrets: parseJson(row.secrets) as Record<string, string>,
    language: language === 'ko' ? 'ko' : 'en',
  };
}

function channelView(row: AlertConfigTable): ChannelView {
  const config = channelConfigOf(row);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    enabled: row.enabled === 1,
    language: config.language,
    settings: config.settings,
    secretsSet: Object.keys(config.secrets).sort(),
    source: row.source,
    updatedAt: row.updated_at,
  };
}

export function ruleOf(row: AlertConfigTable): StoredRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    settings: ruleSettingsSchema.parse(parseJson(row.settings)),
  };
}

export async function listChannels(db: ConsoleDb): Promise<ChannelView[]> {
  const rows = await db.db.selectFrom('alert_channels').selectAll().orderBy('name').execute();
  return rows.map(channelView);
}

export async function channelRows(db: ConsoleDb): Promise<AlertConfigTable[]> {
  return db.db.selectFrom('alert_channels').selectAll().execute();
}

export async function listRules(db: ConsoleDb): Promise<RuleView[]> {
  const rows = await db.db.selectFrom('alert_rules').selectAll().orderBy('name').execute();
  return rows.map((row) => ({ ...ruleOf(row), source: row.source, updatedAt: row.updated_at }));
}

export async function enabledRules(db: ConsoleDb): Promise<StoredRule[]> {
  const rows = await db.db.selectFrom('alert_rules').selectAll().where('enabled', '=', 1).execute();
  return rows.map(ruleOf);
}

/** Checks the settings with the type's own sender and merges the write-only secrets. */
function channelColumns(input: ChannelInput, storedSecrets: Record<string, string>) {
  const sender = channelSender(input.type);
  if (sender === null) throw new AlertConfigError(`No channel type "${input.type}"`);
  const secrets = { ...storedSecrets };
  for (const [key, value] of Object.entries(input.secrets)) {
    if (value === '') delete secrets[key];
    else secrets[key] = value;
  }
  const refusal = sender.validate(input.settings, secrets);
  if (refusal !== null) throw new AlertConfigError(`Channel "${input.name}": ${refusal}`);
  return {
    name: input.name,
    type: input.type,
    enabled: input.enabled ? 1 : 0,
    settings: JSON.stringify({ ...input.settings, language: input.language }),
    secrets: JSON.stringify(secrets),
  };
}

async function uniqueName(db: ConsoleDb, table: 'alert_channels' | 'alert_rules', name: string, id: string | null) {
  const row = await db.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
  if (row !== undefined && row.id !== id) throw new AlertConfigError(`"${name}" is taken`, 409);
}

export async function saveChannel(
  db: ConsoleDb,
  input: ChannelInput,
  id: string | null,
  source = 'admin',
): Promise<ChannelView> {
  const now = new Date().toISOString();
  await uniqueName(db, 'alert_channels', input.name, id);
  if (id === null) {
    const row: AlertConfigTable = {
      id: crypto.randomUUID(),
      ...channelColumns(input, {}),
      source,
      created_at: now,
      updated_at: now,
    };
    await db.db.insertInto('alert_channels').values(row).execute();
    return channelView(row);
  }
  const stored = await db.db.selectFrom('alert_channels').selectAll().where('id', '=', id).executeTakeFirst();
  if (stored === undefined) throw new AlertConfigError('No such channel', 404);
  const columns = channelColumns(input, parseJson(stored.secrets) as Record<string, string>);
  if (stored.name !== input.name) await renameInRules(db, stored.name, input.name);
  await db.db
    .updateTable('alert_channels')
    .set({ ...columns, updated_at: now })
    .where('id', '=', id)
    .execute();
  return channelView({ ...stored, ...columns, updated_at: now });
}

async function renameInRules(db: ConsoleDb, from: string, to: string) {
  for (const rule of await db.db.selectFrom('alert_rules').selectAll().execute()) {
    const settings = ruleOf(rule).settings;
    const rename = (names: string[]) => names.map((n) => (n === from ? to : n));
    const next = {
      ...settings,
      channels: rename(settings.channels),
      escalate: settings.escalate.map((s) => ({ ...s, channels: rename(s.channels) })),
    };
    await db.db
      .updateTable('alert_rules')
      .set({ settings: JSON.stringify(next) })
      .where('id', '=', rule.id)
      .execute();
  }
}

export async function deleteChannel(db: ConsoleDb, id: string): Promise<ChannelView> {
  const stored = await db.db.selectFrom('alert_channels').selectAll().where('id', '=', id).executeTakeFirst();
  if (stored === undefined) throw new AlertConfigError('No such channel', 404);
  const users = (await listRules(db)).filter(
    (rule) =>
      rule.settings.channels.includes(stored.name) ||
      rule.settings.escalate.some((step) => step.channels.includes(stored.name)),
  );
  if (users.length > 0) {
    throw new AlertConfigError(`Rule "${users[0]!.name}" sends to this channel: change the rule first`, 409);
  }
  await db.db.deleteFrom('alert_channels').where('id', '=', id).execute();
  return channelView(stored);
}

async function checkChannelNames(db: ConsoleDb, settings: RuleSettings) {
  const names = new Set((await channelRows(db)).map((row) => row.name));
  const wanted = [...settings.channels, ...settings.escalate.flatMap((step) => step.channels)];
  const missing = wanted.find((n) => !names.has(n));
  if (missing !== undefined) throw new AlertConfigError(`No channel named "${missing}"`);
  if (settings.channels.length === 0 && settings.escalate.length === 0) {
    throw new AlertConfigError('A rule needs at least one channel');
  }
}

export async function saveRule(
  db: ConsoleDb,
  input: RuleInput,
  id: string | null,
  source = 'admin',
): Promise<RuleView> {
  const now = new Date().toISOString();
  await uniqueName(db, 'alert_rules', input.name, id);
  await checkChannelNames(db, input.settings);
  const columns = {
    name: input.name,
    type: 'rule',
    enabled: input.enabled ? 1 : 0,
    settings: JSON.stringify(input.settings),
    secrets: '{}',
  };
  if (id === null) {
    id = crypto.randomUUID();
    await db.db
      .insertInto('alert_rules')
      .values({ id, ...columns, source, created_at: now, updated_at: now })
      .execute();
  } else {
    const result = await db.db
      .updateTable('alert_rules')
      .set({ ...columns, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AlertConfigError('No such rule', 404);
  }
  return { id, name: input.name, enabled: input.enabled, settings: input.settings, source, updatedAt: now };
}

export async function deleteRule(db: ConsoleDb, id: string): Promise<RuleView> {
  const stored = await db.db.selectFrom('alert_rules').selectAll().where('id', '=', id).executeTakeFirst();
  if (stored === undefined) throw new AlertConfigError('No such rule', 404);
  await db.db.deleteFrom('alert_rules').where('id', '=', id).execute();
  return { ...ruleOf(stored), source: stored.source, updatedAt: stored.updated_at };
}
