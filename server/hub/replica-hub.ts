import { Hub, type HubOptions } from './hub.js';
import type { HubLink, HubMessage, HubRequest } from './hub-link.js';

/**
 * The hub of one of several replicas on one PostgreSQL (server/cluster/): it reads the edge only
 * while it leads, handing each read to the others through its link; the rest of the time it takes
 * the leader's messages as if it had read them itself, keeping its feeds where the leader's are.
 */
export class ReplicaHub extends Hub {
  constructor(options: Omit<HubOptions, 'clustered'>) {
    super({ ...options, clustered: true });
  }

  /** Joins a cluster: messages for the other replicas go through `link`. */
  connect(link: HubLink): void {
    this.link = link;
  }

  /**
   * This replica starts or stops reading the edge. Taking over, the feeds go on from where the
   * last reader's messages left them (unless it had idled), so nothing is read twice or missed.
   */
  setLeading(leading: boolean): void {
    if (this.stopped || leading === this.leading) return;
    this.leading = leading;
    if (!leading) {
      this.pause();
      return;
    }
    this.idleSince = this.follower.readerIdleSince ?? this.now();
    // The other replicas' screens say they are there within seconds; until then, assume someone looks.
    this.lastTouch = this.now();
    this.wake();
  }

  /** A message from the reading replica (ignored while this one reads). */
  receive(message: HubMessage): void {
    if (this.stopped || this.leading) return;
    switch (message.kind) {
      case 'events': {
        const fresh = this.events.absorb(message.items);
        this.deliverEvents(fresh, message.priming);
        break;
      }
      case 'composites': {
        const fresh = this.composites.absorb(message.items);
        this.deliverComposites(fresh, message.priming);
        break;
      }
      case 'mics':
        if (this.inventory.apply(message.diff, message.meta)) {
          this.publishMics(message.diff);
          this.follower.inventoryArrived();
        } else this.follower.ask({ kind: 'snapshot' });
        break;
      case 'snapshot': {
        this.events.restore(message.events);
        this.composites.restore(message.composites);
        this.follower.heard(message.health);
        const from = this.inventory.version;
        const wasReady = this.inventory.ready;
        if (message.inventory !== null && this.inventory.restore(message.inventory)) {
          if (wasReady) this.publishMics({ from, to: this.inventory.version, upserts: [], removals: [] }, true);
          this.follower.inventoryArrived();
        }
        break;
      }
      case 'health':
        this.follower.heard(message.health);
        break;
    }
  }

  /** A follower's request (ignored unless this replica reads). */
  handle(request: HubRequest): void {
    if (this.stopped || !this.leading) return;
    if (request.kind === 'touch') this.touch();
    else if (request.kind === 'refresh-mic') void this.refreshMic(request.micId);
    else {
      this.link?.publish({
        kind: 'snapshot',
        inventory: this.inventory.snapshot(),
        events: this.events.state(),
        composites: this.composites.state(),
        health: this.healthNow(),
      });
    }
  }

  /**
   * The reader is alive and polling (its heartbeat): the event listeners hear of a poll, as they
   * would of this replica's own (insights trusts the hub's reads while they come without a gap).
   */
  readerAlive(): void {
    if (this.leading || this.follower.health?.idle !== false) return;
    for (const listener of this.readers.events) listener([]);
  }
}
