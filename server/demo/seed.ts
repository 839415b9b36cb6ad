import type Database from 'better-sqlite3';
import { EDGES, EDGE_STATUSES, LABELS, MIC_TYPES, ROLES, RULES } from './catalog.js';
import { Random } from './random.js';
import { chooseQuirks, deafMicIndex, Soundscape, type PlacedMic, type Quirks } from './physics.js';
import { RuleEngine, type EngineRule } from './rule-engine.js';
import type { Truth } from './acoustics.js';
import { truthWriter } from './truth-sql.js';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 7;
export const DEFAULT_HISTORY_EVENTS = 30_000;

export interface SeedOptions {
  mics: number;
  /** Events spread over the last seven days; 0 picks the natural rate (a few a minute). */
  events: number;
  now: number;
  /** Fixed, recognisable device credentials, so tests can prove none of them reaches a browser. */
  credentialCanary?: string | null;
}

export interface SeededMic extends PlacedMic {
  siteKey: string;
  thresholds: Record<string, number>;
}

/** The unusual burst the demo starts with: a horn stuck on one mic over the last quarter hour. */
const BURST = { mic: 1, labelId: 'car_horn', count: 12, spanMs: 13 * 60_000 };

/** The single number an admin writes per category, as the edge reports it back. */
export function thresholdFromWritten(value: number): { sound_level_ge: number; confidence: number } {
  return { sound_level_ge: Math.round((40 + value * 50) * 10) / 10, confidence: value };
}

export function describeEvent(labelEn: string, micName: string, soundLevel: number): string {
  return `${labelEn} detected at ${micName} (${soundLevel.toFixed(1)} dB)`;
}

function macAddress(rng: Random): string {
  const bytes = ['02', ...Array.from({ length: 5 }, () => rng.hex(2))];
  return bytes.join(':').toUpperCase();
}

function password(rng: Random): string {
  return `Pw!${rng.hex(10)}`;
}

function hostFor(subnet: string, index: number): string {
  const [a, b] = subnet.split('.');
  return `${a}.${b}.${1 + Math.floor(index / 240)}.${10 + (index % 240)}`;
}

