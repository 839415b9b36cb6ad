/**
 * The ids (and a value each) seen most recently, at most `capacity` of them: the oldest is
 * forgotten first. A Map keeps insertion order, so re-inserting moves an id to the young end.
 */
export class RecentIds<V = true> {
  private readonly items = new Map<string, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.size;
  }

  get(id: string): V | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** Oldest first. */
  entries(): IterableIterator<[string, V]> {
    return this.items.entries();
  }

  set(id: string, value: V): void {
    this.items.delete(id);
    this.items.set(id, value);
    while (this.items.size > this.capacity) {
      const oldest = this.items.keys().next().value as string;
      this.items.delete(oldest);
    }
  }
}
