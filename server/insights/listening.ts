import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import type { Scored } from './threshold-advice.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** What operators heard in one event's clip: the label confirmed, or the category it really was. */
export interface EarVerdict {
  event_id: string;
  mic_id: string;
  label_id: string;
  confidence: number;
  /** What the statistics had guessed (corroborated or in a composite). */
  guessed_real: boolean;
  confirmed: boolean;
  /** The category it really was, when the label was wrong. */
  heard_as: string | null;
}

export interface ListeningTally {
  confirmed: number;
  wrong: number;
  heard_as: { label_id: string; n: number }[];
}

/**
 * The last listening verdict on each event since `from` (a later verdict on the same event
 * replaces an earlier one), with the event's mic, label and confidence. Verdicts on a whole
 * incident (no event named) say nothing about one mic and are left out. A person's actions, so
 * few: read whole.
 */
export async function heardEvents(db: Kysely<ConsoleSchema>, from: number): Promise<EarVerdict[]> {
  const rows = await db
    .selectFrom('review_history')
    .select(['action', 'details', 'id'])
    .where('action', 'in', ['listen_confirm', 'listen_relabel'])
    .where('at', '>=', iso(from))
    .orderBy('id')
    .execute();
  const verdicts = new Map<string, { confirmed: boolean; heard_as: string | null }>();
  for (const row of rows) {
    let details: { event_id?: unknown; label?: unknown } = {};
    try {
      details = JSON.parse(row.details ?? '{}') as typeof details;
    } catch {
      continue;
    }
    if (typeof details.event_id !== 'string') continue;
    const confirmed = row.action === 'listen_confirm';
    verdicts.set(details.event_id, {
      confirmed,
      heard_as: !confirmed && typeof details.label === 'string' ? details.label : null,
    });
  }
  if (verdicts.size === 0) return [];
  const out: EarVerdict[] = [];
  const ids = [...verdicts.keys()];
  // In slices: a bound parameter list has a limit on both databases.
  for (let i = 0; i < ids.length; i += 500) {
    const events = await db
      .selectFrom('insight_events')
      .select(['event_id', 'mic_id', 'label_id', 'confidence_milli', 'corroborated', 'in_composite'])
      .where('event_id', 'in', ids.slice(i, i + 500))
      .where('confidence_milli', 'is not', null)
      .execute();
    for (const e of events) {
      const verdict = verdicts.get(e.event_id)!;
      // Relabelled to its own label is a confirmation in other words.
      const confirmed = verdict.confirmed || verdict.heard_as === e.label_id;
      out.push({
        event_id: e.event_id,
        mic_id: e.mic_id,
        label_id: e.label_id,
        confidence: Number(e.confidence_milli) / 1000,
        guessed_real: Number(e.corroborated) === 1 || Number(e.in_composite) === 1,
        confirmed,
        heard_as: confirmed ? null : verdict.heard_as,
      });
    }
  }
  return out;
}

/**
 * A human ear outranks the statistics: each heard event moves from the bucket its guess put it
 * in to real (confirmed) or noise (wrong label). Returns a new list; buckets emptied are dropped.
 */
export function withHeard(scored: readonly Scored[], heard: readonly EarVerdict[]): Scored[] {
  const out = scored.map((s) => ({ ...s, n: s.n ?? 1 }));
  for (const h of heard) {
    const bucket = out.find((s) => s.confidence === h.confidence && s.real === h.guessed_real && s.n > 0);
    if (bucket === undefined) continue;
    bucket.n -= 1;
    out.push({ confidence: h.confidence, real: h.confirmed, n: 1 });
  }
  return out.filter((s) => s.n > 0);
}

/** Per mic and label: how many clips were confirmed by ear, how many were another sound, and which. */
export function tally(heard: readonly EarVerdict[]): ListeningTally {
  const heardAs = new Map<string, number>();
  for (const h of heard) if (h.heard_as !== null) heardAs.set(h.heard_as, (heardAs.get(h.heard_as) ?? 0) + 1);
  return {
    confirmed: heard.filter((h) => h.confirmed).length,
    wrong: heard.filter((h) => !h.confirmed).length,
    heard_as: [...heardAs]
      .map(([label_id, n]) => ({ label_id, n }))
      .sort((a, b) => b.n - a.n || a.label_id.localeCompare(b.label_id)),
  };
}
