import { piece, type Piece } from './composite-body.js';
import type { CompositeRow } from './rows.js';
import { redactCredentials } from '../redact.js';

const COMPOSITE_CACHE_SIZE = 2000;

/**
 * Serialized (and compressed) composite events by id, most recently used last. A closed
 * composite never changes unless a mic it shows is edited, so a page of them is mostly a
 * concatenation of these: a page of 25 is close to a megabyte of JSON, and serializing and
 * compressing it anew took most of the request.
 */
export class CompositeCache {
  private readonly pieces = new Map<string, Piece>();

  constructor(
    private readonly build: (rows: CompositeRow[]) => { id: string }[],
    private readonly redacts: boolean,
  ) {}

  /** The rows' composites, built (and redacted, if asked) only for those not cached yet. */
  get(rows: CompositeRow[]): Piece[] {
    const missing = rows.filter((row) => !this.pieces.has(row.id));
    for (const built of this.build(missing)) {
      this.pieces.set(built.id, piece(Buffer.from(JSON.stringify(this.redacts ? redactCredentials(built) : built))));
    }
    const page = rows.map((row) => {
      const cached = this.pieces.get(row.id)!;
      this.pieces.delete(row.id);
      this.pieces.set(row.id, cached);
      return cached;
    });
    for (const id of this.pieces.keys()) {
      if (this.pieces.size <= COMPOSITE_CACHE_SIZE) break;
      this.pieces.delete(id);
    }
    return page;
  }

  forget(id: string): void {
    this.pieces.delete(id);
  }

  clear(): void {
    this.pieces.clear();
  }
}
