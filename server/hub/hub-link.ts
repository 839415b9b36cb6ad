import type { FeedState } from './feeds.js';
import type { HubHealth } from './health.js';
import type { InventoryDiff, InventoryMeta, InventorySnapshot } from './inventory.js';
import type { CompositeEvent, SoundEvent } from '../edge/schemas.js';

/**
 * What the replica reading the edge hands every other replica, in order: each then pushes it to
 * its own screens as if it had read it, and keeps its feeds where the reader's are, so that it
 * can take over the reading without repeating or skipping anything.
 */
export type HubMessage =
  | { kind: 'events'; items: SoundEvent[]; priming: boolean }
  | { kind: 'composites'; items: CompositeEvent[]; priming: boolean }
  | { kind: 'mics'; diff: InventoryDiff; meta: InventoryMeta }
  | {
      kind: 'snapshot';
      inventory: InventorySnapshot | null;
      events: FeedState;
      composites: FeedState;
      health: HubHealth;
    }
  | { kind: 'health'; health: HubHealth };

/** What a replica that does not read the edge asks of the one that does. */
export type HubRequest =
  /** Somebody here is looking: keep reading (the reader idles when nobody anywhere looks). */
  | { kind: 'touch' }
  /** A mic was changed through this replica: read it again and tell everyone. */
  | { kind: 'refresh-mic'; micId: string }
  /** This replica's copy is behind (it just started, or missed a version): send everything. */
  | { kind: 'snapshot' };

/** How a hub reaches the other replicas (server/cluster/ over PostgreSQL). */
export interface HubLink {
  /** The reader hands a message on; delivered to the others in the order given. */
  publish(message: HubMessage): void;
  /** A follower asks the reader. */
  ask(request: HubRequest): void;
}
