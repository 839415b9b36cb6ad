export interface ServerConfig {
  port: number;
  host: string;
  /** Upstream edge service; when absent the embedded demo edge answers. */
  edgeApiUrl: string | null;
  edgeApiToken: string | null;
  edgeTimeoutMs: number;
  readOnly: boolean;
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  staticDir: string;
  dataDir: string;
  demo: DemoConfig;
  logRequests: boolean;
}

export interface DemoConfig {
  mics: number;
  events: number;
  faults: boolean;
  /** Mean interval between live events; 0 stops the generator. */
  eventIntervalMs: number;
  token: string | null;
  port: number;
  credentialCanary: string | null;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function flag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv, defaults: { staticDir: string }): ServerConfig {
  const edgeApiUrl = nonEmpty(env.EDGE_API_URL);
  if (edgeApiUrl !== null) {
    const url = new URL(edgeApiUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`EDGE_API_URL must be http(s), got "${edgeApiUrl}"`);
    }
  }
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    edgeApiUrl,
    edgeApiToken: nonEmpty(env.EDGE_API_TOKEN),
    edgeTimeoutMs: intFrom(env.EDGE_TIMEOUT_MS, 10_000, 'EDGE_TIMEOUT_MS'),
    readOnly: flag(env.READ_ONLY),
    mapTileUrl: nonEmpty(env.MAP_TILE_URL),
    mapTileAttribution: nonEmpty(env.MAP_TILE_ATTRIBUTION),
    staticDir: nonEmpty(env.STATIC_DIR) ?? defaults.staticDir,
    dataDir: nonEmpty(env.DATA_DIR) ?? '.data',
    logRequests: !flag(env.QUIET),
    demo: {
      mics: intFrom(env.DEMO_MICS, 60, 'DEMO_MICS'),
      events: intFrom(env.DEMO_EVENTS, 0, 'DEMO_EVENTS'),
      faults: flag(env.DEMO_FAULTS),
      eventIntervalMs: intFrom(env.DEMO_EVENT_INTERVAL_MS, 20_000, 'DEMO_EVENT_INTERVAL_MS'),
      token: nonEmpty(env.DEMO_API_TOKEN),
      port: intFrom(env.DEMO_EDGE_PORT, 0, 'DEMO_EDGE_PORT'),
      credentialCanary: nonEmpty(env.DEMO_CREDENTIAL_CANARY),
    },
  };
}
