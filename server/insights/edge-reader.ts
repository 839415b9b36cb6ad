import { z } from 'zod';
import { clientOf, type EdgeAccess } from '../edge/access.js';
import type { EdgeClient } from '../edge/client.js';
import { EdgeError } from '../edge/errors.js';
import { PAGE_SIZE, readPages } from '../edge/pages.js';
import { toSearchParams, type EdgeQuery } from '../edge/url.js';
import type { HeardEvent, MicPlace } from './corroboration.js';

/** Pages of 100 mics read for the directory: 20,000 mics at most, whatever `max_page` claims. */
const MAX_MIC_PAGES = 200;
const DIRECTORY_TTL_MS = 60_000;

const micSchema = z.object({
  id: z.string(),
  name: z.string(),
  edge_id: z.string().nullish(),
  status: z.string().nullish(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
  thresholds: z.record(z.string(), z.object({ confidence: z.number() }).loose()).nullish(),
});
const eventSchema = z.object({
  id: z.string(),
  label: z.object({ id: z.string(), name: z.object({ ko: z.string(), en: z.string() }).nullish() }),
  mic: z.object({ id: z.string() }),
  confidence: z.number().nullish(),
  created_at: z.string(),
});
/** One malformed item is skipped, not the whole page (null here, left out after). */
const orSkip = <T extends z.ZodType>(item: T) => item.nullable().catch(null);
const eventsPage = z.object({ results: z.array(orSkip(eventSchema)) });

export type DirectoryMic = z.infer<typeof micSchema> & MicPlace;
export type EdgeEvent = HeardEvent & { confidence: number | null; labelName: { ko: string; en: string } | null };

/** A mic as the hub's inventory holds it: what the directory needs of it. */
export interface InventoryMic {
  id: string;
  name: string;
  edge_id: string;
  status: string;
  location: { latitude: number; longitude: number } | null;
  thresholds?: Record<string, { confidence: number }> | null;
}

export type EdgeReaderOptions = {
  /**
   * The hub's mic inventory, when the console has a hub: the directory is taken from it instead
   * of a walk of its own, so the edge is walked once for every screen and this too.
   */
  inventory?: () => Promise<readonly InventoryMic[]>;
  /** The hub's inventory as it stands, without waking the hub; null before its first walk. */
  peekInventory?: () => readonly InventoryMic[] | null;
} & ({ edge: EdgeClient } | Exclude<EdgeAccess, EdgeClient>);

export type Query = EdgeQuery;

export function queryString(query: Query): string {
  return toSearchParams(query).toString();
}

/** Reads the edge on the console's behalf: the six operations only, read side. */
export class EdgeReader {
  private directory: { at: number; mics: ReadonlyMap<string, DirectoryMic>; key: string } | null = null;
  /** Edge requests made, for the bench and the tests. */
  requests = 0;

  private readonly edge: EdgeClient;

  constructor(private readonly options: EdgeReaderOptions) {
    this.edge = 'edge' in options ? options.edge : clientOf(options);
  }

  private key(callerAuthorization: string | undefined): string {
    return this.edge.holdsToken ? '' : (callerAuthorization ?? '');
  }

  /** One GET through the console's edge client; every failure an EdgeError. */
  async getJson(path: string, query: Query, callerAuthorization?: string): Promise<unknown> {
    this.requests++;
    return this.edge.get(path, query, z.unknown(), { authorization: callerAuthorization ?? null });
  }

  async events(query: Query, callerAuthorization?: string): Promise<EdgeEvent[]> {
    return (await this.eventsPage(query, callerAuthorization)).events;
  }

  /** A page of events, and how many items the edge sent (malformed ones included): a full page means "read on". */
  async eventsPage(query: Query, callerAuthorization?: string): Promise<{ events: EdgeEvent[]; sent: number }> {
    this.requests++;
    const body = await this.edge.get('/api/v1/events', query, eventsPage, {
      authorization: callerAuthorization ?? null,
    });
    const events = body.results.flatMap((e) => {
      if (e === null) return [];
      const at = Date.parse(e.created_at);
      if (Number.isNaN(at)) return [];
      return [
        {
          id: e.id,
          micId: e.mic.id,
          labelId: e.label.id,
          at,
          confidence: e.confidence ?? null,
          labelName: e.label.name ?? null,
        },
      ];
    });
    const sent = body.results.length;
    return { events, sent };
  }

  /** Every mic with its place, read page by page (bounded) and kept for a minute. */
  async mics(callerAuthorization?: string): Promise<ReadonlyMap<string, DirectoryMic>> {
    if (this.options.inventory !== undefined) return this.fromInventory(this.options.inventory);
    const key = this.key(callerAuthorization);
    if (this.directory !== null && this.directory.key === key && Date.now() - this.directory.at < DIRECTORY_TTL_MS) {
      return this.directory.mics;
    }
    let skipped = 0;
    const read = await readPages(this.counted(), {
      path: '/api/v1/mics',
      item: orSkip(micSchema),
      idOf: (mic) => mic?.id ?? `\0skipped ${++skipped}`,
      maxPages: MAX_MIC_PAGES,
      size: PAGE_SIZE,
      request: { authorization: callerAuthorization ?? null },
    });
    const mics = new Map<string, DirectoryMic>();
    for (const mic of read.items) {
      if (mic == null || mic.location == null) continue;
      mics.set(mic.id, { ...mic, latitude: mic.location.latitude, longitude: mic.location.longitude });
    }
    this.directory = { at: Date.now(), mics, key };
    return mics;
  }

  /** The edge client, counting each request for the bench and the tests. */
  private counted(): Pick<EdgeClient, 'get'> {
    return {
      get: (path, query, schema, options) => {
        this.requests++;
        return this.edge.get(path, query, schema, options);
      },
    };
  }

  /**
   * The directory for background work (deciding corroboration): what the hub or the last walk
   * already holds, never a walk or a wake-up of its own, so a console nobody looks at stays idle.
   */
  knownMics(): ReadonlyMap<string, DirectoryMic> | null {
    if (this.options.peekInventory !== undefined) {
      const list = this.options.peekInventory();
      return list === null ? null : toDirectory(list);
    }
    return this.directory?.mics ?? null;
  }

  private async fromInventory(
    inventory: () => Promise<readonly InventoryMic[]>,
  ): Promise<ReadonlyMap<string, DirectoryMic>> {
    let list: readonly InventoryMic[];
    try {
      list = await inventory();
    } catch (error) {
      throw error instanceof EdgeError ? error : new EdgeError('unreachable', (error as Error).message);
    }
    return toDirectory(list);
  }
}

const directories = new WeakMap<readonly InventoryMic[], ReadonlyMap<string, DirectoryMic>>();

/**
 * By list: the hub hands out the same list until its inventory changes, so every insights request
 * and each corroboration run get the same directory (and indexDirectory its areas by identity)
 * instead of copying 10,000 mics each.
 */
function toDirectory(list: readonly InventoryMic[]): ReadonlyMap<string, DirectoryMic> {
  const known = directories.get(list);
  if (known !== undefined) return known;
  const mics = new Map<string, DirectoryMic>();
  for (const mic of list) {
    if (mic.location === null) continue;
    mics.set(mic.id, { ...mic, latitude: mic.location.latitude, longitude: mic.location.longitude });
  }
  directories.set(list, mics);
  return mics;
}
