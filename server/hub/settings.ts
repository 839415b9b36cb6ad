/** How the hub polls the edge; every value comes from a HUB_* variable (README, "Environment variables"). */
export interface HubSettings {
  micsIntervalMs: number;
  eventsIntervalMs: number;
  compositesIntervalMs: number;
  /** The inventory walk stops here whatever `max_page` says. */
  maxMicPages: number;
  /** Pages read per events poll; more than this many new events within the overlap wait for the next poll. */
  maxEventPages: number;
  maxCompositePages: number;
  /** Each events poll asks again for this much time before the newest event it holds. */
  eventsOverlapMs: number;
  /** Composite events created this long before the newest one are read again, so growing ones are seen. */
  compositesLookbackMs: number;
  /** With no subscriber and no inventory request for this long, the hub stops polling. */
  idleAfterMs: number;
  /** Longest wait between attempts while the edge is down or refusing. */
  backoffMaxMs: number;
  /** Messages kept for `Last-Event-ID` resume. */
  bufferSize: number;
  heartbeatMs: number;
}

export const DEFAULT_HUB_SETTINGS: HubSettings = {
  micsIntervalMs: 10_000,
  eventsIntervalMs: 1_000,
  compositesIntervalMs: 2_000,
  maxMicPages: 1_000,
  maxEventPages: 5,
  maxCompositePages: 4,
  eventsOverlapMs: 10_000,
  compositesLookbackMs: 5 * 60_000,
  idleAfterMs: 60_000,
  backoffMaxMs: 30_000,
  bufferSize: 1_000,
  heartbeatMs: 15_000,
};

const VARIABLES: Record<keyof HubSettings, string> = {
  micsIntervalMs: 'HUB_MICS_INTERVAL_MS',
  eventsIntervalMs: 'HUB_EVENTS_INTERVAL_MS',
  compositesIntervalMs: 'HUB_COMPOSITES_INTERVAL_MS',
  maxMicPages: 'HUB_MAX_MIC_PAGES',
  maxEventPages: 'HUB_MAX_EVENT_PAGES',
  maxCompositePages: 'HUB_MAX_COMPOSITE_PAGES',
  eventsOverlapMs: 'HUB_EVENTS_OVERLAP_MS',
  compositesLookbackMs: 'HUB_COMPOSITES_LOOKBACK_MS',
  idleAfterMs: 'HUB_IDLE_AFTER_MS',
  backoffMaxMs: 'HUB_BACKOFF_MAX_MS',
  bufferSize: 'HUB_BUFFER_SIZE',
  heartbeatMs: 'HUB_HEARTBEAT_MS',
};

/** Zero would poll in a busy loop or keep nothing: every setting must be a positive integer. */
export function hubSettingsFrom(env: NodeJS.ProcessEnv): HubSettings {
  const settings = { ...DEFAULT_HUB_SETTINGS };
  for (const key of Object.keys(VARIABLES) as (keyof HubSettings)[]) {
    const name = VARIABLES[key];
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
    settings[key] = n;
  }
  return settings;
}
