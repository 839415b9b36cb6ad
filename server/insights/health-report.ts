import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ConsoleSchema } from '../db/schema.js';
import { corroborate, type CorroborationRules, type HeardEvent } from './corroboration.js';
import { breather } from './breathe.js';
import { DEFAULT_DEAF_RULES, DEFAULT_SILENCE, incidentsAround, missedTooMany, silence } from './deaf.js';
import type { DirectoryIndex } from './directory-index.js';
import type { DirectoryMic } from './edge-reader.js';
import { activitySince, eventsBetween } from './insight-store.js';

export const HEALTH_WINDOW_MS = 24 * 3_600_000;
const HISTORY_MS = 14 * 86_400_000;
/** Events of the last 24 hours read for the missed-incident rule: bounded whatever the edge's rate. */
const MAX_DAY_EVENTS = 200_000;
const MAX_MISSED_LISTED = 20;
/** A mic whose `reported_at` is this much older than the composite event it appears in was not reporting. */
export const NOT_REPORTING_MS = 10 * 60_000;

const snapshotSchema = z.object({
  results: z.array(
    z
      .object({
        started_at: z.string(),
        mics: z.array(
          z.object({ id: z.string(), connected: z.boolean().nullish(), reported_at: z.string().nullish() }).loose(),
        ),
      })
      .loose(),
  ),
});

export interface Connection {
  connected: boolean | null;
  reported_at: string | null;
  /** When the composite event that showed it started. */
  seen_at: number;
}

/** The newest `connected` and `reported_at` of each mic seen in a page of composite events. */
export function connections(page: unknown): Map<string, Connection> {
  const parsed = snapshotSchema.safeParse(page);
  const out = new Map<string, Connection>();
  if (!parsed.success) return out;
  for (const c of parsed.data.results) {
    const seenAt = Date.parse(c.started_at);
    if (Number.isNaN(seenAt)) continue;
    for (const m of c.mics) {
      if ((out.get(m.id)?.seen_at ?? -Infinity) >= seenAt) continue;
      out.set(m.id, { connected: m.connected ?? null, reported_at: m.reported_at ?? null, seen_at: seenAt });
    }
  }
  return out;
}

export interface HealthInput {
  db: Kysely<ConsoleSchema>;
  mics: ReadonlyMap<string, DirectoryMic>;
  index: DirectoryIndex;
  connections: Map<string, Connection>;
  rules: CorroborationRules;
  minMissed: number;
  now: number;
}

type Reason = 'missed' | 'silent' | 'disconnected' | 'not_reporting';

/** Active mics suspected deaf, silent, disconnected or not reporting, most reasons first. */
export async function micHealth(input: HealthInput) {
  const { db, mics, index, now, rules } = input;
  const day = await eventsBetween(db, now - HEALTH_WINDOW_MS, now, MAX_DAY_EVENTS);
  const heardBy = corroborate(day, day, mics, rules, index.neighbours);
  const activity = await activitySince(db, now - HISTORY_MS);
  const deaf = { ...DEFAULT_DEAF_RULES, windowMs: rules.windowMs, minMissed: input.minMissed };
  // Each mic looks only at its own and its neighbours' events, not at the whole day's.
  const byMic = new Map<string, HeardEvent[]>();
  for (const e of day) {
    const list = byMic.get(e.micId);
    if (list === undefined) byMic.set(e.micId, [e]);
    else list.push(e);
  }
  const breathe = breather(200);
  const out = [];
  for (const mic of mics.values()) {
    await breathe();
    if (mic.status !== 'active') continue;
    const reasons: Reason[] = [];
    const neighbours = index.neighbours.get(mic.id) ?? [];
    const near = [mic.id, ...neighbours].flatMap((id) => byMic.get(id) ?? []);
    const around = incidentsAround(mic.id, new Set(neighbours), near, heardBy, rules.windowMs);
    if (missedTooMany(around.heard, around.missed.length, deaf)) reasons.push('missed');
    const { lastAt, usualGapMs, silentForMs, silent } = silence(activity.get(mic.id), now, DEFAULT_SILENCE);
    if (silent) reasons.push('silent');
    const link = input.connections.get(mic.id);
    if (link?.connected === false) reasons.push('disconnected');
    const reportedAt = link?.reported_at == null ? NaN : Date.parse(link.reported_at);
    if (link !== undefined && !Number.isNaN(reportedAt) && reportedAt < link.seen_at - NOT_REPORTING_MS)
      reasons.push('not_reporting');
    if (reasons.length === 0) continue;
    const nameOf = (id: string) => ({ id, name: mics.get(id)?.name ?? null });
    out.push({
      mic_id: mic.id,
      mic_name: mic.name,
      edge_id: mic.edge_id ?? '',
      lat: mic.latitude,
      lng: mic.longitude,
      reasons,
      missed: around.missed
        .slice(-MAX_MISSED_LISTED)
        .reverse()
        .map((m) => ({
          event_id: m.event_id,
          label_id: m.label_id,
          at: new Date(m.at).toISOString(),
          heard_by: m.heard_by.map(nameOf),
        })),
      missed_count: around.missed.length,
      last_event_at: lastAt === null ? null : new Date(lastAt).toISOString(),
      usual_gap_s: usualGapMs === null ? null : Math.round(usualGapMs / 1000),
      silent_for_s: silentForMs === null ? null : Math.round(silentForMs / 1000),
      connected: link?.connected ?? null,
      reported_at: link?.reported_at ?? null,
    });
  }
  return out.sort(
    (a, b) =>
      b.reasons.length - a.reasons.length || b.missed_count - a.missed_count || a.mic_id.localeCompare(b.mic_id),
  );
}
