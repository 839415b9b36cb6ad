import { performance } from 'node:perf_hooks';
import { DemoStore } from '../../server/demo/store';
import { distanceMeters } from '../../server/insights/geo';
import { compositeSchema, locateComposite, type LocatedSource } from '../../server/location/composite';
import { quantile } from './stats';

/** Hearing radius the console runs with by default (NEIGHBOUR_RADIUS_M). */
const HEARING_RADIUS_M = 500;

export interface LocateBucket {
  /** Estimates made (one per sound, or more when the grouping split a sound). */
  estimates: number;
  medianM: number;
  p90M: number;
  /** Share of estimates whose stated radius holds the true place. */
  inRadius: number;
  medianRadiusM: number;
  methods: Record<string, number>;
}

export interface LocateResult {
  mics: number;
  events: number;
  incidents: number;
  sounds: number;
  milliseconds: Record<string, LocateBucket>;
  wholeSeconds: Record<string, LocateBucket>;
  /** Time the locator took per estimate, on average, with each kind of timestamp. */
  msPerEstimate: { milliseconds: number; wholeSeconds: number };
}

interface Row {
  event_id: string;
  mic_id: string;
  label_id: string;
  created_at: string;
  sound_level: number;
  mic_lat: number;
  mic_lon: number;
  incident: string;
  repeat: number;
  latitude: number;
  longitude: number;
  clock_offset_ms: number;
  shade_db: number;
}

interface Scored {
  error: number;
  radius: number;
  method: string;
  /** How many mics heard the sound. */
  heardBy: number;
  clockOff: boolean;
  shaded: boolean;
}

function bucket(scored: readonly Scored[]): LocateBucket {
  const errors = scored.map((s) => s.error);
  const methods: Record<string, number> = {};
  for (const s of scored) methods[s.method] = (methods[s.method] ?? 0) + 1;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    estimates: scored.length,
    medianM: round(quantile(errors, 0.5)),
    p90M: round(quantile(errors, 0.9)),
    inRadius: Math.round((scored.filter((s) => s.error <= s.radius).length / Math.max(1, scored.length)) * 1000) / 1000,
    medianRadiusM: round(
      quantile(
        scored.map((s) => s.radius),
        0.5,
      ),
    ),
    methods,
  };
}

/** Every incident as a composite event of its own, its timestamps as stored or cut to whole seconds. */
function locateAll(incidents: Map<string, Row[]>, wholeSeconds: boolean) {
  const scored: Scored[] = [];
  let estimates = 0;
  let ms = 0;
  for (const [id, rows] of incidents) {
    const byEvent = new Map(rows.map((r) => [r.event_id, r]));
    const body = compositeSchema.parse({
      id,
      mics: [],
      events: rows.map((r) => ({
        id: r.event_id,
        mic_id: r.mic_id,
        label_id: r.label_id,
        created_at: wholeSeconds ? `${r.created_at.slice(0, 19)}.000Z` : r.created_at,
        sound_level: r.sound_level,
        microphone: { location: { latitude: r.mic_lat, longitude: r.mic_lon } },
      })),
    });
    const started = performance.now();
    const answer = locateComposite(body, HEARING_RADIUS_M);
    ms += performance.now() - started;
    estimates += answer.sources.length;
    for (const source of answer.sources) scored.push(score(source, byEvent, rows));
  }
  return { scored, estimates, ms };
}

/** The sound an estimate speaks for (most of its readings'), and how far from it the estimate is. */
function score(source: LocatedSource, byEvent: Map<string, Row>, rows: readonly Row[]): Scored {
  const votes = new Map<number, number>();
  for (const id of source.event_ids) {
    const repeat = byEvent.get(id)!.repeat;
    votes.set(repeat, (votes.get(repeat) ?? 0) + 1);
  }
  const repeat = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const sound = rows.filter((r) => r.repeat === repeat);
  const truth = sound[0]!;
  return {
    error: distanceMeters(truth, source),
    radius: source.radius_m,
    method: source.method,
    heardBy: sound.length,
    clockOff: sound.some((r) => r.clock_offset_ms !== 0),
    shaded: sound.some((r) => r.shade_db !== 0),
  };
}

/**
 * The locator against the demo edge's true places: a seeded week of history (its incidents are
 * heard by the mics around them, with the demo's clock faults and walls), each incident located
 * as the endpoint locates a composite event, once with the stored millisecond timestamps and once
 * with them cut to whole seconds (levels only).
 */
export function measureLocate(events: number, mics = 60): LocateResult {
  const store = new DemoStore({ dataDir: null, mics, events, now: Date.parse('2026-11-21T00:00:00Z') });
  try {
    const rows = store.db
      .prepare(
        `SELECT e.id AS event_id, e.mic_id, e.label_id, e.created_at, e.sound_level,
           m.latitude AS mic_lat, m.longitude AS mic_lon,
           t.incident, t.repeat, t.latitude, t.longitude, t.clock_offset_ms, t.shade_db
         FROM incident_truths t JOIN events e ON e.seq = t.event_seq JOIN mics m ON m.id = e.mic_id
         ORDER BY t.incident, e.seq`,
      )
      .all() as Row[];
    const incidents = new Map<string, Row[]>();
    for (const row of rows) incidents.set(row.incident, [...(incidents.get(row.incident) ?? []), row]);
    const sounds = new Set(rows.map((r) => `${r.incident}/${r.repeat}`)).size;
    const fine = locateAll(incidents, false);
    const coarse = locateAll(incidents, true);
    const split = (scored: Scored[], fault: string, faulty: (s: Scored) => boolean) =>
      Object.fromEntries(
        (
          [
            ['4+ mics', (s) => s.heardBy >= 4],
            [`4+ mics, ${fault}`, (s) => s.heardBy >= 4 && faulty(s)],
            ['5+ mics', (s) => s.heardBy >= 5],
            [`5+ mics, ${fault}`, (s) => s.heardBy >= 5 && faulty(s)],
            ['3 mics', (s) => s.heardBy === 3],
            ['2 mics', (s) => s.heardBy === 2],
            ['1 mic', (s) => s.heardBy === 1],
            ['all', () => true],
          ] as [string, (s: Scored) => boolean][]
        ).map(([name, keep]) => [name, bucket(scored.filter(keep))]),
      );
    return {
      mics,
      events,
      incidents: incidents.size,
      sounds,
      milliseconds: split(fine.scored, 'one clock off', (s) => s.clockOff),
      wholeSeconds: split(coarse.scored, 'one mic shaded', (s) => s.shaded),
      msPerEstimate: {
        milliseconds: Math.round((fine.ms / fine.estimates) * 100) / 100,
        wholeSeconds: Math.round((coarse.ms / coarse.estimates) * 100) / 100,
      },
    };
  } finally {
    store.close();
  }
}
