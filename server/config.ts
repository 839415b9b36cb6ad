import { isRole, type Role } from './auth/principal.js';
import { MAX_FAILURES, WINDOW_MINUTES, type LoginLimits } from './auth/rate-limit.js';
import { connectionLimitsFrom, type ConnectionLimits } from './connection-limits.js';
import { hubSettingsFrom, type HubSettings } from './hub/settings.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Upstream edge service; when absent the embedded demo edge answers. */
  edgeApiUrl: string | null;
  edgeApiToken: string | null;
  edgeTimeoutMs: number;
  /** EDGE_AUDIO_URL: where clips are read (base + a base event's file_path); null: the edge API's address. */
  edgeAudioUrl: string | null;
  /** EDGE_MAX_AUDIO_BYTES: a longer clip is refused without being read to the end. */
  edgeMaxAudioBytes: number;
  readOnly: boolean;
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  staticDir: string;
  dataDir: string;
  demo: DemoConfig;
  logRequests: boolean;
  /** PostgreSQL for the console's own database (accounts, sessions, audit); null: SQLite in dataDir. */
  databaseUrl: string | null;
  auth: AuthConfig;
  hub: HubSettings;
  gateway: GatewayLimits;
  /** Sockets and live streams held at once (server/connection-limits.ts). */
  connections: ConnectionLimits;
  review: ReviewConfig;
  /** AUDIT_DAYS: how long audit entries are kept. */
  auditDays: number;
  insights: InsightsConfig;
  /** METRICS_TOKEN, METRICS_PORT: who may read /metrics (server/metrics/). */
  metrics: { token: string | null; port: number | null };
  /** LOG_LEVEL: pino's level for the JSON log lines (fatal, error, warn, info, debug, trace, silent). */
  logLevel: string;
  /** PUSH_SUBJECT (VAPID contact), PUSH_ALLOW_PRIVATE_ENDPOINTS=1 (push services on private addresses; tests). */
  push: { subject: string | null; allowPrivateEndpoints: boolean };
}

/** What the console accepts from browsers and from the edge (server/gateway/). */
export interface GatewayLimits {
  /** Host names (optionally with a port) the server answers to; null: loopback names and HOST. */
  allowedHosts: string[] | null;
  maxResponseBytes: number;
  requestTimeoutMs: number;
  serveSourceMaps: boolean;
}

export interface ReviewConfig {
  /** ESCALATE_AFTER: minutes an item may stay new before the wall escalates it. */
  escalateAfterMinutes: number;
  /** REVIEW_NEW_WINDOW_HOURS: how far back the navigation's count of new items looks. */
  newWindowHours: number;
}

export interface InsightsConfig {
  /** NEIGHBOUR_RADIUS_M: mics within it may corroborate each other. */
  neighbourRadiusM: number;
  /** CORROBORATION_WINDOW_S: same-label events this close in time corroborate. */
  corroborationWindowS: number;
  /** BACKFILL_MAX_RPS: edge requests per second the back-fill of hourly counts may make; 0: no back-fill. */
  backfillMaxRps: number;
  /** DEAF_MIN_MISSED: neighbours' corroborated incidents a mic must miss in 24 h to be suspected deaf. */
  deafMinMissed: number;
}

