/**
 * The ids (and a value each) seen most recently, at most `capacity` of them: the oldest is
 * forgotten first. A Map keeps insertion order, so re-inserting moves an id to the young end.
 */
export class RecentIds<V = true> {
  private readonly entries = new Map<string, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: string): V | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  set(id: string, value: V): void {
    this.entries.delete(id);
    this.entries.set(id, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
