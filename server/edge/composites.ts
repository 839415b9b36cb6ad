import crypto from 'node:crypto';
import { z } from 'zod';
import type { EdgeClient } from './client.js';
import { EdgeError, parseEdgeAnswer } from './errors.js';
import { itemPath } from './url.js';

export interface CompositeCacheOptions {
  /** How long a composite read by id is served without asking the edge again. */
  ttlMs: number;
  /** Composites kept at most (the oldest read first out). */
  maxEntries: number;
  /** After the edge fails to answer, it is not asked again for this long, doubling up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  now?: () => number;
}

export const COMPOSITE_CACHE: CompositeCacheOptions = {
  ttlMs: 5_000,
  maxEntries: 200,
  backoffMs: 2_000,
  maxBackoffMs: 30_000,
};

interface Entry {
  at: number;
  read: Promise<unknown>;
}

/**
 * Composite events read by id, shared by every route that needs one (the drill-down's place and
 * player, the wall's place cards, the evidence pack): one edge read per composite per few
 * seconds, however many ask at once. A 404 is remembered as briefly as a composite. While the
 * edge is down (unreachable or timing out) nobody's request reaches it: the last failure is
 * answered at once until the back-off has passed, then one request tries again.
 */
export class CompositeCache {
  private readonly entries = new Map<string, Entry>();
  private down: { until: number; wait: number; error: EdgeError } | null = null;
  private readonly now: () => number;

  constructor(
    private readonly edge: EdgeClient,
    private readonly options: CompositeCacheOptions = COMPOSITE_CACHE,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Without the server's token, each browser token has its own entries: nobody sees what theirs could not read. */
  private key(id: string, authorization: string | null): string {
    if (this.edge.holdsToken) return id;
    const scope = crypto
      .createHash('sha256')
      .update(authorization ?? '')
      .digest('base64url');
    return `${scope}:${id}`;
  }

  /** The composite `id` read with `schema` (credentials removed); an EdgeError when the edge could not give it. */
  async get<S extends z.ZodType>(id: string, authorization: string | null, schema: S): Promise<z.infer<S>> {
    const body = await this.raw(id, authorization);
    return parseEdgeAnswer(schema, body, `GET ${itemPath('composite-events', id)}`);
  }

  /**
   * Composites the hub has just seen new or grown: their next read goes to the edge. A screen asks
   * for a place as soon as the live feed shows a composite grow, within the entry's few seconds.
   */
  forget(ids: readonly string[]): void {
    if (ids.length === 0) return;
    if (this.edge.holdsToken) {
      for (const id of ids) this.entries.delete(id);
      return;
    }
    const gone = new Set(ids);
    for (const key of [...this.entries.keys()]) {
      if (gone.has(key.slice(key.indexOf(':') + 1))) this.entries.delete(key);
    }
  }

  private raw(id: string, authorization: string | null): Promise<unknown> {
    const now = this.now();
    const key = this.key(id, authorization);
    const held = this.entries.get(key);
    if (held !== undefined && now - held.at < this.options.ttlMs) return held.read;
    if (this.down !== null && now < this.down.until) return Promise.reject(this.down.error);
    const read = this.edge.get(itemPath('composite-events', id), undefined, z.unknown(), { authorization }).then(
      (body) => {
        this.down = null;
        return body;
      },
      (error: unknown) => {
        if (error instanceof EdgeError && error.isDown) {
          const wait = Math.min((this.down?.wait ?? this.options.backoffMs / 2) * 2, this.options.maxBackoffMs);
          this.down = { until: this.now() + wait, wait, error };
        }
        // Only an answer is kept: a failure other than "not found" is asked again next time.
        if (!(error instanceof EdgeError && error.isNotFound) && this.entries.get(key)?.read === read) {
          this.entries.delete(key);
        }
        throw error;
      },
    );
    this.entries.delete(key);
    this.entries.set(key, { at: now, read });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return read;
  }
}
