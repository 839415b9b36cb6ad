import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/lazy-schema';
import { accessToken } from './access-token';
import { ApiError, errorFromResponse } from './api-error';
import { sessionEnd } from './session';

/**
 * Detections' audio (server/audio): the console reads each clip from the edge and sends it on,
 * so the browser only ever talks to the console. Clips and the evidence pack are binary: they
 * are fetched here rather than through `request`, which reads JSON.
 */

/** Why the console could not send a clip, as it says (server/audio/edge-clip.ts). */
export const CLIP_PROBLEMS = [
  'missing',
  'refused_path',
  'redirect',
  'not_audio',
  'too_large',
  'timeout',
  'unreachable',
  'edge_error',
  'unauthorized',
] as const;
export type ClipProblem = (typeof CLIP_PROBLEMS)[number] | 'other';

export class AudioError extends ApiError {
  constructor(
    error: ApiError,
    readonly problem: ClipProblem,
  ) {
    super(error.kind, error.message, error.endpoint, error.status, error.fieldErrors);
  }
}

const TIMEOUT_MS = 30_000;

export const clipUrl = (compositeId: string, eventId: string) =>
  `/api/audio/composite-events/${encodeURIComponent(compositeId)}/events/${encodeURIComponent(eventId)}`;

const problemSchema = lazySchema(() => z.object({ reason: z.enum(CLIP_PROBLEMS) }));

function problemOf(text: string, status: number): ClipProblem {
  try {
    const parsed = problemSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.reason;
  } catch {
    // Not the console's JSON: a proxy's page, judged by its status.
  }
  if (status === 504) return 'timeout';
  if (status === 404) return 'missing';
  return 'other';
}

/** A console answer as bytes, with the same credentials and errors as every other call. */
async function binary(
  path: string,
  init: { method?: 'GET' | 'POST'; signal?: AbortSignal } = {},
): Promise<{ bytes: ArrayBuffer; response: Response }> {
  const method = init.method ?? 'GET';
  const endpoint = `${method} ${path}`;
  const headers: Record<string, string> = {};
  const token = accessToken.get();
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = init.signal === undefined ? timeout : AbortSignal.any([init.signal, timeout]);
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), {
      method,
      headers,
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    const error = timeout.aborted
      ? new ApiError('timeout', `No answer from the console server within ${TIMEOUT_MS / 1000} s`, endpoint)
      : new ApiError('network', 'The console server cannot be reached', endpoint);
    throw new AudioError(error, timeout.aborted ? 'timeout' : 'unreachable');
  }
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401 && response.headers.get('x-console-sign-in') === 'required') sessionEnd.mark();
    const error = errorFromResponse(endpoint, response.status, response.statusText, text);
    throw new AudioError(error, problemOf(text, response.status));
  }
  return { bytes: await response.arrayBuffer(), response };
}

export interface ClipBytes {
  bytes: ArrayBuffer;
  /** The clip's audio/* type, as the console sent it. */
  type: string;
}

export async function fetchClip(compositeId: string, eventId: string, signal?: AbortSignal): Promise<ClipBytes> {
  const { bytes, response } = await binary(clipUrl(compositeId, eventId), { signal });
  return { bytes, type: response.headers.get('content-type') ?? 'audio/wav' };
}

export interface EvidencePack {
  blob: Blob;
  fileName: string;
  manifestSha256: string | null;
}

/** Builds and downloads an incident's evidence pack (operators and admins); the console audits it. */
export async function exportEvidence(compositeId: string): Promise<EvidencePack> {
  const path = `/api/evidence/composite-events/${encodeURIComponent(compositeId)}`;
  const { bytes, response } = await binary(path, { method: 'POST' });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return {
    blob: new Blob([bytes], { type: 'application/zip' }),
    fileName: named?.[1] ?? `evidence-${compositeId}.zip`,
    manifestSha256: response.headers.get('x-evidence-manifest-sha256'),
  };
}

/** A clip is the same for as long as the console keeps it (ten minutes): no refetch meanwhile. */
const CLIP_FRESH_MS = 10 * 60_000;

export const audioQueries = {
  all: () => ['audio'] as const,
  clip: (compositeId: string, eventId: string) =>
    queryOptions({
      queryKey: [...audioQueries.all(), 'clip', compositeId, eventId] as const,
      queryFn: ({ signal }) => fetchClip(compositeId, eventId, signal),
      staleTime: CLIP_FRESH_MS,
      gcTime: CLIP_FRESH_MS,
      retry: false,
    }),
};
