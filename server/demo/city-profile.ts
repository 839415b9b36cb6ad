import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EDGES, EDGE_STATUSES, LABELS, MIC_TYPES, ROLES, RULES } from './catalog.js';
import { Random } from './random.js';
import { createSchema, SCHEMA_VERSION } from './schema.js';
import { describeEvent, thresholdFromWritten } from './seed.js';

/**
 * A city's edge for the benchmark: thousands of mics with long names in both languages, four
 * weeks of 50,000 events a day and a thousand composite events. The demo's own seed runs the
 * sound physics and the rule engine over every event (minutes at this size); this writes rows
 * straight in one transaction, indexes after, so a cold start costs well under a minute and the
 * file is reused while its version key matches.
 */
export interface CityProfile {
  mics: number;
  eventsPerDay: number;
  days: number;
  composites: number;
}

export const CITY: CityProfile = { mics: 2400, eventsPerDay: 50_000, days: 28, composites: 1000 };

/** Bump when what is generated changes: the cached file is then written again. */
const CITY_VERSION = 1;

const DAY_MS = 86_400_000;
/** Older than this, the last day of the file is no longer the clock's: it is written again (about 30 s). */
const MAX_AGE_MS = 3 * 3_600_000;

function seededAt(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string } | undefined;
    return row === undefined ? 0 : Date.parse(row.value);
  } finally {
    db.close();
  }
}

// Long, realistic place names: district, road and landmark, in Korean and English.
const DISTRICTS = [
  ['서울특별시 강남구', 'Gangnam-gu, Seoul'],
  ['서울특별시 영등포구', 'Yeongdeungpo-gu, Seoul'],
  ['서울특별시 종로구', 'Jongno-gu, Seoul'],
  ['서울특별시 마포구', 'Mapo-gu, Seoul'],
  ['부산광역시 해운대구', 'Haeundae-gu, Busan'],
  ['인천광역시 연수구', 'Yeonsu-gu, Incheon'],
] as const;
const LANDMARKS = [
  ['국민체육진흥공단 올림픽회관 정문 앞 횡단보도', 'Olympic Hall main gate pedestrian crossing'],
  ['지하철 2호선 환승통로 남측 출입구 계단', 'Line 2 transfer passage, south entrance stairs'],
  ['어린이대공원 후문 공영주차장 진입로', 'Children’s Grand Park rear gate public car park ramp'],
  ['전통시장 중앙통로 소방차 전용구역', 'Traditional market central aisle, fire engine lane'],
  ['대학병원 응급의료센터 구급차 진입로', 'University hospital emergency centre ambulance bay'],
  ['한강 자전거도로 교량 하부 쉼터', 'Han River cycle path shelter under the bridge'],
] as const;

function micName(rng: Random, i: number): string {
  const [dko, den] = rng.pick(DISTRICTS);
  const [lko, len] = rng.pick(LANDMARKS);
  const role = rng.pick(ROLES);
  const road = 10 + (i % 90);
  const pole = 1 + (i % 17);
  return `${dko} 테헤란로${road}길 ${lko} ${role.ko} ${pole}번 · ${den}, Teheran-ro ${road}-gil, ${len}, ${role.en} ${pole}`;
}

