import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { safeLookup, type EndpointRules } from './endpoint.js';
import type { VapidKeys } from './vapid-keys.js';

export interface PushRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** JSON the service worker reads; encrypted (aes128gcm) so the push service cannot. */
  payload: string;
  /** ≤ 32 base64url characters: the push service replaces a waiting message with the same topic. */
  topic: string;
  urgency: 'high' | 'normal';
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number;
}

export type PushOutcome =
  | { kind: 'delivered'; status: number; ms: number }
  /** 404/410: the browser let the subscription go; it must be forgotten. */
  | { kind: 'gone'; status: number; ms: number }
  | { kind: 'failed'; status: number | null; error: string; retryable: boolean; ms: number };

export interface DeliverOptions {
  vapid: VapidKeys;
  subject: string;
  rules: EndpointRules;
  timeoutMs: number;
  /** The engine's deadline for the whole message. */
  signal?: AbortSignal;
}

/**
 * One POST to a push service (RFC 8030) with a VAPID JWT (RFC 8292) and an aes128gcm body
 * (RFC 8291), both made by web-push; the request itself is ours: no redirect is followed, the
 * address is checked when it is resolved, and a slow service is cut off at the timeout.
 */
export function deliver(push: PushRequest, options: DeliverOptions): Promise<PushOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: push.keys }, push.payload, {
      vapidDetails: {
        subject: options.subject,
        publicKey: options.vapid.publicKey,
        privateKey: options.vapid.privateKey,
      },
      contentEncoding: 'aes128gcm',
      TTL: push.ttl,
      urgency: push.urgency,
      topic: push.topic,
    });
  } catch (error) {
    return Promise.resolve({
      kind: 'failed',
      status: null,
      error: (error as Error).message,
      retryable: false,
      ms: ms(),
    });
  }
  const url = new URL(details.endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: safeLookup(options.rules) as unknown as http.RequestOptions['lookup'],
        timeout: options.timeoutMs,
        // A connection of its own: an agent's pooled socket would skip the address check.
        agent: false,
        signal: options.signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The body is the service's business; read at most a little of it, for the error text.
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 300) text += chunk;
        });
        response.on('end', () => {
          if (status >= 200 && status < 300) resolve({ kind: 'delivered', status, ms: ms() });
          else if (status === 404 || status === 410) resolve({ kind: 'gone', status, ms: ms() });
          else
            resolve({
              kind: 'failed',
              status,
              error: `The push service answered ${status}${text === '' ? '' : `: ${text.slice(0, 200)}`}`,
              retryable: status === 429 || status >= 500,
              ms: ms(),
            });
        });
        response.on('error', (error) =>
          resolve({ kind: 'failed', status, error: error.message, retryable: true, ms: ms() }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        kind: 'failed',
        status: null,
        error: error.code === 'EPRIVATE' ? 'The push endpoint resolves to a private address.' : error.message,
        retryable: error.code !== 'EPRIVATE',
        ms: ms(),
      }),
    );
    request.end(details.body ?? undefined);
  });
}
