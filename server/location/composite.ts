import { z } from 'zod';
import { arrivalGroups, resolutionOf } from './groups.js';
import { CLOCK_SIGMA_MS, locateGroup } from './locate.js';
import { sourcePriorOf } from './source-levels.js';
import { tracksOf, type Track } from './track.js';
import { SPEED_OF_SOUND_MPS, type Reading, type Source } from './types.js';

const location = z
  .object({ latitude: z.number(), longitude: z.number() })
  .loose()
  .nullish()
  .catch(null)
  .transform((l) =>
    l != null && Math.abs(l.latitude) <= 90 && Math.abs(l.longitude) <= 180
      ? { latitude: l.latitude, longitude: l.longitude }
      : null,
  );

/** What the locator reads of a composite event; anything else in it is the browser's to check. */
export const compositeSchema = z
  .object({
    id: z.string(),
    events: z.array(
      z
        .object({
          id: z.string(),
          mic_id: z.string(),
          label_id: z.string().nullish(),
          created_at: z.string(),
          sound_level: z.number().nullish().catch(null),
          microphone: z.object({ location }).loose().nullish().catch(null),
        })
        .loose(),
    ),
    mics: z.array(z.object({ id: z.string(), location }).loose()).catch([]),
  })
  .loose();

export type LocatedSource = Source & { label_id: string };

export interface SourceAnswer {
  composite_id: string;
  speed_of_sound_mps: number;
  /** How finely the composite's timestamps resolve, ms (1000: whole seconds, so no arrival-time estimate). */
  timestamp_resolution_ms: number;
  sources: LocatedSource[];
  tracks: Track[];
  /** Present when no source could be placed at all. */
  reason?: string;
}

/** Mics that heard a repeat of one sound (another shot): at least three in common, and most of each. */
const SHARED_MICS = 3;

function sameMics(a: readonly Reading[], b: readonly Reading[]): boolean {
  const shared = a.filter((r) => b.some((o) => o.micId === r.micId)).length;
  return shared >= SHARED_MICS && 2 * shared > Math.max(a.length, b.length);
}

/**
 * Locates every sound of a composite event: its base events split by kind of sound and into
 * arrival groups (one per sound made), each group located with the others the same mics heard
 * (repeats from one place share it where the levels must place them), and the located repeats
 * of a moving source joined into tracks.
 */
export function locateComposite(composite: z.infer<typeof compositeSchema>, hearingRadiusM: number): SourceAnswer {
  const micPlaces = new Map(composite.mics.map((m) => [m.id, m.location]));
  const byLabel = new Map<string, Reading[]>();
  for (const e of composite.events) {
    const at = Date.parse(e.created_at);
    if (Number.isNaN(at)) continue;
    const reading: Reading = {
      micId: e.mic_id,
      eventId: e.id,
      place: e.microphone?.location ?? micPlaces.get(e.mic_id) ?? null,
      at,
      level: e.sound_level != null && Number.isFinite(e.sound_level) ? e.sound_level : null,
    };
    const label = e.label_id ?? '';
    byLabel.set(label, [...(byLabel.get(label) ?? []), reading]);
  }
  const resolutionMs = resolutionOf([...byLabel.values()].flat().map((r) => r.at));
  const sources: LocatedSource[] = [];
  let unplaced = 0;
  for (const [label, readings] of byLabel) {
    const groups = arrivalGroups(readings, { resolutionMs, clockMs: CLOCK_SIGMA_MS, hearingRadiusM });
    for (const group of groups) {
      const repeats = groups.filter((other) => other !== group && sameMics(group, other));
      const source = locateGroup(group, { resolutionMs, hearingRadiusM, sourcePrior: sourcePriorOf(label) }, repeats);
      if (source === null) unplaced++;
      else sources.push({ ...source, label_id: label });
    }
  }
  sources.sort((a, b) => a.at.localeCompare(b.at));
  const answer: SourceAnswer = {
    composite_id: composite.id,
    speed_of_sound_mps: SPEED_OF_SOUND_MPS,
    timestamp_resolution_ms: resolutionMs,
    sources,
    tracks: tracksOf(sources),
  };
  if (sources.length === 0) {
    answer.reason =
      composite.events.length === 0
        ? 'cannot locate: the composite event holds no base events'
        : unplaced > 0
          ? 'cannot locate: no mic that heard it has a location'
          : 'cannot locate: no base event has a readable time';
  }
  return answer;
}
