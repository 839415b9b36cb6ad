import crypto from 'node:crypto';
import { z } from 'zod';
import { clientOf, type EdgeAccess } from '../edge/access.js';
import type { EdgeClient } from '../edge/client.js';
import { CompositeCache } from '../edge/composites.js';
import { EdgeError } from '../edge/errors.js';
import { ClipCache } from './clip-cache.js';
import { ClipError, fetchClip, type Clip } from './edge-clip.js';

/** Clips held in memory at most (least recently used out first) and for how long. */
export const CLIP_CACHE = { maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 };
/** Which file each base event of a composite has: read once for a player's whole page of rows. */
const PATHS_CACHE = { maxBytes: 2 * 1024 * 1024, ttlMs: 60_000 };

const compositePaths = z.object({
  id: z.string(),
  events: z.array(z.object({ id: z.string(), audio_file: z.object({ file_path: z.unknown() }).loose() }).loose()),
});
type Paths = Map<string, unknown>;

export interface ClipSourceOptions {
  /** The console's edge client (the edge API's address, the server's token, limits). */
  edge: EdgeAccess;
  /** Composites read by id, shared with the location routes; one of its own when not given. */
  composites?: CompositeCache;
  /** EDGE_AUDIO_URL, else the edge API's address. */
  audioBase: string;
  /** EDGE_MAX_AUDIO_BYTES. */
  maxClipBytes: number;
  cache?: { maxBytes: number; ttlMs: number };
  /** Where a refused file_path is told (the app's logger). */
  log: (line: string) => void;
}

const pathsWeight = (paths: Paths) => [...paths].reduce((sum, [id, p]) => sum + id.length + String(p).length, 64);

/**
 * Where the console gets clips: a base event's file_path is taken from the edge's own composite
 * event (never from the browser), the clip read from the edge under fetchClip's rules, and both
 * kept a while. With the server's token every user shares the cache; with browsers' own tokens
 * (EDGE_TOKEN_FROM_BROWSER) each token has its own entries, so nobody hears what their token
 * could not fetch.
 */
export class ClipSource {
  readonly clips: ClipCache<Clip>;
  private readonly paths: ClipCache<Paths>;

  private readonly edge: EdgeClient;
  private readonly composites: CompositeCache;

  constructor(private readonly options: ClipSourceOptions) {
    this.edge = clientOf(options.edge);
    this.composites = options.composites ?? new CompositeCache(this.edge);
    this.clips = new ClipCache<Clip>({ ...(options.cache ?? CLIP_CACHE), sizeOf: (clip) => clip.bytes.byteLength });
    this.paths = new ClipCache<Paths>({ ...PATHS_CACHE, sizeOf: pathsWeight });
  }

  private scope(authorization: string | null): string {
    if (this.edge.holdsToken) return '';
    return crypto
      .createHash('sha256')
      .update(authorization ?? '')
      .digest('base64url');
  }

  /** The clip of base event `eventId` of composite `compositeId`. */
  async clip(compositeId: string, eventId: string, authorization: string | null): Promise<Clip> {
    const key = this.clipKey(compositeId, eventId, authorization);
    const held = this.clips.get(key);
    if (held !== undefined) return held;
    const paths = await this.pathsOf(compositeId, authorization);
    if (!paths.has(eventId)) throw new ClipError('missing', `Composite event ${compositeId} has no event ${eventId}.`);
    return this.clipAt(compositeId, eventId, paths.get(eventId), authorization);
  }

  /** The clip at a file_path the caller read from the edge's composite event itself. */
  clipAt(compositeId: string, eventId: string, filePath: unknown, authorization: string | null): Promise<Clip> {
    const audio = {
      edge: this.edge,
      base: this.options.audioBase,
      maxBytes: this.options.maxClipBytes,
      log: this.options.log,
    };
    return this.clips.getOrFetch(this.clipKey(compositeId, eventId, authorization), () =>
      fetchClip(audio, filePath, authorization),
    );
  }

  private clipKey(compositeId: string, eventId: string, authorization: string | null): string {
    return JSON.stringify([this.scope(authorization), compositeId, eventId]);
  }

  private pathsOf(compositeId: string, authorization: string | null): Promise<Paths> {
    const key = JSON.stringify([this.scope(authorization), compositeId]);
    return this.paths.getOrFetch(key, async () => {
      try {
        const composite = await this.composites.get(compositeId, authorization, compositePaths);
        return new Map(composite.events.map((event) => [event.id, event.audio_file.file_path]));
      } catch (error) {
        throw asClipError(error, compositeId);
      }
    });
  }
}

/** An edge read's failure as a clip's: an unknown composite is a missing clip, the rest the edge's. */
export function asClipError(error: unknown, compositeId: string): unknown {
  if (!(error instanceof EdgeError)) return error;
  if (error.isNotFound) return new ClipError('missing', `The edge has no composite event ${compositeId}.`);
  if (error.kind === 'timeout') return new ClipError('timeout', error.message);
  if (error.kind === 'unauthorized') return new ClipError('unauthorized', error.message);
  return new ClipError('unreachable', error.message);
}
