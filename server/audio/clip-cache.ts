/**
 * Clips kept in memory for a while, so that five operators listening to one incident (and a
 * player seeking with Range requests) read each clip from the edge once: least recently used
 * first out, bounded by total bytes, each entry dropped after `ttlMs`. Concurrent requests for a
 * clip not held yet share one fetch. Failures are not kept: the next request asks the edge again.
 */
export interface CacheOptions<V> {
  maxBytes: number;
  ttlMs: number;
  /** What an entry weighs against maxBytes. */
  sizeOf: (value: V) => number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  at: number;
}

export class ClipCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly pending = new Map<string, Promise<V>>();
  private held = 0;
  private readonly now: () => number;

  constructor(private readonly options: CacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  /** Bytes held now (for tests and the bench). */
  get size(): number {
    return this.held;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.now() - entry.at > this.options.ttlMs) {
      this.drop(key, entry);
      return undefined;
    }
    // Re-inserting moves the entry to the young end of the Map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The held value, or the one fetch in flight for `key`, or a new fetch whose result is kept. */
  async getOrFetch(key: string, fetch: () => Promise<V>): Promise<V> {
    const held = this.get(key);
    if (held !== undefined) return held;
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    const started = fetch().then(
      (value) => {
        this.pending.delete(key);
        this.put(key, value);
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, started);
    return started;
  }

  private put(key: string, value: V): void {
    const bytes = this.options.sizeOf(value);
    // One clip larger than the whole cache is served, not kept.
    if (bytes > this.options.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.drop(key, old);
    this.entries.set(key, { value, bytes, at: this.now() });
    this.held += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.options.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.held -= entry.bytes;
  }
}
