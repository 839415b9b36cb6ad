import type Database from 'better-sqlite3';
import { micDevice, type MicDevice, type MicRow, type Slice } from './rows.js';
import { thresholdFromWritten } from './seed.js';

export interface MicFilter {
  page: number;
  size: number;
  name: string | null;
  edge_id: string | null;
}

export interface MicPatch {
  name?: string;
  host?: string;
  location?: { latitude: number; longitude: number };
  status?: 'active' | 'inactive';
  thresholds?: Record<string, number>;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listMics(db: Database.Database, filter: MicFilter): Slice<MicDevice> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.name !== null) {
    where.push("name LIKE ? ESCAPE '\\'");
    params.push(likePattern(filter.name));
  }
  if (filter.edge_id !== null) {
    where.push('edge_id = ?');
    params.push(filter.edge_id);
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM mics ${clause}`).get(...params) as { n: number }).n;
  const rows = db
    .prepare(`SELECT * FROM mics ${clause} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`)
    .all(...params, filter.size, (filter.page - 1) * filter.size) as MicRow[];
  return { total, results: rows.map(micDevice) };
}

export function micRow(db: Database.Database, id: string): MicRow | undefined {
  return db.prepare('SELECT * FROM mics WHERE id = ?').get(id) as MicRow | undefined;
}

export function micIds(db: Database.Database): string[] {
  return (db.prepare('SELECT id FROM mics ORDER BY id').all() as { id: string }[]).map((r) => r.id);
}

/** Where each mic stands and which area it is in, in id order (the order mics were seeded). */
export function micPlaces(db: Database.Database) {
  return db.prepare('SELECT id, latitude, longitude, edge_id AS edgeId FROM mics ORDER BY id').all() as {
    id: string;
    latitude: number;
    longitude: number;
    edgeId: string;
  }[];
}

/** Writes the patch over the stored row; a threshold is written as the single number and read back as the edge reports it. */
export function updateMic(db: Database.Database, row: MicRow, patch: MicPatch): void {
  const thresholds = JSON.parse(row.thresholds) as Record<string, unknown>;
  for (const [category, value] of Object.entries(patch.thresholds ?? {})) {
    thresholds[category] = thresholdFromWritten(value);
  }
  const next = {
    name: patch.name ?? row.name,
    host: patch.host ?? row.host,
    status: patch.status ?? row.status,
    latitude: patch.location?.latitude ?? row.latitude,
    longitude: patch.location?.longitude ?? row.longitude,
    thresholds: JSON.stringify(thresholds),
    updated_at: new Date().toISOString(),
  };
  db.prepare(
    `UPDATE mics SET name = @name, host = @host, status = @status, latitude = @latitude,
        longitude = @longitude, thresholds = @thresholds, updated_at = @updated_at WHERE id = @id`,
  ).run({ ...next, id: row.id });
}
