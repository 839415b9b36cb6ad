import dns from 'node:dns';
import net from 'node:net';

/**
 * The push endpoint comes from the browser, so sending to it is a request the server makes to an
 * address someone else chose. Production accepts only https to public addresses; tests (and a
 * push service on the site's own network) may allow private ones with PUSH_ALLOW_PRIVATE_ENDPOINTS=1.
 */
export interface EndpointRules {
  allowPrivate: boolean;
}

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local, multicast or otherwise not the internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped !== null) return BLOCKED.check(mapped[1]!, 'ipv4');
    return BLOCKED.check(address, 'ipv6');
  }
  return BLOCKED.check(address, 'ipv4');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why the server will not send to this endpoint, or null. Checked when a device subscribes. */
export function endpointProblem(endpoint: string, rules: EndpointRules): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (url.username !== '' || url.password !== '') return 'The push endpoint may not carry credentials.';
  const host = hostOf(url);
  if (url.protocol === 'http:') {
    // Plain http only to a receiver on this machine, and only where private endpoints are allowed (tests).
    const loopback = host === 'localhost' || (net.isIP(host) !== 0 && isLoopback(host));
    if (!(rules.allowPrivate && loopback)) return 'The push endpoint must be https.';
  } else if (url.protocol !== 'https:') {
    return 'The push endpoint must be https.';
  }
  if (rules.allowPrivate) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.')) {
    if (net.isIP(host) === 0) return 'The push endpoint must be a public address.';
  }
  if (net.isIP(host) !== 0 && isPrivateAddress(host)) return 'The push endpoint must be a public address.';
  return null;
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^127\./.test(address) || /^::ffff:127\./i.test(address);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * dns.lookup for the request to the endpoint: a name that resolves to a private address is
 * refused at connect time too, so a name that changed its answer since subscribing gains nothing.
 */
export function safeLookup(rules: EndpointRules) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, []);
      const allowed = rules.allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0) {
        const refusal: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
        refusal.code = 'EPRIVATE';
        return callback(refusal, []);
      }
      if (options.all === true) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