export interface AuthConfig {
  /** AUTH_REQUIRED=1: sign-in even on the loopback demo. */
  required: boolean;
  cookieSecure: boolean;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES: failed sign-ins a name or an address may have. */
  loginLimits: LoginLimits;
  adminUsername: string | null;
  adminPassword: string | null;
  oidc: OidcConfig | null;
  /** The console's external URL (OIDC redirect, setup link); derived from HOST and PORT when unset. */
  publicUrl: string | null;
  /** EDGE_TOKEN_FROM_BROWSER=1: the browser supplies a personal edge token besides the console session. */
  browserToken: boolean;
  /**
   * TRUST_PROXY: addresses or CIDR ranges of the proxies in front of the console, whose
   * X-Forwarded-For names the client (sign-in limits, audit). Null: the TCP peer is the client.
   */
  trustedProxies: string[] | null;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
  /** Claim holding the role(s); null: `role`, then `roles`. */
  roleClaim: string | null;
  /** Claim value → console role. */
  roleMap: Map<string, Role>;
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

function listFrom(value: string | undefined): string[] | null {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length === 0 ? null : items;
}

function flag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/** `admin=admin,ops=operator`: claim values (case kept) to console roles. */
export function parseRoleMap(value: string | null): Map<string, Role> {
  const map = new Map<string, Role>();
  if (value === null) return map;
  for (const pair of value.split(',')) {
    if (pair.trim() === '') continue;
    const [claim, role] = pair.split('=').map((part) => part.trim());
    if (claim === undefined || claim === '' || !isRole(role)) {
      throw new Error(`OIDC_ROLE_MAP entries are claim=viewer|operator|admin, got "${pair.trim()}"`);
    }
    map.set(claim, role);
  }
  return map;
}

function loadOidc(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuer = nonEmpty(env.OIDC_ISSUER);
  const clientId = nonEmpty(env.OIDC_CLIENT_ID);
  const clientSecret = nonEmpty(env.OIDC_CLIENT_SECRET);
  const given = [issuer, clientId, clientSecret].filter((value) => value !== null).length;
  if (given === 0) return null;
  if (issuer === null || clientId === null || clientSecret === null) {
    throw new Error('Single sign-on needs all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  return {
    issuer,
    clientId,
    clientSecret,
    label: nonEmpty(env.OIDC_LABEL) ?? new URL(issuer).host,
    roleClaim: nonEmpty(env.OIDC_ROLE_CLAIM),
    roleMap: parseRoleMap(nonEmpty(env.OIDC_ROLE_MAP)),
  };
}

function positive(value: string | undefined, fallback: number, name: string): number {
  const n = intFrom(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be at least 1`);
  return n;
}

function httpUrl(value: string | null, name: string): string | null {
  if (value !== null && !/^https?:\/\/[^/]/i.test(value)) throw new Error(`${name} must be http(s), got "${value}"`);
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function metricsFrom(env: NodeJS.ProcessEnv): ServerConfig['metrics'] {
  const token = nonEmpty(env.METRICS_TOKEN);
  // A scraper's token guards the process's insides: a short one could be guessed.
  if (token !== null && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const port = nonEmpty(env.METRICS_PORT) === null ? null : intFrom(env.METRICS_PORT, 0, 'METRICS_PORT');
  if (port !== null && (port < 1 || port > 65535)) throw new Error(`METRICS_PORT must be 1–65535, got "${port}"`);
  return { token, port };
}

/** QUIET=1 (tests, benchmarks) keeps warnings and errors only, unless LOG_LEVEL says otherwise. */
function logLevelFrom(value: string | undefined, quiet: boolean): string {
  const level = (nonEmpty(value) ?? (quiet ? 'warn' : 'info')).toLowerCase();
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
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
    edgeAudioUrl: httpUrl(nonEmpty(env.EDGE_AUDIO_URL), 'EDGE_AUDIO_URL'),
    edgeMaxAudioBytes: positive(env.EDGE_MAX_AUDIO_BYTES, 4 * 1024 * 1024, 'EDGE_MAX_AUDIO_BYTES'),
    readOnly: flag(env.READ_ONLY),
    mapTileUrl: nonEmpty(env.MAP_TILE_URL),
    mapTileAttribution: nonEmpty(env.MAP_TILE_ATTRIBUTION),
    staticDir: nonEmpty(env.STATIC_DIR) ?? defaults.staticDir,
    dataDir: nonEmpty(env.DATA_DIR) ?? '.data',
    logRequests: !flag(env.QUIET),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    auditDays: positive(env.AUDIT_DAYS, 365, 'AUDIT_DAYS'),
    metrics: metricsFrom(env),
    logLevel: logLevelFrom(env.LOG_LEVEL, flag(env.QUIET)),
    push: { subject: nonEmpty(env.PUSH_SUBJECT), allowPrivateEndpoints: flag(env.PUSH_ALLOW_PRIVATE_ENDPOINTS) },
    auth: {
      required: flag(env.AUTH_REQUIRED),
      // Reached over https (PUBLIC_URL says so), cookies are Secure unless COOKIE_SECURE=0 says otherwise.
      cookieSecure:
        nonEmpty(env.COOKIE_SECURE) === null
          ? /^https:/i.test(nonEmpty(env.PUBLIC_URL) ?? '')
          : flag(env.COOKIE_SECURE),
      sessionIdleMinutes: positive(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES'),
      sessionMaxHours: positive(env.SESSION_MAX_HOURS, 12, 'SESSION_MAX_HOURS'),
      loginLimits: {
        maxFailures: positive(env.LOGIN_MAX_FAILURES, MAX_FAILURES, 'LOGIN_MAX_FAILURES'),
        windowMinutes: positive(env.LOGIN_WINDOW_MINUTES, WINDOW_MINUTES, 'LOGIN_WINDOW_MINUTES'),
      },
      adminUsername: nonEmpty(env.ADMIN_USERNAME),
      // Passwords are taken as given: leading or trailing spaces are part of them.
      adminPassword: env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? null : env.ADMIN_PASSWORD,
      oidc: loadOidc(env),
      publicUrl: nonEmpty(env.PUBLIC_URL),
      browserToken: flag(env.EDGE_TOKEN_FROM_BROWSER),
      trustedProxies: listFrom(env.TRUST_PROXY),
    },
    hub: hubSettingsFrom(env),
    connections: connectionLimitsFrom(env),
    gateway: {
      allowedHosts: listFrom(env.ALLOWED_HOSTS),
      maxResponseBytes: intFrom(env.EDGE_MAX_RESPONSE_BYTES, 8 * 1024 * 1024, 'EDGE_MAX_RESPONSE_BYTES'),
      requestTimeoutMs: intFrom(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS'),
      serveSourceMaps: flag(env.SERVE_SOURCEMAPS),
    },
    review: {
      escalateAfterMinutes: positive(env.ESCALATE_AFTER, 3, 'ESCALATE_AFTER'),
      newWindowHours: positive(env.REVIEW_NEW_WINDOW_HOURS, 24, 'REVIEW_NEW_WINDOW_HOURS'),
    },
    insights: {
      neighbourRadiusM: positive(env.NEIGHBOUR_RADIUS_M, 500, 'NEIGHBOUR_RADIUS_M'),
      corroborationWindowS: positive(env.CORROBORATION_WINDOW_S, 10, 'CORROBORATION_WINDOW_S'),
      backfillMaxRps: intFrom(env.BACKFILL_MAX_RPS, 5, 'BACKFILL_MAX_RPS'),
      deafMinMissed: positive(env.DEAF_MIN_MISSED, 3, 'DEAF_MIN_MISSED'),
    },
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

/** Why the edge token settings cannot work together, or null. */
export function edgeTokenProblem(config: ServerConfig): string | null {
  if (config.edgeApiUrl === null) return null;
  if (config.edgeApiToken !== null && config.auth.browserToken) {
    return 'Set either EDGE_API_TOKEN (the server holds the edge token) or EDGE_TOKEN_FROM_BROWSER=1, not both';
  }
  if (config.edgeApiToken === null && !config.auth.browserToken) {
    return (
      'EDGE_API_URL needs EDGE_API_TOKEN (the token the server attaches to every edge call), or ' +
      'EDGE_TOKEN_FROM_BROWSER=1 for an edge that issues personal tokens to each user'
    );
  }
  return null;
}

/** The console's external address: PUBLIC_URL, or what HOST and PORT make. */
export function publicUrlOf(config: ServerConfig): string {
  if (config.auth.publicUrl !== null) return config.auth.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
