import { sql } from 'kysely';
import pg from 'pg';
import type { ConsoleDb } from '../db/database.js';
import type { HubLink, HubMessage, HubRequest } from '../hub/hub-link.js';

/** The reader's messages, in order (id in hub_messages). */
export const MESSAGES_CHANNEL = 'esc_hub';
/** Requests to the reader, and its heartbeat: unordered, never stored. */
export const CONTROL_CHANNEL = 'esc_hub_control';
/** Serialises the writers of hub_messages, so ids are taken in the order messages are committed. */
const ORDER_LOCK = 0x45_53_43_02;
/** NOTIFY takes at most 8000 bytes: a larger message travels by its id. */
const INLINE_BYTES = 7900;
const KEEP_MINUTES = 10;
const RECONNECT_MS = [250, 500, 1000, 2000, 5000];

export interface RelayTarget {
  receive(message: HubMessage): void;
  handle(request: HubRequest): void;
}

export type Control = { from: string } & (HubRequest | { kind: 'hello' });

interface Notice {
  id: number;
  from: string;
  body?: HubMessage;
}

/**
 * The hand-over between replicas on PostgreSQL. The reader stores each message in hub_messages and
 * NOTIFYs `esc_hub` with its id (and the message itself when it fits); every replica applies them
 * in id order, reading from the table what did not fit or what it missed (a dropped LISTEN
 * connection, a gap), and never one twice. Requests and the reader's heartbeat go on
 * `esc_hub_control` as plain notices.
 */
export class HubRelay implements HubLink {
  private client: pg.Client | null = null;
  private lastId: number | null = null;
  private queue: Promise<void> = Promise.resolve();
  private outbox: Promise<void> = Promise.resolve();
  private attempts = 0;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Only the reader writes; set by the cluster as leadership comes and goes. */
  leading = false;

  constructor(
    private readonly consoleDb: ConsoleDb,
    private readonly databaseUrl: string,
    readonly replicaId: string,
    private readonly target: RelayTarget,
    private readonly onControl: (control: Control) => void,
    private readonly log: (message: string) => void,
  ) {}

  /** LISTENs, then asks the reader (if any) for its state; resolves once listening. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry !== null) clearTimeout(this.retry);
    await this.outbox;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  publish(message: HubMessage): void {
    if (!this.leading || this.stopped) return;
    const body = JSON.stringify({ from: this.replicaId, message });
    this.outbox = this.outbox
      .then(() => this.store(body))
      .catch((error: unknown) => {
        this.log(`cluster: a message for the other replicas was lost: ${(error as Error).message}`);
      });
  }

  ask(request: HubRequest): void {
    this.control({ ...request, from: this.replicaId });
  }

  hello(): void {
    this.control({ kind: 'hello', from: this.replicaId });
  }

  /** Deletes what every replica has long had (the reader does it now and then). */
  async prune(): Promise<void> {
    const before = new Date(Date.now() - KEEP_MINUTES * 60_000).toISOString();
    await this.consoleDb.db.deleteFrom('hub_messages').where('created_at', '<', before).execute();
  }

  private control(control: Control): void {
    sql`select pg_notify(${CONTROL_CHANNEL}, ${JSON.stringify(control)})`
      .execute(this.consoleDb.db)
      .catch((error: unknown) => this.log(`cluster: could not reach the other replicas: ${(error as Error).message}`));
  }

  private async store(body: string): Promise<void> {
    await this.consoleDb.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${ORDER_LOCK})`.execute(trx);
      const row = await trx
        .insertInto('hub_messages')
        .values({ body, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      const whole = `{"id":${id},"body":${body}}`;
      const notice = Buffer.byteLength(whole) <= INLINE_BYTES ? whole : `{"id":${id}}`;
      await sql`select pg_notify(${MESSAGES_CHANNEL}, ${notice})`.execute(trx);
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: `esc-console listen ${this.replicaId}`,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      if (message.channel === MESSAGES_CHANNEL) this.heard(message.payload);
      else if (message.channel === CONTROL_CHANNEL) this.heardControl(message.payload);
    });
    client.on('error', (error) => {
      this.log(`cluster: LISTEN connection lost: ${error.message}`);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${MESSAGES_CHANNEL}; LISTEN ${CONTROL_CHANNEL}`);
      this.client = client;
      this.attempts = 0;
      // Whatever came while this replica was not listening is read from the table; then the reader's
      // state is asked for, only now, so that its answer comes after the place this replica starts from.
      this.enqueue(async () => {
        if (this.lastId === null) await this.startFrom();
        else await this.catchUp(Number.MAX_SAFE_INTEGER);
        this.ask({ kind: 'snapshot' });
      });
    } catch (error) {
      this.log(`cluster: could not LISTEN: ${(error as Error).message}`);
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.retry !== null) return;
    if (this.client === client) this.client = null;
    void client.end().catch(() => undefined);
    const delay = RECONNECT_MS[Math.min(this.attempts++, RECONNECT_MS.length - 1)]!;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay);
    this.retry.unref();
  }

  private heardControl(payload: string): void {
    let control: Control;
    try {
      control = JSON.parse(payload) as Control;
    } catch {
      return;
    }
    if (control.from === this.replicaId) return;
    this.onControl(control);
    if (control.kind !== 'hello' && this.leading) this.target.handle(control);
  }

  private heard(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    this.enqueue(async () => {
      if (this.lastId !== null && notice.id <= this.lastId) return;
      if (notice.body !== undefined && (this.lastId === null || notice.id === this.lastId + 1)) {
        this.apply(notice.id, notice.body as unknown as { from: string; message: HubMessage });
      } else {
        await this.catchUp(notice.id);
      }
    });
  }

  /** One at a time, in the order heard: a message read from the table must not be overtaken. */
  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(job).catch((error: unknown) => {
      this.log(`cluster: could not apply the reader's messages: ${(error as Error).message}`);
    });
  }

  /** A replica starting now begins after the newest stored message (the snapshot brings the rest). */
  private async startFrom(): Promise<void> {
    const row = await this.consoleDb.db
      .selectFrom('hub_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    this.lastId ??= row?.id === null || row?.id === undefined ? 0 : Number(row.id);
  }

  /**
   * Reads the messages after the last applied, up to `upTo`. The writers take ids in commit order,
   * so once `upTo` is heard every lower id that will ever exist is in the table: one missing was
   * rolled back.
   */
  private async catchUp(upTo: number): Promise<void> {
    if (this.lastId === null) await this.startFrom();
    const rows = await this.consoleDb.db
      .selectFrom('hub_messages')
      .select(['id', 'body'])
      .where('id', '>', this.lastId!)
      .where('id', '<=', upTo)
      .orderBy('id')
      .execute();
    for (const row of rows) this.apply(Number(row.id), JSON.parse(row.body) as { from: string; message: HubMessage });
    if (upTo !== Number.MAX_SAFE_INTEGER) this.lastId = Math.max(this.lastId!, upTo);
  }

  private apply(id: number, body: { from: string; message: HubMessage }): void {
    this.lastId = id;
    // The reader delivered its own messages to its screens as it read them.
    if (body.from !== this.replicaId) this.target.receive(body.message);
  }
}
