import type { Kysely } from 'kysely';
import type { ConsoleSchema } from '../db/schema.js';
import type { BackfillState } from './backfill.js';
import type { DirectoryIndex } from './directory-index.js';
import type { DirectoryMic } from './edge-reader.js';
import { DEFAULT_EXPECTATION, expectationFor, HOUR_MS, hourOf, pastHours, type History } from './expectation.js';
import { countsAt, countsBetween, firstSeen } from './insight-store.js';
import { flagged, rollUp, type Observation } from './unusual.js';
import { breather } from './breathe.js';
import { indexDirectory } from './directory-index.js';
import { labelNames } from './insight-store.js';
import { WINDOW_MS, type InsightsService } from './service.js';

export const P_THRESHOLD = 0.001;
/** Rows of each list in one answer: the most unusual ones. */
const MAX_ROWS = 200;

type LabelName = { ko: string; en: string } | null;

export interface UnusualInput {
  db: Kysely<ConsoleSchema>;
  mics: ReadonlyMap<string, DirectoryMic>;
  index: DirectoryIndex;
  state: BackfillState | null;
  completeThrough: number;
  labels: Map<string, { ko: string; en: string }>;
  now: number;
  windowMs: number;
}

/** Counted hours: inside the back-fill's range and behind its cursor, or after its first pass. */
export function coveredBy(state: BackfillState | null, completeThrough: number) {
  return (hour: number) =>
    state !== null && hour >= state.from && (hour + HOUR_MS <= completeThrough || hour >= state.target);
}

/**
 * The last window's events per mic and label against what the same hours of past weeks lead to
 * expect; the flagged mics, and the edges and areas whose sums are unusual.
 */
export async function unusualNow(input: UnusualInput) {
  const { db, mics, index, now, windowMs } = input;
  const start = now - windowMs;
  const observed = new Map<string, number>();
  const labelIds = new Set<string>();
  for (const row of await countsBetween(db, start, now)) {
    observed.set(`${row.mic_id}\u0000${row.label_id}`, row.n);
    labelIds.add(row.label_id);
  }
  const hours: number[] = [];
  for (let hour = hourOf(start); hour < now; hour += HOUR_MS) {
    hours.push(...pastHours(hour, DEFAULT_EXPECTATION));
  }
  // Read millions of times per answer at 10,000 mics: nested maps, no key strings built per read.
  const counts = new Map<string, Map<string, Map<number, number>>>();
  for (const row of await countsAt(db, hours)) {
    let byLabel = counts.get(row.mic_id);
    if (byLabel === undefined) counts.set(row.mic_id, (byLabel = new Map()));
    let byHour = byLabel.get(row.label_id);
    if (byHour === undefined) byLabel.set(row.label_id, (byHour = new Map()));
    byHour.set(Date.parse(row.hour), Number(row.count));
  }
  const first = await firstSeen(db);
  const history: History = {
    count: (mic, label, hour) => counts.get(mic)?.get(label)?.get(hour) ?? 0,
    firstSeen: (mic) => first.get(mic),
    covered: coveredBy(input.state, input.completeThrough),
  };

  // Every mic of the directory and every label heard in the window: an edge's or an area's sum
  // needs its quiet mics' expectations too.
  const observations: Observation[] = [];
  const breathe = breather(200);
  for (const micId of mics.keys()) {
    await breathe();
    for (const labelId of labelIds) {
      const e = expectationFor(
        history,
        micId,
        labelId,
        start,
        now,
        index.neighbours.get(micId) ?? [],
        DEFAULT_EXPECTATION,
      );
      if (e === null) continue;
      observations.push({ micId, labelId, observed: observed.get(`${micId}\u0000${labelId}`) ?? 0, ...e });
    }
  }

  const name = (labelId: string): LabelName => input.labels.get(labelId) ?? null;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const micRows = flagged(
    observations.filter((o) => o.observed > 0),
    P_THRESHOLD,
  )
    .slice(0, MAX_ROWS)
    .map((o) => {
      const mic = mics.get(o.micId);
      return {
        mic_id: o.micId,
        mic_name: mic?.name ?? null,
        edge_id: mic?.edge_id ?? '',
        lat: mic?.latitude ?? null,
        lng: mic?.longitude ?? null,
        label_id: o.labelId,
        label_name: name(o.labelId),
        observed: o.observed,
        expected: round(o.expected),
        p_value: o.p,
        borrowed: o.borrowed,
      };
    });
  const edges = rollUp(observations, (id) => mics.get(id)?.edge_id ?? undefined, P_THRESHOLD)
    .slice(0, MAX_ROWS)
    .map((g) => ({
      edge_id: g.id,
      label_id: g.labelId,
      observed: g.observed,
      expected: round(g.expected),
      p_value: g.p,
      mics: g.micIds.length,
    }));
  const areaById = new Map(index.areas.map((a) => [a.area_id, a]));
  const areas = rollUp(observations, (id) => index.areaOf.get(id), P_THRESHOLD)
    .slice(0, MAX_ROWS)
    .map((g) => {
      const area = areaById.get(g.id)!;
      return {
        area_id: g.id,
        name: area.name,
        mic_ids: area.mic_ids,
        lat: area.lat,
        lng: area.lng,
        label_id: g.labelId,
        label_name: name(g.labelId),
        observed: g.observed,
        expected: round(g.expected),
        p_value: g.p,
      };
    });
  return { mics: micRows, edges, areas };
}

/**
 * The last quarter hour as the insights' tables and the edge's directory have it now: read what
 * the hub cannot vouch for first, then weigh it (`at` is read once the reads are done).
 */
export async function unusualAt(s: InsightsService, now: () => number) {
  await s.ensureRecent();
  const mics = await s.reader.mics();
  const index = await indexDirectory(mics, s.settings.rules.radiusM);
  const at = now();
  const found = await unusualNow({
    db: s.db,
    mics,
    index,
    state: s.backfill.state,
    completeThrough: s.backfill.completeThrough(),
    labels: await labelNames(s.db),
    now: at,
    windowMs: WINDOW_MS,
  });
  return { at, found };
}
