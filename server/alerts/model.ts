import * as z from 'zod';
import { ALERT_LANGUAGES, ALERT_PRIORITIES } from './channel.js';

/** "30s", "2m", "1h" or a number of seconds. */
export function parseDuration(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value);
  if (match === null) return null;
  const n = Number(match[1]);
  const unit = match[2] ?? 's';
  return unit === 'ms' ? n / 1000 : unit === 'm' ? n * 60 : unit === 'h' ? n * 3600 : n;
}

const duration = (fallback: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const seconds = parseDuration(value);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a duration (e.g. 30s, 2m, 1h)` });
        return z.NEVER;
      }
      return seconds;
    });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');
/** A span of the week in the console's time zone; `to` before `from` runs past midnight. */
const span = z.strictObject({
  days: z.array(z.number().int().min(0).max(6)).default([0, 1, 2, 3, 4, 5, 6]),
  from: clock,
  to: clock,
});
export type TimeSpan = z.infer<typeof span>;

const name = z.string().trim().min(1).max(80);

export const ruleSettingsSchema = z.strictObject({
  /** Label ids; empty: every label. */
  labels: z.array(z.string().min(1).max(100)).max(100).default([]),
  /** Edge ids the mics belong to; empty: every edge. */
  edges: z.array(z.string().min(1).max(100)).max(100).default([]),
  /** 'events': each detection; 'composites': the edge's composite events. */
  source: z.enum(['events', 'composites']).default('events'),
  min_mics: z.number().int().min(1).max(100).default(1),
  min_confidence: z.number().min(0).max(1).default(0),
  priority: z.enum(ALERT_PRIORITIES as [string, ...string[]]).default('high'),
  /** Detections of one incident: same label, a mic within radius_m of one that heard it, within window. */
  window: duration(120),
  radius_m: z.number().min(0).max(100_000).default(500),
  /** After an alert, the rule's further detections of that label update it rather than open another. */
  cooldown: duration(0),
  /** At most this many alerts a minute; the rest make one summary. */
  storm_cap: z.number().int().min(1).max(1000).default(5),
  /** When the rule alerts at all (empty: always), and when it keeps quiet (mute timings). */
  active: z.array(span).max(20).default([]),
  quiet: z.array(span).max(20).default([]),
  channels: z.array(name).max(20).default([]),
  escalate: z
    .array(z.strictObject({ after: duration(60), channels: z.array(name).min(1).max(20) }))
    .max(10)
    .default([]),
});
export type RuleSettings = z.infer<typeof ruleSettingsSchema>;
export type RuleSettingsInput = z.input<typeof ruleSettingsSchema>;

export const channelTypeSchema = z.string().regex(/^[a-z][a-z0-9-]{0,30}$/);

export const channelInputSchema = z.strictObject({
  name,
  type: channelTypeSchema,
  enabled: z.boolean().default(true),
  language: z.enum(ALERT_LANGUAGES as [string, ...string[]]).default('en'),
  settings: z.record(z.string(), z.unknown()).default({}),
  /** Write-only: an absent key keeps the stored secret, an empty string removes it. */
  secrets: z.record(z.string(), z.string().max(4096)).default({}),
});
export type ChannelInput = z.infer<typeof channelInputSchema>;

export const ruleInputSchema = z.strictObject({
  name,
  enabled: z.boolean().default(true),
  settings: ruleSettingsSchema,
});
export type RuleInput = z.infer<typeof ruleInputSchema>;

/** Is `at` inside any of the spans, in `timeZone`? */
export function inSpans(spans: TimeSpan[], at: Date, timeZone: string): boolean {
  // Most rules have no schedule: no clock to read (a DateTimeFormat per detection was a third of a burst's intake).
  if (spans.length === 0) return false;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  const minutes = Number(part('hour')) * 60 + Number(part('minute'));
  const of = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  return spans.some((s) => {
    const from = of(s.from);
    const to = of(s.to);
    if (from <= to) return s.days.includes(day) && minutes >= from && minutes < to;
    // Past midnight: the evening belongs to the span's day, the small hours to the next.
    return (s.days.includes(day) && minutes >= from) || (s.days.includes((day + 6) % 7) && minutes < to);
  });
}

export function ruleAllowsNow(settings: RuleSettings, at: Date, timeZone: string): boolean {
  if (settings.active.length > 0 && !inSpans(settings.active, at, timeZone)) return false;
  return !inSpans(settings.quiet, at, timeZone);
}
