import { z } from 'zod';
import { clientOf, type EdgeAccess } from '../edge/access.js';
import { EdgeError } from '../edge/errors.js';
import { readPages } from '../edge/pages.js';
import { itemPath } from '../edge/url.js';
import { RecentIds } from '../hub/recent-ids.js';
import type { ItemKey } from './model.js';

/** Items the live hub passed on, remembered per kind; the oldest forgotten first. */
const MAX_REMEMBERED = 20_000;
/**
 * A base event is looked for on the edge in this much either side of the time the browser names
 * (the edge has no read of one event by id): the browser's time only says where to look.
 */
const HINT_SLACK_MS = 1_000;
const HINT_PAGE_SIZE = 100;
/** Pages of that second read at most: the edge's counts never size a loop. */
const MAX_HINT_PAGES = 3;

const compositeSchema = z.object({ id: z.string(), started_at: z.string() }).loose();
const eventItem = z.object({ id: z.string(), created_at: z.string() }).loose();

/** Why an action was refused: the edge does not know the item. */
export class UnknownItem extends Error {
  constructor(readonly key: ItemKey) {
    super(`The edge has no ${key.kind === 'composite' ? 'composite event' : 'event'} ${key.id}.`);
  }
}

export interface KnownItems {
  /**
   * When the item fired, as the edge says: from what the live hub passed on, else read from the
   * edge (a composite event by its id, a base event around `hint`). Throws UnknownItem when the
   * edge does not have it, an EdgeError when the edge could not be asked.
   */
  firedAt(key: ItemKey, hint: string | undefined, authorization: string | null): Promise<string>;
  noteEvents(events: readonly { id: string; created_at: string }[]): void;
  noteComposites(composites: readonly { id: string; started_at: string }[]): void;
}

export function createKnownItems(access: EdgeAccess): KnownItems {
  const edge = clientOf(access);
  const remembered = {
    composite: new RecentIds<string>(MAX_REMEMBERED),
    event: new RecentIds<string>(MAX_REMEMBERED),
  };

  async function compositeFiredAt(id: string, authorization: string | null): Promise<string | null> {
    try {
      return (await edge.get(itemPath('composite-events', id), undefined, compositeSchema, { authorization }))
        .started_at;
    } catch (error) {
      if (error instanceof EdgeError && error.isNotFound) return null;
      throw error;
    }
  }

  async function eventFiredAt(id: string, hint: string | undefined, authorization: string | null) {
    const at = hint === undefined ? Number.NaN : Date.parse(hint);
    if (Number.isNaN(at)) return null;
    const read = await readPages(edge, {
      path: '/api/v1/events',
      query: { start: new Date(at - HINT_SLACK_MS).toISOString(), end: new Date(at + HINT_SLACK_MS).toISOString() },
      item: eventItem,
      idOf: (event) => event.id,
      maxPages: MAX_HINT_PAGES,
      size: HINT_PAGE_SIZE,
      request: { authorization },
      stopAfter: (events) => events.some((event) => event.id === id),
    });
    return read.items.find((event) => event.id === id)?.created_at ?? null;
  }

  return {
    async firedAt(key, hint, authorization) {
      const known = remembered[key.kind].get(key.id);
      if (known !== undefined) return known;
      const firedAt =
        key.kind === 'composite'
          ? await compositeFiredAt(key.id, authorization)
          : await eventFiredAt(key.id, hint, authorization);
      if (firedAt === null) throw new UnknownItem(key);
      remembered[key.kind].set(key.id, firedAt);
      return firedAt;
    },
    noteEvents(events) {
      for (const event of events) remembered.event.set(event.id, event.created_at);
    },
    noteComposites(composites) {
      for (const composite of composites) remembered.composite.set(composite.id, composite.started_at);
    },
  };
}
