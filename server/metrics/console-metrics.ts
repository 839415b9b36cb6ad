import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when Prometheus asks, rather than being told of every change. */
export interface MetricSources {
  liveSubscribers?: () => number;
  /** 1 while this replica is the one reading the edge (always 1 without a cluster). */
  leader?: () => number;
  /** The hub's view of the edge: ok, degraded, down, unauthorized, starting. */
  edgeStatus?: () => string;
  pool?: () => { total: number; idle: number; waiting: number };
}

const EDGE_STATUSES = ['starting', 'ok', 'degraded', 'down', 'unauthorized'] as const;

/**
 * The console's Prometheus metrics, in a registry of its own (several apps in one test process
 * must not share counters). Names start with `esc_`; labels are bounded (route patterns, status
 * codes, a few fixed words), never ids or user input.
 */
export class ConsoleMetrics {
  readonly registry = new Registry();
  readonly edgeRequests: Counter<'path' | 'method' | 'status'>;
  readonly edgeDuration: Histogram<'path' | 'method'>;
  readonly hubLag: Histogram;
  readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  readonly httpDuration: Histogram<'route' | 'method'>;
  readonly signIns: Counter<'outcome'>;
  readonly refusals: Counter<'status'>;
  readonly reviewActions: Counter<'action'>;
  readonly dbQueries: Histogram<'kind'>;
  readonly leaderChanges: Counter;
  private sources: MetricSources = {};

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'esc_' });
    this.edgeRequests = new Counter({
      name: 'esc_edge_requests_total',
      help: 'Requests this replica made to the edge, by path pattern and status (error: no answer)',
      labelNames: ['path', 'method', 'status'],
      registers,
    });
    this.edgeDuration = new Histogram({
      name: 'esc_edge_request_duration_seconds',
      help: 'Time from sending a request to the edge to its answer headers',
      labelNames: ['path', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.hubLag = new Histogram({
      name: 'esc_hub_lag_seconds',
      help: "Time from an event's created_at at the edge to its broadcast on this replica's live streams",
      buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 300],
      registers,
    });
    this.httpRequests = new Counter({
      name: 'esc_http_requests_total',
      help: 'Requests the console answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'esc_http_request_duration_seconds',
      help: 'Time the console took to answer, by route pattern',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.signIns = new Counter({
      name: 'esc_sign_ins_total',
      help: 'Password sign-ins by outcome: ok, refused (wrong name or password, disabled), limited (too many attempts)',
      labelNames: ['outcome'],
      registers,
    });
    this.refusals = new Counter({
      name: 'esc_access_refusals_total',
      help: 'Requests refused for want of sign-in, role or stream room (401, 403, 429)',
      labelNames: ['status'],
      registers,
    });
    this.reviewActions = new Counter({
      name: 'esc_review_actions_total',
      help: 'Review actions done (acknowledge, assign, resolve, reopen, comment; bulk counts each item)',
      labelNames: ['action'],
      registers,
    });
    this.dbQueries = new Histogram({
      name: 'esc_db_query_duration_seconds',
      help: "Time the console's own database took per query, by kind (select, insert, update, delete, raw)",
      labelNames: ['kind'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.leaderChanges = new Counter({
      name: 'esc_cluster_leader_changes_total',
      help: 'Times this replica took or gave up the reading of the edge',
      registers,
    });
    const sources = () => this.sources;
    new Gauge({
      name: 'esc_live_subscribers',
      help: 'Open /live streams on this replica',
      registers,
      collect() {
        this.set(sources().liveSubscribers?.() ?? 0);
      },
    });
    new Gauge({
      name: 'esc_cluster_leader',
      help: '1 while this replica reads the edge for the cluster',
      registers,
      collect() {
        this.set(sources().leader?.() ?? 0);
      },
    });
    new Gauge({
      name: 'esc_edge_status',
      help: "The edge as the hub sees it: 1 on the current status's series",
      labelNames: ['status'],
      registers,
      collect() {
        const current = sources().edgeStatus?.();
        for (const status of EDGE_STATUSES) this.set({ status }, current === status ? 1 : 0);
      },
    });
    new Gauge({
      name: 'esc_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources().pool?.();
        if (pool === undefined) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  /** Adds or replaces the readers of live figures (the hub and the cluster come after the app is built). */
  watch(sources: MetricSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
