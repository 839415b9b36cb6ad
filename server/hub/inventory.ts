import crypto from 'node:crypto';
import type { PagesRead } from '../edge/pages.js';
import type { Mic } from '../edge/schemas.js';

/** What changed between two versions of the inventory; a client holding `from` can apply it. */
export interface InventoryDiff {
  from: string;
  to: string;
  upserts: Mic[];
  removals: string[];
}

export interface InventoryState {
  version: string;
  /** When the last complete walk (or single read) was applied; null before the first. */
  fetchedAt: number | null;
  /** False when the last walk stopped at HUB_MAX_MIC_PAGES (or the edge stopped bringing new pages). */
  complete: boolean;
  /** `total_cnt` the edge reported on the walk's first page. */
  reportedTotal: number | null;
  count: number;
}

interface Entry {
  mic: Mic;
  hash: string;
}

/** What a replica that reads no edge is told to keep: the reading replica's inventory, whole. */
export interface InventorySnapshot {
  version: string;
  fetchedAt: number;
  complete: boolean;
  reportedTotal: number | null;
  mics: readonly Mic[];
}

/** A walk's facts beside its diff, for a replica applying the diff to its copy. */
export type InventoryMeta = Pick<InventorySnapshot, 'fetchedAt' | 'complete' | 'reportedTotal'>;

const hashes = new WeakMap<Mic, string>();
/** By object: the walk's unchanged pages bring back the objects read before (EdgeMemo), already hashed. */
function hashOf(mic: Mic): string {
  let hash = hashes.get(mic);
  if (hash === undefined) {
    hash = crypto.createHash('sha1').update(JSON.stringify(mic)).digest('base64');
    hashes.set(mic, hash);
  }
  return hash;
}

/**
 * The hub's copy of the edge's mic inventory. Each mic is kept with a hash of its content, so a
 * walk that finds nothing changed produces no diff and the version stays put.
 */
export class Inventory {
  private entries = new Map<string, Entry>();
  private serial = 0;
  /** `boot.serial` of this process's own changes, or the version adopted from the reading replica. */
  private current: string;
  private fetchedAt: number | null = null;
  private complete = true;
  private reportedTotal: number | null = null;
  /** Mics re-read after an edit: a walk that started before the re-read must not undo it. */
  private readonly refreshedAt = new Map<string, number>();
  private listed: { version: string; mics: readonly Mic[] } | null = null;

  constructor(private readonly bootId: string = crypto.randomBytes(4).toString('hex')) {
    this.current = `${bootId}.0`;
  }

  get version(): string {
    return this.current;
  }

  /** The next version of this process's own (unique in the cluster: the boot id is random). */
  private bump(): string {
    this.current = `${this.bootId}.${++this.serial}`;
    return this.current;
  }

  get ready(): boolean {
    return this.fetchedAt !== null;
  }

  state(): InventoryState {
    return {
      version: this.version,
      fetchedAt: this.fetchedAt,
      complete: this.complete,
      reportedTotal: this.reportedTotal,
      count: this.entries.size,
    };
  }

  edgeOf(micId: string): string | undefined {
    return this.entries.get(micId)?.mic.edge_id;
  }

  has(micId: string): boolean {
    return this.entries.has(micId);
  }

  /** The same list while the version stands: the insights key their directory and its areas on it. */
  mics(): readonly Mic[] {
    if (this.listed?.version !== this.current) {
      this.listed = { version: this.current, mics: [...this.entries.values()].map((entry) => entry.mic) };
    }
    return this.listed.mics;
  }

  /** Applies a whole walk that started at `startedAt`; null when nothing changed. */
  replace(read: PagesRead<Mic>, startedAt: number, now: number): InventoryDiff | null {
    const from = this.version;
    const next = new Map<string, Entry>();
    const upserts: Mic[] = [];
    for (const mic of read.items) {
      const current = this.entries.get(mic.id);
      const pinned = (this.refreshedAt.get(mic.id) ?? -Infinity) > startedAt;
      if (pinned && current !== undefined) {
        next.set(mic.id, current);
        continue;
      }
      const hash = hashOf(mic);
      next.set(mic.id, { mic, hash });
      if (current?.hash !== hash) upserts.push(mic);
    }
    const removals = [...this.entries.keys()].filter((id) => !next.has(id));
    for (const [id, at] of this.refreshedAt) if (at <= startedAt) this.refreshedAt.delete(id);
    const metaChanged =
      this.fetchedAt === null || this.complete !== read.complete || this.reportedTotal !== read.reportedTotal;
    this.entries = next;
    this.fetchedAt = now;
    this.complete = read.complete;
    this.reportedTotal = read.reportedTotal;
    if (upserts.length === 0 && removals.length === 0 && !metaChanged) return null;
    return { from, to: this.bump(), upserts, removals };
  }

  /** Applies one mic read on its own (after an edit); null when it is unchanged or outside a capped walk. */
  upsert(mic: Mic, now: number): InventoryDiff | null {
    const current = this.entries.get(mic.id);
    // A mic the capped walk did not reach stays out, so the inventory remains "the first N pages".
    if (current === undefined && !this.complete) return null;
    this.refreshedAt.set(mic.id, now);
    const hash = hashOf(mic);
    if (current?.hash === hash) return null;
    const from = this.version;
    this.entries.set(mic.id, { mic, hash });
    return { from, to: this.bump(), upserts: [mic], removals: [] };
  }

  remove(micId: string): InventoryDiff | null {
    if (!this.entries.delete(micId)) return null;
    const from = this.version;
    return { from, to: this.bump(), upserts: [], removals: [micId] };
  }

  /** The whole inventory for another replica; null before the first walk. */
  snapshot(): InventorySnapshot | null {
    if (this.fetchedAt === null) return null;
    const { complete, reportedTotal } = this;
    return { version: this.current, fetchedAt: this.fetchedAt, complete, reportedTotal, mics: this.mics() };
  }

  /** Takes the reading replica's inventory whole; false when it already held that version. */
  restore(snapshot: InventorySnapshot): boolean {
    if (snapshot.version === this.current && this.ready) return false;
    this.entries = new Map(snapshot.mics.map((mic) => [mic.id, { mic, hash: hashOf(mic) }]));
    this.setMeta(snapshot);
    this.current = snapshot.version;
    return true;
  }

  /** Applies the reading replica's diff; false (nothing applied) when this copy is not at its base version. */
  apply(diff: InventoryDiff, meta: InventoryMeta): boolean {
    if (diff.from !== this.current || !this.ready) return false;
    for (const mic of diff.upserts) this.entries.set(mic.id, { mic, hash: hashOf(mic) });
    for (const id of diff.removals) this.entries.delete(id);
    this.setMeta(meta);
    this.current = diff.to;
    return true;
  }

  /** The walk's facts that go with a diff. */
  meta(): InventoryMeta {
    return { fetchedAt: this.fetchedAt ?? 0, complete: this.complete, reportedTotal: this.reportedTotal };
  }

  private setMeta(meta: InventoryMeta): void {
    this.fetchedAt = meta.fetchedAt;
    this.complete = meta.complete;
    this.reportedTotal = meta.reportedTotal;
  }
}
