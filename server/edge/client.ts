import type * as z from 'zod';
import { redactCredentials, redactText } from '../redact.js';
import { EdgeError, shapeError } from './errors.js';
import { EdgeResponseTooLarge } from './read-capped.js';
import { createTransport, EdgeTimeout } from './transport.js';
import { edgeUrl, type EdgeQuery } from './url.js';

export interface EdgeSettings {
  /** EDGE_API_URL: the edge's base address (may carry a path prefix). */
  upstream: string;
  /** EDGE_API_TOKEN; null: each request carries the asking browser's Authorization header. */
  token: string | null;
  /** EDGE_TIMEOUT_MS: a request (headers and body) must be done within it. */
  timeoutMs: number;
  /** EDGE_MAX_RESPONSE_BYTES: a larger answer is refused without being read to the end. */
  maxResponseBytes: number;
  /** A debug line per request (method, path, status, time): never the token, which travels in a header only. */
  log?: { debug(details: object, message: string): void };
  /** Told of every request when it is answered or fails (metrics/edge-requests.ts counts them). */
  observe?: (request: EdgeRequestRecord) => void;
}

export interface EdgeRequestRecord {
  method: string;
  /** The request's path (for a clip, under EDGE_AUDIO_URL); never the query. */
  path: string;
  /** The edge's status, or 'error' when it did not answer. */
  status: number | 'error';
  seconds: number;
}

export interface EdgeRequest {
  method?: 'GET' | 'PATCH';
  /** A path of the edge interface under `upstream`, or a whole URL already checked by the caller (a clip). */
  path: string | URL;
  query?: EdgeQuery | URLSearchParams | string;
  body?: Uint8Array;
  contentType?: string;
  accept?: string;
  /** The asking browser's Authorization header, used only when the server holds no token. */
  authorization?: string | null;
  /** The caller gave up (a browser that left): the request is cancelled and the abort passed on as it is. */
  signal?: AbortSignal;
  /** Overrides maxResponseBytes (EDGE_MAX_AUDIO_BYTES for a clip). */
  maxBytes?: number;
  /** Headers the console adds for its embedded demo edge only. */
  headers?: Record<string, string>;
  /**
   * Read the body only for these statuses (the rest are cancelled unread); all by default.
   * A clip reads only a 200 of an audio type: see `accept` in the caller.
   */
  readBody?: (status: number, headers: Headers) => boolean;
}

export interface EdgeAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export interface EdgeGetOptions {
  authorization?: string | null;
  signal?: AbortSignal;
  /**
   * The caller's own last answers of these requests: an answer whose text is the same as last time,
   * to the same schema, is returned as it was read then (the same objects, which nobody may change),
   * without parsing, redacting and checking it again.
   */
  memo?: EdgeMemo;
}

/** One request's last answer: its text and what it was read as (already without credentials). */
export type EdgeMemo = Map<string, { text: string; schema: z.ZodType; data: unknown }>;

