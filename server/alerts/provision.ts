import fs from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import * as z from 'zod';
import type { ConsoleDb } from '../db/database.js';
import { channelSender } from './channel.js';
import { channelInputSchema, ruleSettingsSchema, type ChannelInput, type RuleInput } from './model.js';
import { AlertConfigError, saveChannel, saveRule } from './store.js';

/** Keys of a channel in the file that are secrets (write-only in the console), the rest are settings. */
const SECRET_KEYS = new Set(['secret', 'token', 'password']);
const CHANNEL_KEYS = new Set(['name', 'type', 'enabled', 'language']);

export interface AlertsFile {
  channels: ChannelInput[];
  rules: RuleInput[];
}

export class AlertsFileError extends Error {}

/**
 * ALERTS_FILE: channels and rules as code. Read and checked when the console starts; any fault
 * refuses the start with the file's line and the reason. `${NAME}` in a value is taken from the
 * environment (a missing variable is a fault too), so secrets stay out of the file.
 */
export function readAlertsFile(file: string, env: NodeJS.ProcessEnv = process.env): AlertsFile {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new AlertsFileError(`ALERTS_FILE ${file}: ${(error as Error).message}`);
  }
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
  const where = (node: Node | null | undefined) => {
    const offset = node?.range?.[0];
    return offset === undefined ? '' : `:${lines.linePos(offset).line}`;
  };
  const fail = (node: Node | null | undefined, reason: string): never => {
    throw new AlertsFileError(`ALERTS_FILE ${file}${where(node)}: ${reason}`);
  };
  const first = doc.errors[0];
  if (first !== undefined) {
    const line = lines.linePos(first.pos[0]).line;
    throw new AlertsFileError(`ALERTS_FILE ${file}:${line}: ${first.message.split('\n')[0]}`);
  }
  substitute(doc, doc.contents, env, fail);
  const root = doc.toJS() as unknown;
  if (root === null || typeof root !== 'object' || Array.isArray(root))
    fail(doc.contents, 'expected channels: and rules:');
  const { channels = [], rules = [], ...rest } = root as { channels?: unknown; rules?: unknown };
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) fail(doc.get(extra, true) as Node, `unknown key "${extra}" (expected channels and rules)`);
  if (!Array.isArray(channels)) fail(doc.get('channels', true) as Node, 'channels must be a list');
  if (!Array.isArray(rules)) fail(doc.get('rules', true) as Node, 'rules must be a list');
  const nodeAt = (path: (string | number)[]) => {
    for (let n = path.length; n > 0; n -= 1) {
      const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node !== undefined && node !== null) return node;
    }
    return doc.contents;
  };
  const issue = (base: (string | number)[], error: z.ZodError): never => {
    const first = error.issues[0]!;
    const path = [...base, ...first.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    return fail(nodeAt(path), `${path.join('.')}: ${first.message}`);
  };

  const parsedChannels = (channels as unknown[]).map((raw, i) => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const settings: Record<string, unknown> = {};
    const secrets: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry)) {
      if (CHANNEL_KEYS.has(key)) continue;
      (SECRET_KEYS.has(key) ? secrets : settings)[key] = value;
    }
    const parsed = channelInputSchema.safeParse({
      name: entry.name,
      type: entry.type,
      enabled: entry.enabled,
      language: entry.language,
      settings,
      secrets,
    });
    if (!parsed.success) return issue(['channels', i], parsed.error);
    const sender = channelSender(parsed.data.type);
    if (sender === null) return fail(nodeAt(['channels', i, 'type']), `no channel type "${parsed.data.type}"`);
    const refusal = sender.validate(parsed.data.settings, parsed.data.secrets);
    if (refusal !== null) return fail(nodeAt(['channels', i]), `channel "${parsed.data.name}": ${refusal}`);
    return parsed.data;
  });
  const names = new Set(parsedChannels.map((c) => c.name));
  const parsedRules = (rules as unknown[]).map((raw, i) => {
    const { name, enabled, ...settings } = (raw ?? {}) as Record<string, unknown>;
    const parsedName = z.string().trim().min(1).max(80).safeParse(name);
    if (!parsedName.success) return fail(nodeAt(['rules', i]), 'a rule needs a name');
    const parsed = ruleSettingsSchema.safeParse(settings);
    if (!parsed.success) return issue(['rules', i], parsed.error);
    const wanted = [...parsed.data.channels, ...parsed.data.escalate.flatMap((s) => s.channels)];
    const missing = wanted.find((n) => !names.has(n));
    if (missing !== undefined) fail(nodeAt(['rules', i]), `rule "${parsedName.data}": no channel named "${missing}"`);
    return { name: parsedName.data, enabled: enabled !== false, settings: parsed.data };
  });
  return { channels: parsedChannels, rules: parsedRules };
}

function substitute(
  doc: Document,
  node: unknown,
  env: NodeJS.ProcessEnv,
  fail: (node: Node | null | undefined, reason: string) => never,
): void {
  if (isMap(node) || isSeq(node)) {
    for (const item of node.items) substitute(doc, isMap(node) ? (item as { value: unknown }).value : item, env, fail);
  } else if (isScalar(node) && typeof node.value === 'string') {
    node.value = node.value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_all, name: string) => {
      const value = env[name];
      if (value === undefined) fail(node, `the environment has no ${name}`);
      return value!;
    });
  }
}

/** Makes the database say what the file says: its channels and rules replace the previous file's. */
export async function applyAlertsFile(db: ConsoleDb, file: AlertsFile): Promise<void> {
  const byName = async (table: 'alert_channels' | 'alert_rules') =>
    new Map((await db.db.selectFrom(table).select(['id', 'name', 'source']).execute()).map((r) => [r.name, r]));
  const channels = await byName('alert_channels');
  for (const channel of file.channels) {
    const stored = channels.get(channel.name);
    if (stored !== undefined && stored.source !== 'file') {
      throw new AlertConfigError(`ALERTS_FILE: channel "${channel.name}" was made in the console; rename one of them`);
    }
    await saveChannel(db, channel, stored?.id ?? null, 'file');
  }
  const rules = await byName('alert_rules');
  for (const rule of file.rules) {
    const stored = rules.get(rule.name);
    if (stored !== undefined && stored.source !== 'file') {
      throw new AlertConfigError(`ALERTS_FILE: rule "${rule.name}" was made in the console; rename one of them`);
    }
    await saveRule(db, rule, stored?.id ?? null, 'file');
  }
  const keepRules = new Set(file.rules.map((r) => r.name));
  for (const [name, row] of rules) {
    if (row.source === 'file' && !keepRules.has(name))
      await db.db.deleteFrom('alert_rules').where('id', '=', row.id).execute();
  }
  const keepChannels = new Set(file.channels.map((c) => c.name));
  for (const [name, row] of channels) {
    if (row.source === 'file' && !keepChannels.has(name)) {
      await db.db.deleteFrom('alert_channels').where('id', '=', row.id).execute();
    }
  }
}