/** Seeds reference data, devices and a week of history, then runs the rules over that history. */
export function seed(db: Database.Database, options: SeedOptions): void {
  const rng = new Random(20260221);
  const iso = (ms: number) => new Date(ms).toISOString();
  const created = iso(options.now - 90 * DAY_MS);

  const insertLabel = db.prepare('INSERT INTO labels (id, name_ko, name_en, active) VALUES (?, ?, ?, 1)');
  for (const label of LABELS) insertLabel.run(label.id, label.ko, label.en);

  const sites = EDGES.flatMap((edge) => edge.sites.map((site, s) => ({ edge, site, key: `${edge.id}/${s}` })));
  // Known before any mic exists, so the deaf mic can be kept active.
  const deafIndex = deafMicIndex(options.mics, sites.length);
  const insertMic = db.prepare(`
    INSERT INTO mics (id, name, host, edge_id, status, latitude, longitude, thresholds, subnet_mask, mac_address,
      microphone_type, channel, console, streaming, recording, connected, edge_status, created_at, updated_at, reported_at)
    VALUES (@id, @name, @host, @edge_id, @status, @latitude, @longitude, @thresholds, '255.255.255.0', @mac,
      @type, @channel, @console, @streaming, @recording, @connected, @edge_status, @created, @updated, @reported)`);
  const mics: SeededMic[] = [];
  const perEdge = new Map<string, number>();
  const perSite = Math.max(1, Math.ceil(options.mics / sites.length));
  for (let i = 0; i < options.mics; i++) {
    const { edge, site, key } = sites[i % sites.length]!;
    const slot = Math.floor(i / sites.length);
    const role = ROLES[slot % ROLES.length]!;
    const cycle = Math.floor(slot / ROLES.length);
    const korean = i % 2 === 0;
    const base = korean ? `${site.ko} ${role.ko}` : `${site.en} ${role.en}`;
    const name = cycle === 0 ? base : `${base} ${cycle + 1}`;
    const spread = 0.0012 * Math.sqrt(perSite);
    const edgeIndex = perEdge.get(edge.id) ?? 0;
    perEdge.set(edge.id, edgeIndex + 1);

    const thresholds: Record<string, number> = {};
    if (!rng.chance(0.12)) {
      for (const label of role.labels) thresholds[label] = Math.round(rng.range(0.45, 0.85) * 100) / 100;
      if (rng.chance(0.3)) thresholds[rng.pick(LABELS).id] = Math.round(rng.range(0.5, 0.9) * 100) / 100;
      // A category no label names yet, as a newer firmware might report it.
      if (i % 17 === 5) thresholds.drone = 0.7;
    }
    const readThresholds = Object.fromEntries(Object.entries(thresholds).map(([k, v]) => [k, thresholdFromWritten(v)]));
    const active = !rng.chance(0.1) || i === deafIndex;
    const connection = (scheme: string, port: number, path: string) =>
      JSON.stringify({
        scheme,
        port,
        path,
        username: options.credentialCanary ? `${options.credentialCanary}-user` : 'operator',
        password: options.credentialCanary ? `${options.credentialCanary}-pass` : password(rng),
      });
    const latitude = Math.round((site.lat + rng.range(-spread, spread)) * 1e6) / 1e6;
    const longitude = Math.round((site.lon + rng.range(-spread, spread) * 1.25) * 1e6) / 1e6;
    insertMic.run({
      id: `mic-${String(i + 1).padStart(4, '0')}`,
      name,
      host: hostFor(edge.subnet, edgeIndex),
      edge_id: edge.id,
      status: active ? 'active' : 'inactive',
      latitude,
      longitude,
      thresholds: JSON.stringify(readThresholds),
      mac: macAddress(rng),
      type: rng.pick(MIC_TYPES),
      channel: connection('rtsp', 554, '/stream1'),
      console: connection('http', 80, '/'),
      streaming: active ? 1 : 0,
      recording: active && rng.chance(0.7) ? 1 : 0,
      connected: active ? 1 : 0,
      edge_status: rng.pick(EDGE_STATUSES),
      created: created,
      updated: iso(options.now - rng.int(1, 30) * DAY_MS),
      reported: iso(options.now - rng.int(5, 600) * 1000),
    });
    mics.push({
      id: `mic-${String(i + 1).padStart(4, '0')}`,
      siteKey: key,
      site: i % sites.length,
      edgeId: edge.id,
      latitude,
      longitude,
      labels: role.labels,
      thresholds,
    });
  }

  const insertRule = db.prepare(`INSERT INTO rules VALUES (@id, @name, @description, @window_seconds, @min_events,
    @enabled, @group_by, @include_label_ids, @include_mic_ids)`);
  const engineRules: EngineRule[] = RULES.map((r) => {
    const include_mic_ids = r.include_mic_indexes
      .map((idx) => mics[idx * sites.length]?.id)
      .filter((id): id is string => id !== undefined);
    insertRule.run({
      ...r,
      enabled: r.enabled ? 1 : 0,
      include_label_ids: JSON.stringify(r.include_label_ids),
      include_mic_ids: JSON.stringify(include_mic_ids),
    });
    return { ...r, include_mic_ids };
  });

  const quirks = chooseQuirks(mics, sites.length, options.now);
  writeQuirks(db, mics, quirks);
  const history = historyEvents(rng, mics, quirks, options);
  const engine = new RuleEngine(engineRules, () => rng.uuid());
  writeHistory(db, rng, history, engine, options.now);
  db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', ?)").run(iso(options.now));
}

interface HistoryEvent {
  micIndex: number;
  labelId: string;
  at: number;
  level?: number;
  truth?: Truth;
}

/** Where the live feed finds the demo's odd mics again: the deaf one and the noisy ones. */
function writeQuirks(db: Database.Database, mics: SeededMic[], quirks: Quirks): void {
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  put.run('deaf_mic', JSON.stringify(quirks.deaf < 0 ? null : { id: mics[quirks.deaf]!.id, since: quirks.deafSince }));
  put.run(
    'noisy_mics',
    JSON.stringify(Object.fromEntries([...quirks.noisy].map(([i, label]) => [mics[i]!.id, label]))),
  );
}

