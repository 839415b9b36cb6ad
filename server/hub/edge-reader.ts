import type * as z from 'zod';
import { EdgeResponseTooLarge, readCapped } from '../gateway/edge-answer.js';
import { upstreamUrl } from '../gateway/proxy.js';
import { redactCredentials, redactText } from '../redact.js';

/** How a read failed, which decides the hub's health and how long it waits before trying again. */
export type EdgeFailureKind = 'unreachable' | 'timeout' | 'unauthorized' | 'http' | 'malformed' | 'shape' | 'too-large';

export class EdgeReadError extends Error {
  override readonly name = 'EdgeReadError';
  constructor(
    readonly kind: EdgeFailureKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }

  /** The edge is away or slow, as opposed to answering something the hub cannot use. */
  get isDown(): boolean {
    return this.kind === 'unreachable' || this.kind === 'timeout';
  }
}

export interface EdgeReaderOptions {
  /** The same upstream settings the gateway forwards with: base URL, the server's token, timeout. */
  upstream: string;
  token: string;
  timeoutMs: number;
  /** Largest body accepted (EDGE_MAX_RESPONSE_BYTES, as for the gateway). */
  maxResponseBytes: number;
  /** A debug line per read (path, status, time): never the token, which travels in a header only. */
  log?: { debug(details: object, message: string): void };
}

export interface EdgeReader {
  /** GET a path of the edge interface; composite bodies come back with device credentials removed. */
  get<S extends z.ZodType>(path: string, query: URLSearchParams, schema: S): Promise<z.infer<S>>;
}

/**
 * The reason an edge gave for an error, as it goes out on /live and to every screen: one short
 * line, without credentials (redactText, as the gateway scrubs its error details).
 */
function detailOf(text: string): string {
  let reason: string;
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    reason = typeof detail === 'string' ? detail : '';
  } catch {
    reason = text;
  }
  const line = redactText(reason.trim().replace(/\s+/g, ' ')).slice(0, 200);
  if (line === '' || line.startsWith('<')) return 'no reason given';
  return line;
}

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    const key = String(part);
    return out === '' ? key : `${out}.${key}`;
  }, '');
}

export function shapeError(endpoint: string, error: z.ZodError): EdgeReadError {
  const first = error.issues.slice(0, 3).map((issue) => `${pathOf(issue) || '(response)'}: ${issue.message}`);
  const more = error.issues.length > 3 ? ` (+${error.issues.length - 3} more)` : '';
  return new EdgeReadError('shape', `Unexpected response shape from ${endpoint}: ${first.join('; ')}${more}`, 200);
}

/**
 * The hub's one way of reading the edge: the gateway's upstream URL rules, size limit and
 * redaction, the server's token, a timeout, and every answer checked against its schema.
 */
export function createEdgeReader(options: EdgeReaderOptions): EdgeReader {
  return {
    async get(path, query, schema) {
      const endpoint = `GET ${path}`;
      const started = performance.now();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      let text: string;
      let status: number;
      try {
        const response = await fetch(upstreamUrl(options.upstream, path, query.toString()), {
          headers: { accept: 'application/json', authorization: `Bearer ${options.token}` },
          signal: controller.signal,
          redirect: 'manual',
        });
        status = response.status;
        text = (await readCapped(response, options.maxResponseBytes)).toString('utf8');
      } catch (error) {
        if (error instanceof EdgeResponseTooLarge)
          throw new EdgeReadError('too-large', `${error.message} (${endpoint})`);
        if (controller.signal.aborted) {
          throw new EdgeReadError(
            'timeout',
            `Edge server did not answer within ${Math.round(options.timeoutMs / 100) / 10} s`,
          );
        }
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new EdgeReadError('unreachable', `Edge server unreachable${cause === undefined ? '' : ` (${cause})`}`);
      } finally {
        clearTimeout(timer);
      }
      const ms = Math.round(performance.now() - started);
      options.log?.debug({ edge: { method: 'GET', path, status, ms } }, `edge ${endpoint} ${status} ${ms}ms`);
      if (status === 401 || status === 403) {
        throw new EdgeReadError(
          'unauthorized',
          `Edge token rejected (${status}): check EDGE_API_TOKEN on the console server.`,
          status,
        );
      }
      if (status >= 500) throw new EdgeReadError('unreachable', `${status} ${detailOf(text)} (${endpoint})`, status);
      if (status < 200 || status >= 300)
        throw new EdgeReadError('http', `${status} ${detailOf(text)} (${endpoint})`, status);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new EdgeReadError('malformed', `The edge sent a response that is not valid JSON (${endpoint})`, status);
      }
      const parsed = schema.safeParse(redactCredentials(json));
      if (!parsed.success) throw shapeError(endpoint, parsed.error);
      return parsed.data;
    },
  };
}
