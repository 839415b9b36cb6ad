import { z } from 'zod';
import { EdgeError } from '../gateway/edge-error.js';
import { upstreamUrl } from '../gateway/proxy.js';
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
const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ results: z.array(z.unknown()).transform((rows) => rows.flatMap((r) => okOrSkip(item, r))) });

/** One malformed item is skipped, not the whole page. */
function okOrSkip<T extends z.ZodTypeAny>(schema: T, row: unknown): z.infer<T>[] {
  const parsed = schema.safeParse(row);
  return parsed.success ? [parsed.data] : [];
}

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

export interface EdgeReaderOptions {
  upstream: string;
  /** The server's token; null: the caller's Authorization header is passed on, as the gateway does. */
  token: string | null;
  timeoutMs: number;
  /**
   * The hub's mic inventory, when the console has a hub: the directory is taken from it instead
   * of a walk of its own, so the edge is walked once for every screen and this too.
   */
  inventory?: () => Promise<readonly InventoryMic[]>;
  /** The hub's inventory as it stands, without waking the hub; null before its first walk. */
  peekInventory?: () => readonly InventoryMic[] | null;
}

export type Query = Record<string, string | number | readonly string[] | null | undefined>;

export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  return params.toString();
}

/** Reads the edge on the console's behalf: the six operations only, read side. */
export class EdgeReader {
  private directory: { at: number; mics: Map<string, DirectoryMic>; key: string } | null = null;
  /** Edge requests made, for the bench and the tests. */
  requests = 0;

  constructor(private readonly options: EdgeReaderOptions) {}

  private authorization(callerAuthorization: string | undefined): string | undefined {
    return this.options.token !== null ? `Bearer ${this.options.token}` : callerAuthorization;
  }

  async getJson(path: string, query: Query, callerAuthorization?: string): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const authorization = this.authorization(callerAuthorization);
    if (authorization !== undefined) headers.authorization = authorization;
    this.requests++;
    let response: Response;
    try {
      response = await fetch(upstreamUrl(this.options.upstream, path, queryString(query)), {
        headers,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new EdgeError(timedOut ? 504 : 502, timedOut ? 'Edge server did not answer in time' : 'Edge unreachable');
    }
    if (response.status === 401 || response.status === 403) {
      throw new EdgeError(response.status, 'The edge refused the request');
    }
    if (response.status === 404) throw new EdgeError(404, 'Not found on the edge');
    if (!response.ok) throw new EdgeError(502, `Edge server answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new EdgeError(502, 'Edge server sent malformed JSON');
    }
  }

  async events(query: Query, callerAuthorization?: string): Promise<EdgeEvent[]> {
    return (await this.eventsPage(query, callerAuthorization)).events;
  }

  /** A page of events, and how many items the edge sent (malformed ones included): a full page means "read on". */
  async eventsPage(query: Query, callerAuthorization?: string): Promise<{ events: EdgeEvent[]; sent: number }> {
    const json = await this.getJson('/api/v1/events', query, callerAuthorization);
    const body = page(eventSchema).safeParse(json);
    if (!body.success) throw new EdgeError(502, 'Edge server sent an events page of an unexpected shape');
    const events = body.data.results.flatMap((e) => {
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
    const sent = Array.isArray((json as { results?: unknown }).results)
      ? (json as { results: unknown[] }).results.length
      : 0;
    return { events, sent };
  }

  /** Every mic with its place, read page by page (bounded) and kept for a minute. */
  async mics(callerAuthorization?: string): Promise<Map<string, DirectoryMic>> {
    if (this.options.inventory !== undefined) return this.fromInventory(this.options.inventory);
    const key = this.authorization(callerAuthorization) ?? '';
    if (this.directory !== null && this.directory.key === key && Date.now() - this.directory.at < DIRECTORY_TTL_MS) {
      return this.directory.mics;
    }
    const mics = new Map<string, DirectoryMic>();
    for (let n = 1; n <= MAX_MIC_PAGES; n++) {
      const body = page(micSchema).safeParse(
        await this.getJson('/api/v1/mics', { page: n, size: 100 }, callerAuthorization),
      );
      if (!body.success) throw new EdgeError(502, 'Edge server sent a mics page of an unexpected shape');
      for (const mic of body.data.results) {
        if (mic.location == null) continue;
        mics.set(mic.id, { ...mic, latitude: mic.location.latitude, longitude: mic.location.longitude });
      }
      if (body.data.results.length < 100) break;
    }
    this.directory = { at: Date.now(), mics, key };
    return mics;
  }

  /**
   * The directory for background work (deciding corroboration): what the hub or the last walk
   * already holds, never a walk or a wake-up of its own, so a console nobody looks at stays idle.
   */
  knownMics(): Map<string, DirectoryMic> | null {
    if (this.options.peekInventory !== undefined) {
      const list = this.options.peekInventory();
      return list === null ? null : toDirectory(list);
    }
    return this.directory?.mics ?? null;
  }

  private async fromInventory(inventory: () => Promise<readonly InventoryMic[]>): Promise<Map<string, DirectoryMic>> {
    let list: readonly InventoryMic[];
    try {
      list = await inventory();
    } catch (error) {
      throw new EdgeError(502, (error as Error).message);
    }
    return toDirectory(list);
  }
}

function toDirectory(list: readonly InventoryMic[]): Map<string, DirectoryMic> {
  const mics = new Map<string, DirectoryMic>();
  for (const mic of list) {
    if (mic.location === null) continue;
    mics.set(mic.id, { ...mic, latitude: mic.location.latitude, longitude: mic.location.longitude });
  }
  return mics;
}