function historyEvents(rng: Random, mics: SeededMic[], quirks: Quirks, options: SeedOptions): HistoryEvent[] {
  if (mics.length === 0) return [];
  const total = options.events > 0 ? options.events : DEFAULT_HISTORY_EVENTS;
  const start = options.now - HISTORY_DAYS * DAY_MS;
  // The default history is a district's natural rate; a history of a given size, a dense sample for tests.
  const world = new Soundscape(mics, quirks, undefined, options.events > 0 ? 'dense' : 'city');
  const burst = mics.length > BURST.mic ? BURST.count : 0;
  const events: HistoryEvent[] = [];
  while (events.length < total - burst) {
    const at = start + rng.next() * (options.now - start);
    for (const d of world.moment(rng, at)) {
      if (d.at <= options.now) {
        events.push({ micIndex: d.mic, labelId: d.labelId, at: d.at, level: d.level, truth: d.truth });
      }
    }
  }
  events.length = Math.min(events.length, total - burst);
  for (let k = 0; k < burst; k++) {
    const at = options.now - BURST.spanMs + Math.round((k * BURST.spanMs) / BURST.count);
    events.push({ micIndex: BURST.mic, labelId: BURST.labelId, at });
  }
  events.sort((a, b) => a.at - b.at);
  // Distinct instants keep the time order of the history unambiguous.
  for (let i = 1; i < events.length; i++) {
    if (events[i]!.at <= events[i - 1]!.at) events[i]!.at = events[i - 1]!.at + 1;
  }
  return events;
}

function writeHistory(
  db: Database.Database,
  rng: Random,
  history: HistoryEvent[],
  engine: RuleEngine,
  now: number,
): void {
  const micRows = db.prepare('SELECT id, name, thresholds FROM mics ORDER BY id').all() as {
    id: string;
    name: string;
    thresholds: string;
  }[];
  const labelEn = new Map(LABELS.map((l) => [l.id, l.en]));
  const insertEvent = db.prepare(`INSERT INTO events (seq, id, label_id, mic_id, confidence, confidence_threshold,
    sound_level, sound_level_threshold, description, file_path, is_read, read_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertComposite = db.prepare(
    'INSERT INTO composite_events (seq, id, rule_id, group_key, started_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertMember = db.prepare('INSERT INTO composite_members (composite_seq, event_seq) VALUES (?, ?)');
  const insertTruth = truthWriter(db);
  const parsed = micRows.map((m) => ({
    ...m,
    thresholds: JSON.parse(m.thresholds) as Record<string, { confidence: number; sound_level_ge: number }>,
  }));
  const eventSeq = new Map<string, number>();
  const compositeSeq = new Map<string, number>();
  let nextComposite = 1;

  db.transaction(() => {
    history.forEach((h, i) => {
      const seq = i + 1;
      const mic = parsed[h.micIndex]!;
      const threshold = mic.thresholds[h.labelId] ?? { confidence: 0.5, sound_level_ge: 65 };
      const confidence =
        Math.round((threshold.confidence + (1 - threshold.confidence) * rng.next() ** 0.8) * 1000) / 1000;
      // Drawn for incidents too, which bring their own level: the rest of the history stays as it was.
      const drawnLevel =
        Math.round((threshold.sound_level_ge + rng.range(0, 110 - threshold.sound_level_ge)) * 10) / 10;
      const soundLevel = h.level ?? drawnLevel;
      const id = rng.uuid();
      const createdAt = new Date(h.at).toISOString();
      const read = now - h.at > 6 * 3_600_000 || rng.chance(0.3);
      const readAt = read ? new Date(Math.min(now, h.at + rng.int(60_000, 3_600_000))).toISOString() : null;
      insertEvent.run(
        seq,
        id,
        h.labelId,
        mic.id,
        confidence,
        threshold.confidence,
        soundLevel,
        threshold.sound_level_ge,
        describeEvent(labelEn.get(h.labelId) ?? h.labelId, mic.name, soundLevel),
        `/var/lib/edge/audio/${createdAt.slice(0, 10)}/${id}.wav`,
        read ? 1 : 0,
        readAt,
        createdAt,
        readAt ?? createdAt,
      );
      eventSeq.set(id, seq);
      if (h.truth !== undefined) insertTruth(seq, h.truth);
      for (const out of engine.process({ id, label_id: h.labelId, mic_id: mic.id, at: h.at })) {
        if (out.kind === 'created') {
          const cseq = nextComposite++;
          compositeSeq.set(out.composite.id, cseq);
          insertComposite.run(
            cseq,
            out.composite.id,
            out.composite.ruleId,
            out.composite.groupKey,
            new Date(out.composite.startedAt).toISOString(),
            new Date(out.createdAt).toISOString(),
          );
          for (const memberId of out.memberIds) insertMember.run(cseq, eventSeq.get(memberId));
        } else {
          insertMember.run(compositeSeq.get(out.compositeId), seq);
        }
      }
    });
  })();
}
