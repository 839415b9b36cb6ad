import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { EdgeResponseTooLarge } from './read-capped.js';

/** One request as the edge client sends it: the URL already built, the headers already chosen. */
export interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** The caller gave up: the request is cancelled and the signal's reason thrown as it is. */
  signal?: AbortSignal;
  /** Headers and body must be done within it, else EdgeTimeout. */
  timeoutMs: number;
  /** The body is refused (EdgeResponseTooLarge) once it passes this many bytes after decoding. */
  maxBytes: number;
  /** Read the body only when this says so; otherwise the connection is closed unread. */
  readBody?: (status: number, headers: Headers) => boolean;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export class EdgeTimeout extends Error {}

/** A reused keep-alive connection the edge had already closed: the request never reached it. */
class StaleConnection extends Error {}

const DECODERS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

function headersOf(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header the WHATWG rules refuse is one no caller reads.
    }
  }
  return headers;
}

/**
 * The edge client's HTTP over node:http with keep-alive connections. It replaced fetch: a
 * composite page read through undici's fetch spent most of its CPU in WHATWG streams, Headers,
 * Response and AbortSignal.any (issue 32's profile: about 35 % of a proxied composite list),
 * and the plain client does the same exchange for a fraction. Rules kept: no redirect followed
 * (a 3xx is an answer), the timeout over headers and body, the size cap while reading (after
 * content decoding, so a compressed bomb is cut off too), a refused body closed unread.
 */
export function createTransport(): { exchange(request: Exchange): Promise<RawAnswer> } {
  // An idle connection is given up a second before the edge's Keep-Alive hint says it would close it.
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  async function exchange(request: Exchange): Promise<RawAnswer> {
    const { signal } = request;
    if (signal?.aborted) throw signal.reason;
    // As fetch did: node:http would turn them into a Basic Authorization header of its own.
    if (request.url.username !== '' || request.url.password !== '') {
      throw new TypeError('An edge URL carrying a user name or password is not used');
    }
    let halt: ((error: unknown) => void) | null = null;
    let stopped: unknown = null;
    const stop = (error: unknown) => {
      stopped ??= error;
      halt?.(error);
    };
    const timer = setTimeout(() => stop(new EdgeTimeout()), request.timeoutMs);
    const onAbort = () => stop(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // A request on a connection the edge closed while it sat idle is sent again on a new one.
      for (let tries = 1; ; tries++) {
        try {
          return await once(request, agents[request.url.protocol === 'https:' ? 'https:' : 'http:'], (h) => {
            halt = h;
            if (stopped !== null) h(stopped);
          });
        } catch (error) {
          if (!(error instanceof StaleConnection) || tries >= 3)
            throw error instanceof StaleConnection ? error.cause : error;
        }
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
  return { exchange };
}

function once(request: Exchange, agent: http.Agent, started: (halt: (error: unknown) => void) => void) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const transport = request.url.protocol === 'https:' ? https : http;
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(request.body.byteLength);
    let answered = false;
    let done = false;
    let response: http.IncomingMessage | null = null;
    let reading: Readable | null = null;
    const finish = (error: unknown, answer?: RawAnswer) => {
      if (done) return;
      done = true;
      if (answer !== undefined) return resolve(answer);
      reading?.destroy();
      response?.destroy();
      req.destroy();
      reject(error);
    };
    const req = transport.request(request.url, { method: request.method, headers, agent });
    started((error) => finish(error));
    req.on('error', (error) => {
      // Only an idempotent request that got no answer on a reused connection is tried again.
      const stale = req.reusedSocket && !answered && request.body === undefined && request.method === 'GET';
      finish(stale ? new StaleConnection('stale keep-alive connection', { cause: error }) : error);
    });
    req.on('response', (res) => {
      answered = true;
      response = res;
      const status = res.statusCode ?? 0;
      const answerHeaders = headersOf(res.rawHeaders);
      if (!(request.readBody?.(status, answerHeaders) ?? true)) {
        res.destroy();
        return finish(undefined, { status, headers: answerHeaders, bytes: Buffer.alloc(0) });
      }
      const decoder = DECODERS[(res.headers['content-encoding'] ?? '').trim().toLowerCase()];
      const declared = Number(res.headers['content-length'] ?? Number.NaN);
      if (decoder === undefined && Number.isFinite(declared) && declared > request.maxBytes) {
        return finish(new EdgeResponseTooLarge(request.maxBytes));
      }
      const body: Readable = decoder === undefined ? res : res.pipe(decoder());
      reading = body;
      const chunks: Buffer[] = [];
      let total = 0;
      body.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        if (total > request.maxBytes) return finish(new EdgeResponseTooLarge(request.maxBytes));
        chunks.push(chunk);
      });
      body.on('end', () => finish(undefined, { status, headers: answerHeaders, bytes: Buffer.concat(chunks, total) }));
      body.on('error', (error) => finish(error));
      res.on('error', (error) => finish(error));
      res.on('close', () => {
        if (!res.complete) finish(new Error('the edge closed the connection before the answer ended'));
      });
    });
    req.end(
      request.body === undefined
        ? undefined
        : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength),
    );
  });
}
