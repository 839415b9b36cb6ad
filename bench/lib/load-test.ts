import { Agent, request } from 'undici';
import { quantile } from './stats';

export interface LatencyResult {
  name: string;
  path: string;
  p50Ms: number;
  p95Ms: number;
  requestsPerSecond: number;
  requests: number;
}

const agent = new Agent({ connections: 32, pipelining: 1 });

/**
 * What Chromium asks for, less zstd: the console answers in the encoding a browser gets (brotli),
 * and the bytes timed are those it would send one.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * A client's cookies, kept as a browser keeps them. Without it every request to the demo console
 * arrived signed out and was signed in anew as the demo admin (a session, a last-sign-in and an
 * audit row written, each waiting for the disk), which is what section 5 measured until then.
 */
interface Jar {
  cookie?: string;
}

/**
 * One request, timed until the last byte of the body has arrived. The body is read as the server
 * sent it, not decoded: fetch decoded each gzip or brotli answer through WHATWG streams, 5-8 ms of
 * this process's CPU for a composite page (about 1 MB of JSON), 3-4 times the console's own CPU
 * for it, on the same two cores. At 8 clients this process then used a whole core and its own
 * queue was most of the p95 measured (composite first page, before build: p95 81 ms decoding,
 * 28 ms not). Decoding is the browser's work on the user's machine, not the server's latency.
 */
async function timed(url: string, headers: Record<string, string>, jar?: Jar): Promise<number> {
  const started = performance.now();
  const cookie = jar?.cookie;
  const response = await request(url, {
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers, ...(cookie ? { cookie } : {}) },
    dispatcher: agent,
  });
  let received = 0;
  for await (const chunk of response.body) received += (chunk as Buffer).byteLength;
  if (response.statusCode < 200 || response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode}`);
  const declared = response.headers['content-length'];
  if (declared !== undefined && Number(declared) !== received) {
    throw new Error(`${url}: ${received} of ${String(declared)} bytes`);
  }
  const set = response.headers['set-cookie'];
  if (jar !== undefined && set !== undefined) {
    jar.cookie = (Array.isArray(set) ? set : [set]).map((line) => line.split(';')[0]!).join('; ');
  }
  return performance.now() - started;
}

/** A fixed number of requests at a fixed concurrency (bounded in count and time, loopback only). */
export async function loadTest(
  name: string,
  base: string,
  path: string,
  {
    requests = 400,
    concurrency = 8,
    headers = {},
  }: { requests?: number; concurrency?: number; headers?: Record<string, string> } = {},
): Promise<LatencyResult> {
  // Each client signs in (the demo's visitor session) while warming up, then keeps its cookie.
  const jars: Jar[] = Array.from({ length: concurrency }, () => ({}));
  for (let i = 0; i < Math.max(10, concurrency); i++) await timed(`${base}${path}`, headers, jars[i % concurrency]);
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    jars.map(async (jar) => {
      while (issued < requests) {
        issued++;
        latencies.push(await timed(`${base}${path}`, headers, jar));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    path,
    p50Ms: round(quantile(latencies, 0.5)),
    p95Ms: round(quantile(latencies, 0.95)),
    requestsPerSecond: Math.round(latencies.length / seconds),
    requests: latencies.length,
  };
}

/** Median added latency of the console's proxy: the same request, sequential, alternating direct and proxied. */
export async function proxyOverhead(direct: string, proxied: string, path: string, token: string, rounds = 400) {
  const d: number[] = [];
  const p: number[] = [];
  const jar: Jar = {};
  for (let i = 0; i < 20; i++) {
    await timed(`${direct}${path}`, { authorization: `Bearer ${token}` });
    await timed(`${proxied}${path}`, {}, jar);
  }
  for (let i = 0; i < rounds; i++) {
    d.push(await timed(`${direct}${path}`, { authorization: `Bearer ${token}` }));
    p.push(await timed(`${proxied}${path}`, {}, jar));
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    path,
    directP50Ms: round(quantile(d, 0.5)),
    proxiedP50Ms: round(quantile(p, 0.5)),
    addedP50Ms: round(quantile(p, 0.5) - quantile(d, 0.5)),
    directP95Ms: round(quantile(d, 0.95)),
    proxiedP95Ms: round(quantile(p, 0.95)),
  };
}
