import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A host name and, when one was given, its port; names lower-cased, IPv6 in brackets. */
interface HostPort {
  name: string;
  port: string | null;
}

/** Parses a Host header or an ALLOWED_HOSTS entry: `name`, `name:port`, `[v6]`, `[v6]:port` or a bare `v6`. */
export function parseHost(value: string): HostPort | null {
  const text = value.trim().toLowerCase();
  if (text === '') return null;
  const bracketed = /^(\[[0-9a-f:.]+\])(?::(\d+))?$/.exec(text);
  if (bracketed !== null) return { name: bracketed[1]!, port: bracketed[2] ?? null };
  // More than one colon and no brackets: a bare IPv6 address (never valid in a Host header, but an address to allow).
  if (text.split(':').length > 2) return /^[0-9a-f:.]+$/.test(text) ? { name: `[${text}]`, port: null } : null;
  const match = /^([^:\s/@]+?)\.?(?::(\d+))?$/.exec(text);
  return match === null ? null : { name: match[1]!, port: match[2] ?? null };
}

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The hosts served when ALLOWED_HOSTS is unset: the loopback names and addresses and HOST, and,
 * when listening on every interface, this machine's own addresses. IP literals cannot be
 * rebound (only a name can be pointed at the console by someone else's DNS), so these are safe;
 * a name the console is reached by on the network has to be listed.
 */
export function defaultAllowedHosts(listenHost: string): string[] {
  const hosts = ['localhost', '127.0.0.1', '[::1]', listenHost];
  if (WILDCARD_ADDRESSES.has(listenHost)) {
    for (const addresses of Object.values(os.networkInterfaces())) {
      for (const address of addresses ?? [])
        hosts.push(address.family === 'IPv6' ? `[${address.address}]` : address.address);
    }
  }
  return hosts;
}

/** Whether a Host header names a host that is allowed (an entry without a port allows any port). */
export function hostAllowerFor(entries: readonly string[]): (hostHeader: string | undefined) => boolean {
  if (entries.includes('*')) return () => true;
  const allowed = entries.map(parseHost).filter((entry): entry is HostPort => entry !== null);
  return (hostHeader) => {
    const host = hostHeader === undefined ? null : parseHost(hostHeader);
    if (host === null) return false;
    return allowed.some((entry) => entry.name === host.name && (entry.port === null || entry.port === host.port));
  };
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether an Origin header names the console itself, as reached through this request's Host.
 * The scheme is not compared: with trustProxy off the server cannot tell whether TLS ended in
 * front of it, and no other site can serve pages from the console's own host and port. A Host
 * without a port takes the default port of the Origin's scheme.
 */
export function isOwnOrigin(origin: string, hostHeader: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, file: pages) and garbage
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  const host = hostHeader === undefined ? null : parseHost(hostHeader);
  if (defaultPort === undefined || host === null) return false;
  const originName = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  return originName === host.name && (url.port || defaultPort) === (host.port ?? defaultPort);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why a request that may change something is refused as cross-site, or null to let it through.
 *
 * - `Origin` present: it must be the console's own. Browsers send it on every cross-origin
 *   request and on same-origin POST/PATCH/PUT/DELETE, so a page elsewhere cannot pass it off.
 * - No `Origin` but `Sec-Fetch-Site`: only `same-origin` (or `none`: typed by the user) passes.
 * - Neither header: not a browser (curl, scripts, the e2e suite's API client). A browser always
 *   sends one of them on a cross-origin write, so this opens nothing to other sites; such a
 *   caller still needs a session or token for anything that needs one (the access rule).
 */
export function crossSiteRefusal(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return isOwnOrigin(origin, request.headers.host) ? null : `Origin ${origin} is not this console`;
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : `Sec-Fetch-Site is ${site}`;
  return null;
}

export interface RequestGuardOptions {
  /** ALLOWED_HOSTS entries; null: defaultAllowedHosts(listenHost). */
  allowedHosts: readonly string[] | null;
  listenHost: string;
}

/**
 * The first checks every request meets, before any route, session lookup or edge call:
 * a Host the console serves (421 otherwise: a DNS-rebound name reaching the console from a
 * browser), and for anything but GET/HEAD/OPTIONS, the console's own origin (403 otherwise).
 */
export function registerRequestGuards(app: FastifyInstance, options: RequestGuardOptions): void {
  const entries = options.allowedHosts ?? defaultAllowedHosts(options.listenHost);
  const hostAllowed = hostAllowerFor(entries);
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (!hostAllowed(host)) {
      const named = host === undefined ? 'A request without a Host header' : `Host "${host.slice(0, 100)}"`;
      return reply
        .code(421)
        .header('cache-control', 'no-store')
        .send({ detail: `${named} is not served here: list the name in ALLOWED_HOSTS on the console server.` });
    }
    const refusal = crossSiteRefusal(request);
    if (refusal !== null) {
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ detail: `Cross-site request refused (${refusal}): changes come from the console's own pages.` });
    }
    return undefined;
  });
}
