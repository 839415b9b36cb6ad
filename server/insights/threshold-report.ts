import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import type { BackfillState } from './backfill.js';
import type { DirectoryMic } from './edge-reader.js';
import { HOUR_MS, hourOf } from './expectation.js';
import { confidenceBuckets, countsOf } from './insight-store.js';
import { heardEvents, tally, withHeard, type EarVerdict } from './listening.js';
import { adviseThreshold, DEFAULT_ADVICE, type Scored } from './threshold-advice.js';
import { coveredBy } from './unusual-report.js';

export const ADVICE_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Threshold advice per mic and label over the last 14 days (or as many as the back-fill has
 * covered), biggest cut first. Mics without a current threshold for the label are left out: the
 * advice is a raise from what the mic has.
 */
export async function thresholdAdvice(
  db: Kysely<ConsoleSchema>,
  mics: ReadonlyMap<string, DirectoryMic>,
  labels: Map<string, { ko: string; en: string }>,
  state: BackfillState | null,
  now: number,
  filter: { micId?: string; labelId?: string },
) {
  const from = Math.max(now - ADVICE_DAYS * DAY_MS, state?.from ?? now);
  const days = (now - from) / DAY_MS;
  const groups = new Map<string, Scored[]>();
  for (const b of await confidenceBuckets(db, from, filter)) {
    const key = `${b.mic_id}\u0000${b.label_id}`;
    const list = groups.get(key) ?? [];
    list.push({ confidence: b.confidence, real: b.real, n: b.n });
    groups.set(key, list);
  }
  // What operators heard by ear overrides the statistics' guess for those events.
  const heard = new Map<string, EarVerdict[]>();
  for (const h of await heardEvents(db, from)) {
    if (filter.micId !== undefined && h.mic_id !== filter.micId) continue;
    if (filter.labelId !== undefined && h.label_id !== filter.labelId) continue;
    const key = `${h.mic_id}\u0000${h.label_id}`;
    heard.set(key, [...(heard.get(key) ?? []), h]);
  }
  const out = [];
  for (const [key, scored] of groups) {
    const [micId, labelId] = key.split('\u0000') as [string, string];
    const mic = mics.get(micId);
    const current = mic?.thresholds?.[labelId]?.confidence;
    if (mic === undefined || current === undefined) continue;
    const byEar = heard.get(key) ?? [];
    const advice = adviseThreshold(withHeard(scored, byEar), current, days, DEFAULT_ADVICE);
    if (advice === null) continue;
    const listening = tally(byEar);
    out.push({
      mic_id: micId,
      mic_name: mic.name,
      edge_id: mic.edge_id ?? '',
      label_id: labelId,
      label_name: labels.get(labelId) ?? null,
      current,
      ...advice,
      listening: {
        ...listening,
        heard_as: listening.heard_as.map((h) => ({ ...h, label_name: labels.get(h.label_id) ?? null })),
      },
    });
  }
  return out.sort(
    (a, b) =>
      b.events_per_day_now - b.events_per_day_after - (a.events_per_day_now - a.events_per_day_after) ||
      a.mic_id.localeCompare(b.mic_id) ||
      a.label_id.localeCompare(b.label_id),
  );
}

/**
 * Events per day of a mic and label in the `days` before and after a moment, from whole counted
 * hours (the hour holding the moment, and the current hour, are left out as partial).
 */
export async function rateAround(
  db: Kysely<ConsoleSchema>,
  micId: string,
  labelId: string,
  at: number,
  days: number,
  state: BackfillState | null,
  completeThrough: number,
  now: number,
) {
  const atHour = hourOf(at);
  const from = atHour - days * 24 * HOUR_MS;
  const to = Math.min(atHour + HOUR_MS + days * 24 * HOUR_MS, hourOf(now));
  const counts = new Map(
    (await countsOf(db, micId, labelId, from, Math.max(from, to))).map((r) => [Date.parse(r.hour), Number(r.count)]),
  );
  const covered = coveredBy(state, completeThrough);
  const side = (start: number, end: number) => {
    let hours = 0;
    let events = 0;
    // At most days × 24 hours a side (days is capped by the route).
    for (let hour = start; hour < end; hour += HOUR_MS) {
      if (!covered(hour)) continue;
      hours++;
      events += counts.get(hour) ?? 0;
    }
    return { hours, perDay: hours === 0 ? null : Math.round(((events * 24) / hours) * 100) / 100 };
  };
  const before = side(from, atHour);
  const after = side(atHour + HOUR_MS, to);
  return {
    before_per_day: before.perDay,
    after_per_day: after.perDay,
    before_hours: before.hours,
    after_hours: after.hours,
  };
}
