import type * as z from 'zod/mini';
import { accessToken } from './access-token';
import { ApiError, contractError, errorFromResponse } from './api-error';
import { edgeConnection } from './connection';
import { sessionEnd } from './session';
import { zodMessages } from './zod-messages';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Builds a query string; arrays become repeated parameters (`mic_id=a&mic_id=b`), as the spec asks. */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const CLIENT_TIMEOUT_MS = 20_000;

export interface RequestOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'PATCH' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** The console's own endpoints (`/api/admin/*`…) say nothing about the edge's health. */
  consoleOnly?: boolean;
  /** Told the headers of an answer that was used (a list's place in the live stream). */
  onHeaders?: (headers: Headers) => void;
}

/** The one way the app talks to the edge: same-origin `/api/v1`, bearer token, validated answers. */
export async function request<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<z.infer<S>> {
  const method = options.method ?? 'GET';
  const endpoint = `${method} ${options.path}`;
  const connection = options.consoleOnly === true ? null : edgeConnection;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = accessToken.get();
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(CLIENT_TIMEOUT_MS);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);

  let response: Response;
  let text: string;
  try {
    response = await fetch(new URL(`${options.path}${toQueryString(options.query ?? {})}`, window.location.origin), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      credentials: 'same-origin',
    });
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = timeout.aborted
      ? new ApiError('timeout', `No answer from the console server within ${CLIENT_TIMEOUT_MS / 1000} s`, endpoint)
      : new ApiError('network', 'The console server cannot be reached', endpoint);
    connection?.failed(error, method);
    throw error;
  }

  if (!response.ok) {
    const error = errorFromResponse(endpoint, response.status, response.statusText, text);
    // The console's own "sign in" (not an edge refusing its token): the session is over.
    if (response.status === 401 && response.headers.get('x-console-sign-in') === 'required') {
      sessionEnd.mark();
      throw error;
    }
    connection?.failed(error, method);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    connection?.succeeded();
    throw new ApiError(
      'malformed',
      `The edge sent a response that is not valid JSON (${endpoint})`,
      endpoint,
      response.status,
    );
  }
  connection?.succeeded();
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    await zodMessages;
    throw contractError(endpoint, options.schema.safeParse(json).error ?? parsed.error);
  }
  options.onHeaders?.(response.headers);
  return parsed.data;
}
