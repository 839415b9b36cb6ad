import crypto from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import { z } from 'zod';
import { csvLine } from '../audit/csv.js';
import type { AuditView } from '../audit/query.js';
import type { Clip, ClipError } from './edge-clip.js';

export const MANIFEST = 'manifest.json';
export const MANIFEST_HASH = 'manifest.sha256';

/** What the pack reads of a composite event; the whole (redacted) body goes in as composite.json. */
export const evidenceCompositeSchema = z
  .object({
    id: z.string(),
    started_at: z.string(),
    rule: z.object({ id: z.string(), name: z.string() }).loose(),
    events: z.array(
      z
        .object({
          id: z.string(),
          created_at: z.string(),
          confidence: z.number(),
          sound_level: z.number(),
          sound_level_threshold: z.number(),
          label_id: z.string(),
          mic_id: z.string(),
          microphone: z.object({ name: z.string() }).loose().optional(),
          label: z
            .object({ name: z.object({ en: z.string(), ko: z.string() }).loose() })
            .loose()
            .optional(),
          audio_file: z.object({ file_path: z.unknown() }).loose(),
        })
        .loose(),
    ),
  })
  .loose();
export type EvidenceComposite = z.infer<typeof evidenceCompositeSchema>;

export interface PackInput {
  composite: EvidenceComposite;
  /** Each base event's clip, or why there is none. */
  clips: Map<string, Clip | ClipError>;
  /** The location estimate's answer, or why there is none. */
  location: { body: unknown } | { missing: string };
  review: unknown;
  audit: AuditView[];
  exportedBy: { username: string; role: string };
  exportedAt: string;
}

export interface Pack {
  zip: Uint8Array;
  manifestSha256: string;
  files: number;
  clips: number;
  clipsMissing: number;
}

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

const EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
};

/** A name part made of safe characters only: edge ids and mic names are the edge's text. */
const safe = (text: string, max = 40) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, max) || '_';

/** Detections in the order the mics heard them, with the offset from the first. */
function timelineOf(input: PackInput, clipNames: Map<string, string>) {
  const events = [...input.composite.events].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id.localeCompare(b.id),
  );
  const first = events.length === 0 ? 0 : Date.parse(events[0]!.created_at);
  return events.map((event) => {
    const clip = input.clips.get(event.id);
    return {
      event_id: event.id,
      detected_at: event.created_at,
      offset_ms: Date.parse(event.created_at) - first,
      mic_id: event.mic_id,
      mic_name: event.microphone?.name ?? null,
      label_id: event.label_id,
      label_en: event.label?.name.en ?? null,
      label_ko: event.label?.name.ko ?? null,
      confidence: event.confidence,
      sound_level_db: event.sound_level,
      sound_level_threshold_db: event.sound_level_threshold,
      clip: clipNames.get(event.id) ?? null,
      clip_problem: clip === undefined || !('reason' in clip) ? null : clip.reason,
    };
  });
}

const CSV_COLUMNS = [
  'event_id',
  'detected_at',
  'offset_ms',
  'mic_id',
  'mic_name',
  'label_id',
  'label_en',
  'label_ko',
  'confidence',
  'sound_level_db',
  'sound_level_threshold_db',
  'clip',
  'clip_problem',
] as const;

/**
 * The evidence pack of one incident as a ZIP: every clip, the timeline (JSON and CSV), the
 * location estimate when there is one, the review with its comments, the incident's audit
 * entries, the composite event as the edge sent it (credentials removed), and a manifest naming
 * who exported it and when with the SHA-256 of every file; manifest.sha256 holds the manifest's
 * own, in `sha256sum -c` form. Clips are stored as they are (audio barely deflates).
 */
export function buildPack(input: PackInput): Pack {
  const files: Zippable = {};
  const listed: { name: string; bytes: number; sha256: string }[] = [];
  const add = (name: string, data: Uint8Array, level: 0 | 6 = 6) => {
    files[name] = [data, { level }];
    listed.push({ name, bytes: data.byteLength, sha256: sha256(data) });
  };

  const clipNames = new Map<string, string>();
  const missing: { event_id: string; reason: string; detail: string }[] = [];
  const ordered = [...input.composite.events].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  ordered.forEach((event, index) => {
    const clip = input.clips.get(event.id);
    if (clip === undefined || 'reason' in clip) {
      missing.push({
        event_id: event.id,
        reason: clip?.reason ?? 'missing',
        detail: clip?.message ?? 'Not fetched.',
      });
      return;
    }
    const ext = EXTENSIONS[clip.type] ?? 'audio';
    const mic = safe(event.microphone?.name ?? event.mic_id);
    const name = `clips/${String(index + 1).padStart(2, '0')}-${mic}-${safe(event.id, 80)}.${ext}`;
    clipNames.set(event.id, name);
    add(name, clip.bytes, 0);
  });

  const timeline = timelineOf(input, clipNames);
  add('timeline.json', json(timeline));
  const csv = [csvLine(CSV_COLUMNS), ...timeline.map((row) => csvLine(CSV_COLUMNS.map((column) => row[column])))];
  add('timeline.csv', new TextEncoder().encode(csv.join('')));
  if ('body' in input.location) add('location.json', json(input.location.body));
  add('review.json', json(input.review));
  add('audit.json', json(input.audit));
  add('composite.json', json(input.composite));

  const manifest = {
    format: 'Edge Sound Console evidence pack, version 1',
    composite_event: {
      id: input.composite.id,
      rule: input.composite.rule.name,
      started_at: input.composite.started_at,
    },
    exported_by: input.exportedBy,
    exported_at: input.exportedAt,
    files: listed,
    clips_missing: missing,
    location: 'body' in input.location ? 'location.json' : `not included: ${input.location.missing}`,
    manifest_hash: `SHA-256 of ${MANIFEST} in ${MANIFEST_HASH}`,
  };
  const manifestBytes = json(manifest);
  const manifestSha256 = sha256(manifestBytes);
  files[MANIFEST] = [manifestBytes, { level: 6 }];
  files[MANIFEST_HASH] = [new TextEncoder().encode(`${manifestSha256}  ${MANIFEST}\n`), { level: 0 }];
  return {
    zip: zipSync(files),
    manifestSha256,
    files: listed.length + 2,
    clips: clipNames.size,
    clipsMissing: missing.length,
  };
}
