import { z } from 'zod';
import type { DirectoryMic, EdgeReader } from './edge-reader.js';
import { distanceMeters, type Place } from './geo.js';
import { classifyMotion, DEFAULT_MOTION } from './motion.js';

/** Before the first and after the last member event. */
export const REPLAY_MARGIN_MS = 60_000;
/** Mics named in the events query (members first, then the nearest neighbours). */
const MAX_REPLAY_MICS = 100;
const MAX_REPLAY_PAGES = 5;

const compositeSchema = z
  .object({
    id: z.string(),
    events: z.array(
      z
        .object({
          id: z.string(),
          mic_id: z.string(),
          label_id: z.string(),
          created_at: z.string(),
          confidence: z.number().nullish(),
        })
        .loose(),
    ),
    mics: z
      .array(
        z
          .object({
            id: z.string(),
            name: z.string().nullish(),
            location: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
          })
          .loose(),
      )
      .default([]),
    labels: z
      .array(z.object({ id: z.string(), name: z.object({ ko: z.string(), en: z.string() }).nullish() }).loose())
      .default([]),
  })
  .loose();

export type ReplayComposite = z.infer<typeof compositeSchema>;

export function parseComposite(body: unknown): ReplayComposite | null {
  const parsed = compositeSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * What an incident sounded like around its mics: the events of its members and of the mics
 * within the radius of any member, same label, from a minute before its first event to a minute
 * after its last, in time order; and whether it stood still or moved (from its own events).
 */
export async function replay(
  composite: ReplayComposite,
  directory: ReadonlyMap<string, DirectoryMic>,
  reader: EdgeReader,
  radiusM: number,
) {
  const times = composite.events.map((e) => Date.parse(e.created_at)).filter((t) => !Number.isNaN(t));
  const labelCount = new Map<string, number>();
  for (const e of composite.events) labelCount.set(e.label_id, (labelCount.get(e.label_id) ?? 0) + 1);
  const labelId =
    [...labelCount].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? composite.labels[0]?.id ?? '';
  const label = composite.labels.find((l) => l.id === labelId);

  const places = new Map<string, Place & { name: string | null }>();
  for (const m of composite.mics) if (m.location) places.set(m.id, { ...m.location, name: m.name ?? null });
  for (const [id, m] of directory) places.set(id, { latitude: m.latitude, longitude: m.longitude, name: m.name });
  const members = [...new Set([...composite.mics.map((m) => m.id), ...composite.events.map((e) => e.mic_id)])].filter(
    (id) => places.has(id),
  );
  const memberSet = new Set(members);
  const nearest = new Map<string, number>();
  for (const id of members) {
    const own = places.get(id)!;
    for (const [other, place] of places) {
      if (memberSet.has(other)) continue;
      const d = distanceMeters(own, place);
      if (d <= radiusM && d < (nearest.get(other) ?? Infinity)) nearest.set(other, d);
    }
  }
  const neighbours = [...nearest].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([id]) => id);
  const micIds = [...members, ...neighbours].slice(0, MAX_REPLAY_MICS);

  const from = times.length === 0 ? 0 : Math.min(...times) - REPLAY_MARGIN_MS;
  const to = times.length === 0 ? 0 : Math.max(...times) + REPLAY_MARGIN_MS;
  const events = new Map<string, { id: string; mic_id: string; at: number; confidence: number | null }>();
  for (const e of composite.events) {
    const at = Date.parse(e.created_at);
    if (e.label_id === labelId && !Number.isNaN(at))
      events.set(e.id, { id: e.id, mic_id: e.mic_id, at, confidence: e.confidence ?? null });
  }
  const wanted = new Set(micIds);
  if (times.length > 0 && micIds.length > 0) {
    for (let n = 1; n <= MAX_REPLAY_PAGES; n++) {
      const page = await reader.eventsPage({
        page: n,
        size: 100,
        start: new Date(from).toISOString(),
        end: new Date(to).toISOString(),
        mic_id: micIds,
        label_id: [labelId],
      });
      for (const e of page.events) {
        if (e.labelId !== labelId || !wanted.has(e.micId) || e.at < from || e.at > to) continue;
        events.set(e.id, { id: e.id, mic_id: e.micId, at: e.at, confidence: e.confidence });
      }
      if (page.sent < 100) break;
    }
  }
  const ordered = [...events.values()].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const own = composite.events.flatMap((e) => {
    const at = Date.parse(e.created_at);
    return Number.isNaN(at) ? [] : [{ micId: e.mic_id, at }];
  });
  return {
    composite_id: composite.id,
    label_id: labelId,
    label_name: label?.name ?? null,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    mics: micIds.map((id) => {
      const p = places.get(id)!;
      return {
        id,
        name: p.name,
        lat: p.latitude,
        lng: p.longitude,
        role: memberSet.has(id) ? ('member' as const) : ('neighbour' as const),
      };
    }),
    events: ordered.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
    motion: classifyMotion(own, places, DEFAULT_MOTION),
  };
}