/** The console's one client of the edge (see server/edge/README in docs/architecture). */
export interface EdgeClient {
  readonly settings: Readonly<EdgeSettings>;
  /** The settings' upstream and token, named as the bare settings name them (see EdgeAccess). */
  readonly upstream: string;
  readonly token: string | null;
  readonly timeoutMs: number;
  /** Whether the server holds the edge token (else each call brings the browser's). */
  readonly holdsToken: boolean;
  /**
   * One request under the edge rules: the token, no redirect followed (a 3xx is an answer),
   * the timeout over headers and body, the size cap while reading. Throws EdgeError when the
   * edge did not answer (unreachable, timeout, too large); any status is an answer.
   */
  send(request: EdgeRequest): Promise<EdgeAnswer>;
  /**
   * GET a path of the edge interface as JSON of `schema`, with device credentials removed; every
   * failure (a refusal, an error status, malformed JSON, a wrong shape) is an EdgeError.
   */
  get<S extends z.ZodType>(
    path: string,
    query: EdgeQuery | URLSearchParams | undefined,
    schema: S,
    options?: EdgeGetOptions,
  ): Promise<z.infer<S>>;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * The reason an edge gave for an error, as it goes out on /live and to every screen: one short
 * line, without credentials.
 */
export function edgeDetailOf(text: string): string {
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

export function createEdgeClient(settings: EdgeSettings): EdgeClient {
  const holdsToken = settings.token !== null;
  const transport = createTransport();

  async function send(request: EdgeRequest): Promise<EdgeAnswer> {
    const method = request.method ?? 'GET';
    const url = request.path instanceof URL ? request.path : edgeUrl(settings.upstream, request.path, request.query);
    const headers: Record<string, string> = {
      accept: request.accept ?? 'application/json',
      // As fetch asked; a real edge may compress its pages (decoded, then capped, by the transport).
      'accept-encoding': 'gzip, deflate, br',
      ...request.headers,
    };
    const authorization = holdsToken ? `Bearer ${settings.token}` : (request.authorization ?? null);
    if (authorization !== null) headers.authorization = authorization;
    if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
    const started = performance.now();
    let status: number | 'error' = 'error';
    try {
      const answer = await transport.exchange({
        method,
        url,
        headers,
        body: request.body,
        signal: request.signal,
        timeoutMs: settings.timeoutMs,
        maxBytes: request.maxBytes ?? settings.maxResponseBytes,
        readBody: request.readBody,
      });
      status = answer.status;
      return answer;
    } catch (error) {
      if (request.signal?.aborted) throw error;
      if (error instanceof EdgeResponseTooLarge) throw new EdgeError('too-large', error.message);
      if (error instanceof EdgeTimeout) {
        throw new EdgeError('timeout', `Edge server did not answer within ${seconds(settings.timeoutMs)} s`);
      }
      const code = (error as { code?: unknown }).code;
      throw new EdgeError('unreachable', `Edge server unreachable${typeof code === 'string' ? ` (${code})` : ''}`);
    } finally {
      const ms = performance.now() - started;
      settings.observe?.({ method, path: url.pathname, status, seconds: ms / 1000 });
      settings.log?.debug(
        { edge: { method, path: url.pathname, status, ms: Math.round(ms) } },
        `edge ${method} ${url.pathname} ${status} ${Math.round(ms)}ms`,
      );
    }
  }

  return {
    settings,
    upstream: settings.upstream,
    token: settings.token,
    timeoutMs: settings.timeoutMs,
    holdsToken,
    send,
    async get(path, query, schema, options = {}) {
      const endpoint = `GET ${path}`;
      let answer: EdgeAnswer;
      try {
        answer = await send({ path, query, authorization: options.authorization, signal: options.signal });
      } catch (error) {
        // The hub's health line names which read was too large.
        if (error instanceof EdgeError && error.kind === 'too-large') {
          throw new EdgeError('too-large', `${error.message} (${endpoint})`);
        }
        throw error;
      }
      const { status } = answer;
      const text = answer.bytes.toString('utf8');
      if (status === 401 || status === 403) {
        const hint = holdsToken
          ? ': check EDGE_API_TOKEN on the console server.'
          : ': sign in again with a token the edge accepts.';
        throw new EdgeError('unauthorized', `Edge token rejected (${status})${hint}`, status);
      }
      if (status >= 500) throw new EdgeError('unreachable', `${status} ${edgeDetailOf(text)} (${endpoint})`, status);
      if (status < 200 || status >= 300) {
        throw new EdgeError('http', `${status} ${edgeDetailOf(text)} (${endpoint})`, status);
      }
      const memoKey = options.memo === undefined ? '' : edgeUrl('http://memo', path, query).href;
      const last = options.memo?.get(memoKey);
      if (last !== undefined && last.schema === schema && last.text === text)
        return last.data as z.infer<typeof schema>;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new EdgeError('malformed', `The edge sent a response that is not valid JSON (${endpoint})`, status);
      }
      const parsed = schema.safeParse(redactCredentials(json));
      if (!parsed.success) throw shapeError(endpoint, parsed.error);
      options.memo?.set(memoKey, { text, schema, data: parsed.data });
      return parsed.data;
    },
  };
}
