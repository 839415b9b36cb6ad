import type { EdgeClient } from '../edge/client.js';
import { EdgeError } from '../edge/errors.js';
import { formatBytes } from '../edge/read-capped.js';
import { redactText } from '../redact.js';
import { checkClipPath, clipUrl } from './clip-path.js';

/** Why a clip could not be had, as the player shows it on the clip's row. */
export type ClipFailure =
  | 'missing'
  | 'refused_path'
  | 'redirect'
  | 'not_audio'
  | 'too_large'
  | 'timeout'
  | 'unreachable'
  | 'edge_error'
  | 'unauthorized';

const STATUS: Record<ClipFailure, number> = {
  missing: 404,
  refused_path: 502,
  redirect: 502,
  not_audio: 502,
  too_large: 502,
  timeout: 504,
  unreachable: 502,
  edge_error: 502,
  unauthorized: 502,
};

export class ClipError extends Error {
  constructor(
    readonly reason: ClipFailure,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS[this.reason];
  }
}

export interface Clip {
  bytes: Buffer;
  /** The edge's audio/* media type, without parameters. */
  type: string;
}

export interface ClipFetchOptions {
  /** The console's edge client: its token (or the asking browser's), timeout, no redirects. */
  edge: EdgeClient;
  /** EDGE_AUDIO_URL, else the edge's address. */
  base: string;
  /** EDGE_MAX_AUDIO_BYTES. */
  maxBytes: number;
  log: (line: string) => void;
}

const AUDIO_TYPE = /^audio\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * Reads one clip through the console's edge client: the path checked first (a refused one is
 * logged and nothing is fetched), the edge's token, no redirect followed, a timeout, only an
 * audio/* answer, and the size cap EDGE_MAX_AUDIO_BYTES enforced while reading.
 */
export async function fetchClip(
  options: ClipFetchOptions,
  filePath: unknown,
  authorization: string | null,
  signal?: AbortSignal,
): Promise<Clip> {
  const { log } = options;
  const checked = checkClipPath(filePath);
  const url = checked.ok ? clipUrl(options.base, checked.encoded) : null;
  if (url === null) {
    const reason = checked.ok ? 'leaves the edge' : checked.reason;
    // The path is the edge's data: quoted, cut short and without credentials, never followed.
    log(`audio: refused the file_path ${redactText(JSON.stringify(String(filePath)).slice(0, 200))}: ${reason}`);
    throw new ClipError('refused_path', `The edge gave this clip an unsafe file path (${reason}); it was not fetched.`);
  }
  let notAudio: string | null = null;
  let answer;
  try {
    answer = await options.edge.send({
      path: new URL(url),
      accept: 'audio/*',
      authorization,
      signal,
      maxBytes: options.maxBytes,
      // Only a 200 of an audio type is read; anything else is refused unread.
      readBody: (status, headers) => {
        if (status !== 200) return false;
        const type = mediaType(headers);
        if (AUDIO_TYPE.test(type)) return true;
        notAudio = type;
        return false;
      },
    });
  } catch (error) {
    if (!(error instanceof EdgeError)) throw error;
    if (error.kind === 'too-large') {
      throw new ClipError('too_large', `The clip is over ${formatBytes(options.maxBytes)} (EDGE_MAX_AUDIO_BYTES).`);
    }
    if (error.kind === 'timeout') {
      const seconds = Math.round(options.edge.settings.timeoutMs / 100) / 10;
      throw new ClipError('timeout', `The edge did not send the clip within ${seconds} s.`);
    }
    throw new ClipError('unreachable', `${error.message}.`);
  }
  if (answer.status !== 200) throw answerError(answer.status);
  if (notAudio !== null) {
    throw new ClipError('not_audio', `The edge answered ${notAudio || 'no content type'}, not audio.`);
  }
  return { bytes: answer.bytes, type: mediaType(answer.headers) };
}

const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

function answerError(status: number): ClipError {
  if (status === 404 || status === 410) return new ClipError('missing', 'The edge has no clip for this detection.');
  if (status >= 300 && status < 400) {
    return new ClipError('redirect', `The edge answered a redirect (${status}); it is not followed.`);
  }
  if (status === 401 || status === 403) {
    return new ClipError('unauthorized', `The edge refused the console's token (${status}).`);
  }
  return new ClipError('edge_error', `The edge answered ${status} for the clip.`);
}
