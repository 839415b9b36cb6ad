import { z } from 'zod';
import { getEdge, type EdgeAccess } from '../edge/access.js';
import type { CompositeCache } from '../edge/composites.js';
import { EdgeError } from '../edge/errors.js';
import type { ItemKey } from '../review/model.js';
import type { ItemFacts } from './model.js';

const labelOf = z
  .object({ label_id: z.string().optional(), label: z.object({ id: z.string() }).loose().nullish() })
  .loose();
const compositeSchema = z
  .object({
    id: z.string(),
    started_at: z.string(),
    rule: z.object({ id: z.string() }).loose().nullish(),
    composite_rule_id: z.string().nullish(),
    labels: z.array(z.object({ id: z.string() }).loose()).optional(),
    events: z.array(labelOf).optional(),
  })
  .loose();
const eventSchema = labelOf.extend({ id: z.string(), created_at: z.string() });
const eventPage = z.object({ results: z.array(eventSchema) });

/** A base event is looked for this much either side of the browser's time (the edge has no read by id). */
const HINT_SLACK_MS = 1_000;
const HINT_PAGE_SIZE = 100;
const MAX_HINT_PAGES = 3;

const eventLabel = (event: z.infer<typeof labelOf>) => event.label_id ?? event.label?.id ?? null;

export function compositeFacts(composite: z.infer<typeof compositeSchema>): ItemFacts {
  const labels = [
    ...(composite.labels ?? []).map((label) => label.id),
    ...(composite.events ?? []).map(eventLabel).filter((id) => id !== null),
  ];
  return {
    rule_id: composite.rule?.id ?? composite.composite_rule_id ?? null,
    label_ids: [...new Set(labels)],
    fired_at: composite.started_at,
  };
}

export function eventFacts(event: z.infer<typeof eventSchema>): ItemFacts {
  const label = eventLabel(event);
  return { rule_id: null, label_ids: label === null ? [] : [label], fired_at: event.created_at };
}

/** Reads what the hub passes on: anything that does not parse is not an item procedures can know. */
export function parseComposite(value: unknown): ItemFacts | null {
  const parsed = compositeSchema.safeParse(value);
  return parsed.success ? compositeFacts(parsed.data) : null;
}
export function parseEvent(value: unknown): ItemFacts | null {
  const parsed = eventSchema.safeParse(value);
  return parsed.success ? eventFacts(parsed.data) : null;
}

/**
 * What the edge says of an item (never what the browser says): a composite event by its id, a
 * base event found around `hint`. Null when the edge does not have it; an EdgeError when it could
 * not be asked.
 */
export async function readFactsFromEdge(
  edge: EdgeAccess,
  key: ItemKey,
  hint: string | undefined,
  authorization: string | null,
  composites?: CompositeCache,
): Promise<ItemFacts | null> {
  if (key.kind === 'composite') {
    try {
      // The drill-down's place and player read the same composite: the shared cache asks the edge once.
      if (composites !== undefined) return compositeFacts(await composites.get(key.id, authorization, compositeSchema));
      const path = `/api/v1/composite-events/${encodeURIComponent(key.id)}`;
      return compositeFacts(await getEdge(edge, path, new URLSearchParams(), authorization, compositeSchema));
    } catch (error) {
      if (error instanceof EdgeError && error.isNotFound) return null;
      throw error;
    }
  }
  const at = hint === undefined ? Number.NaN : Date.parse(hint);
  if (Number.isNaN(at)) return null;
  for (let page = 1; page <= MAX_HINT_PAGES; page++) {
    const params = new URLSearchParams({
      page: String(page),
      size: String(HINT_PAGE_SIZE),
      start: new Date(at - HINT_SLACK_MS).toISOString(),
      end: new Date(at + HINT_SLACK_MS).toISOString(),
    });
    const { results } = await getEdge(edge, '/api/v1/events', params, authorization, eventPage);
    const found = results.find((event) => event.id === key.id);
    if (found !== undefined) return eventFacts(found);
    if (results.length < HINT_PAGE_SIZE) return null;
  }
  return null;
}