/** The cached city database for this profile, written first if missing or of an older version. */
export function ensureCityDatabase(dir: string, profile: CityProfile = CITY, now = Date.now()): string {
  fs.mkdirSync(dir, { recursive: true });
  const key = `v${SCHEMA_VERSION}.${CITY_VERSION}-${profile.mics}m-${profile.eventsPerDay}x${profile.days}-${profile.composites}c`;
  const file = path.join(dir, `city-edge-${key}.sqlite`);
  if (fs.existsSync(file) && now - seededAt(file) < MAX_AGE_MS) return file;
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new Database(partial);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  try {
    db.transaction(() => writeCity(db, profile, now))();
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
  fs.renameSync(partial, file);
  return file;
}

function writeCity(db: Database.Database, profile: CityProfile, now: number): void {
  const rng = new Random(20261126);
  const iso = (ms: number) => new Date(ms).toISOString();
  createSchema(db);
  // Counted and indexed once after the bulk write: per row they cost most of the time.
  db.exec(`DROP TRIGGER events_counted; DROP INDEX events_created; DROP INDEX events_mic; DROP INDEX events_label;`);

  const insertLabel = db.prepare('INSERT INTO labels (id, name_ko, name_en, active) VALUES (?, ?, ?, 1)');
  for (const label of LABELS) insertLabel.run(label.id, label.ko, label.en);

  const sites = EDGES.flatMap((edge) => edge.sites.map((site) => ({ edge, site })));
  const insertMic = db.prepare(`INSERT INTO mics VALUES (@id, @name, @host, @edge_id, @status, @lat, @lon,
    @thresholds, '255.255.255.0', @mac, @type, @channel, @console, @on, @on, @on, @edge_status, @created, @updated, @reported)`);
  const mics: {
    id: string;
    name: string;
    thresholds: Record<string, { confidence: number; sound_level_ge: number }>;
  }[] = [];
  for (let i = 0; i < profile.mics; i++) {
    const { edge, site } = sites[i % sites.length]!;
    const id = `mic-${String(i + 1).padStart(5, '0')}`;
    const name = micName(rng, i);
    const thresholds = Object.fromEntries(LABELS.map((l) => [l.id, thresholdFromWritten(0.4 + rng.next() * 0.4)]));
    const on = rng.chance(0.93) ? 1 : 0;
    const connection = (scheme: string, port: number) =>
      JSON.stringify({ scheme, port, path: '/', username: 'operator', password: `Pw!${rng.hex(10)}` });
    insertMic.run({
      id,
      name,
      host: `${edge.subnet}.${1 + Math.floor(i / 240)}.${10 + (i % 240)}`,
      edge_id: edge.id,
      status: on ? 'active' : 'inactive',
      lat: Math.round((site.lat + rng.range(-0.03, 0.03)) * 1e6) / 1e6,
      lon: Math.round((site.lon + rng.range(-0.04, 0.04)) * 1e6) / 1e6,
      thresholds: JSON.stringify(thresholds),
      mac: ['02', ...Array.from({ length: 5 }, () => rng.hex(2))].join(':').toUpperCase(),
      type: rng.pick(MIC_TYPES),
      channel: connection('rtsp', 554),
      console: connection('http', 80),
      on,
      edge_status: rng.pick(EDGE_STATUSES),
      created: iso(now - 90 * DAY_MS),
      updated: iso(now - rng.int(1, 30) * DAY_MS),
      reported: iso(now - rng.int(5, 600) * 1000),
    });
    mics.push({ id, name, thresholds });
  }

  const insertRule = db.prepare(`INSERT INTO rules VALUES (@id, @name, @description, @window_seconds, @min_events,
    @enabled, @group_by, @include_label_ids, @include_mic_ids)`);
  for (const r of RULES) {
    const include = r.include_mic_indexes.map((k) => mics[k * sites.length]?.id).filter((id) => id !== undefined);
    insertRule.run({
      ...r,
      enabled: r.enabled ? 1 : 0,
      include_label_ids: JSON.stringify(r.include_label_ids),
      include_mic_ids: JSON.stringify(include),
    });
  }

  // Events: evenly spread over the days, distinct instants in time order; a few busy mics.
  const total = profile.eventsPerDay * profile.days;
  const start = now - profile.days * DAY_MS;
  const step = (profile.days * DAY_MS) / total;
  const weights = LABELS.map((l) => l.weight);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const labelEn = LABELS.map((l) => l.en);
  const insertEvent = db.prepare(`INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (let seq = 1; seq <= total; seq++) {
    const at = Math.floor(start + (seq - 1) * step + rng.next() * step * 0.9);
    const micIndex = rng.chance(0.2) ? rng.int(0, 49) : rng.int(0, mics.length - 1);
    const mic = mics[micIndex]!;
    let pick = rng.next() * weightSum;
    let l = 0;
    while (pick >= weights[l]! && l < weights.length - 1) pick -= weights[l++]!;
    const label = LABELS[l]!.id;
    const t = mic.thresholds[label]!;
    const level = Math.round((t.sound_level_ge + rng.range(0, 110 - t.sound_level_ge)) * 10) / 10;
    const confidence = Math.round((t.confidence + (1 - t.confidence) * rng.next()) * 1000) / 1000;
    const createdAt = iso(at);
    // The last day is all open: every event of it is a review item, the worst case for a console.
    const read = now - at > DAY_MS;
    const readAt = read ? iso(at + 600_000) : null;
    const id = randomUUID();
    insertEvent.run(
      seq,
      id,
      label,
      mic.id,
      confidence,
      t.confidence,
      level,
      t.sound_level_ge,
      describeEvent(labelEn[l]!, mic.name, level),
      `/var/lib/edge/audio/${createdAt.slice(0, 10)}/${id}.wav`,
      read ? 1 : 0,
      readAt,
      createdAt,
      readAt ?? createdAt,
    );
  }
  db.exec(`
    CREATE INDEX events_created ON events (created_at, seq);
    CREATE INDEX events_mic ON events (mic_id, created_at, seq);
    CREATE INDEX events_label ON events (label_id, created_at, seq);
    INSERT INTO event_counts (mic_id, label_id, n) SELECT mic_id, label_id, COUNT(*) FROM events GROUP BY 1, 2;
    CREATE TRIGGER events_counted AFTER INSERT ON events BEGIN
      INSERT INTO event_counts (mic_id, label_id, n) VALUES (NEW.mic_id, NEW.label_id, 1)
      ON CONFLICT (mic_id, label_id) DO UPDATE SET n = n + 1;
    END;`);

  // Composite events: the enabled label rules, each over the next events of its category after
  // a moment spread across the weeks (their members in time order, as the rule engine keeps them).
  const ruleChoices = RULES.filter((r) => r.enabled && r.include_label_ids.length > 0);
  const next = db.prepare(
    'SELECT seq, created_at FROM events WHERE label_id = ? AND created_at >= ? ORDER BY created_at LIMIT ?',
  );
  const insertComposite = db.prepare('INSERT INTO composite_events VALUES (?, ?, ?, ?, ?, ?)');
  const insertMember = db.prepare('INSERT OR IGNORE INTO composite_members VALUES (?, ?)');
  for (let c = 1; c <= profile.composites; c++) {
    const rule = ruleChoices[c % ruleChoices.length]!;
    const label = rule.include_label_ids[c % rule.include_label_ids.length]!;
    const from = start + ((c - 0.5) / profile.composites) * profile.days * DAY_MS;
    const members = next.all(label, iso(from), rule.min_events + rng.int(0, 3)) as {
      seq: number;
      created_at: string;
    }[];
    if (members.length < rule.min_events) continue;
    insertComposite.run(
      c,
      randomUUID(),
      rule.id,
      label,
      members[0]!.created_at,
      members[rule.min_events - 1]!.created_at,
    );
    for (const m of members) insertMember.run(c, m.seq);
  }
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  put.run('seeded_at', iso(now));
  put.run('deaf_mic', 'null');
  put.run('noisy_mics', '{}');
}
