import { z } from 'zod';
import { LEVELS, type IncidentFacts, type Level } from './score.js';

/**
 * What scoring needs of an edge item, read leniently: the edge's objects carry much more, and a
 * field it leaves out only leaves that part of the score out.
 */
const baseEvent = z
  .object({
    id: z.string().optional(),
    label_id: z.string().optional(),
    label: z.object({ id: z.string() }).loose().optional(),
    mic_id: z.string().optional(),
    mic: z.object({ id: z.string() }).loose().optional(),
    sound_level: z.number().optional(),
    sound_level_threshold: z.number().optional(),
  })
  .loose();
const composite = z
  .object({
    id: z.string(),
    started_at: z.string().optional(),
    rule: z.object({ id: z.string().optional(), priority: z.unknown().optional() }).loose().optional(),
    events: z.array(baseEvent).optional(),
    labels: z.array(z.object({ id: z.string() }).loose()).optional(),
    mics: z.array(z.object({ id: z.string() }).loose()).optional(),
  })
  .loose();
const loneEvent = baseEvent.extend({ id: z.string(), created_at: z.string().optional() });

/** The rule's priority as an edge might word it: one of the levels, or 1 (critical) to 4 (low). */
export function rulePriorityOf(value: unknown): Level | null {
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    return (LEVELS as readonly string[]).includes(word) ? (word as Level) : null;
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 4) return LEVELS[4 - value]!;
  return null;
}

function labelsByCount(labels: string[]): string[] {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([label]) => label);
}

export interface ItemFacts extends IncidentFacts {
  firedAt: string | null;
}

/** A composite event's facts: its base events' labels and mics, the loudest over a threshold. */
export function compositeFacts(value: unknown): ItemFacts | null {
  const parsed = composite.safeParse(value);
  if (!parsed.success) return null;
  const item = parsed.data;
  const events = item.events ?? [];
  const labels = events.flatMap((e) => {
    const id = e.label_id ?? e.label?.id;
    return id === undefined ? [] : [id];
  });
  const micIds = new Set(events.flatMap((e) => [e.mic_id ?? e.mic?.id ?? []].flat()));
  for (const mic of item.mics ?? []) if (micIds.size === 0) micIds.add(mic.id);
  const overs = events.flatMap((e) =>
    e.sound_level !== undefined && e.sound_level_threshold !== undefined
      ? [e.sound_level - e.sound_level_threshold]
      : [],
  );
  const heard = labels.length > 0 ? labelsByCount(labels) : (item.labels ?? []).map((l) => l.id);
  // Without a label there is nothing to score: the item stays unknown, not harmless.
  if (heard.length === 0) return null;
  return {
    labels: heard,
    micIds: [...micIds],
    dbOver: overs.length > 0 ? Math.max(...overs) : null,
    rulePriority: rulePriorityOf(item.rule?.priority),
    firedAt: item.started_at ?? null,
  };
}

/** A base event on its own: one label, one mic. */
export function eventFacts(value: unknown): ItemFacts | null {
  const parsed = loneEvent.safeParse(value);
  if (!parsed.success) return null;
  const e = parsed.data;
  const label = e.label_id ?? e.label?.id;
  const mic = e.mic_id ?? e.mic?.id;
  if (label === undefined) return null;
  const over =
    e.sound_level !== undefined && e.sound_level_threshold !== undefined
      ? e.sound_level - e.sound_level_threshold
      : null;
  return {
    labels: [label],
    micIds: mic === undefined ? [] : [mic],
    dbOver: over,
    rulePriority: null,
    firedAt: e.created_at ?? null,
  };
}
