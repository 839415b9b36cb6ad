export type ApiErrorKind =
  /** The server could not be reached at all (or the edge behind it, 502). */
  | 'network'
  /** Nobody answered in time (504 or the client's own timeout). */
  | 'timeout'
  /** An HTTP error status with a readable reason. */
  | 'http'
  /** The body was not JSON. */
  | 'malformed'
  /** JSON of the wrong shape: the message names the field. */
  | 'contract';

export interface FieldError {
  /** FastAPI `loc` without its leading `body`/`query`/`path`, e.g. ["thresholds", "scream"]. */
  path: (string | number)[];
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly endpoint: string,
    readonly status: number | null = null,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }

  get isUnauthorized(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** Worth trying again later: the edge was away, slow or broke, not the request itself. */
  get isTransient(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || (this.status !== null && this.status >= 500);
  }
}

const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header']);

function fieldErrorsOf(detail: unknown): FieldError[] {
  if (!Array.isArray(detail)) return [];
  return detail.flatMap((item): FieldError[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { loc, msg } = item as { loc?: unknown; msg?: unknown };
    const path = Array.isArray(loc)
      ? loc.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
      : [];
    const trimmed = typeof path[0] === 'string' && LOCATION_ROOTS.has(path[0]) ? path.slice(1) : path;
    return [{ path: trimmed, message: typeof msg === 'string' ? msg : 'invalid value' }];
  });
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    const key = String(part);
    return out === '' ? key : `${out}.${key}`;
  }, '');
}

/** The readable reason of an error response: FastAPI's `detail` as a string or a list, or the raw text. */
export function errorFromResponse(endpoint: string, status: number, statusText: string, bodyText: string): ApiError {
  let detail: unknown;
  try {
    detail = (JSON.parse(bodyText) as { detail?: unknown }).detail;
  } catch {
    detail = undefined;
  }
  const fieldErrors = fieldErrorsOf(detail);
  let reason: string;
  if (typeof detail === 'string' && detail.trim() !== '') reason = detail;
  else if (fieldErrors.length > 0) {
    reason = fieldErrors.map((f) => (f.path.length > 0 ? `${formatPath(f.path)}: ${f.message}` : f.message)).join('; ');
  } else {
    const text = bodyText.trim().replace(/\s+/g, ' ').slice(0, 200);
    reason = text !== '' && !text.startsWith('<') ? text : statusText || 'no reason given';
  }
  const kind = status === 504 ? 'timeout' : status === 502 ? 'network' : 'http';
  return new ApiError(kind, `${status} ${reason}`, endpoint, status, fieldErrors);
}

/** The part of a zod error the app reads. */
export interface SchemaError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

export function contractError(endpoint: string, error: SchemaError): ApiError {
  const first = error.issues.slice(0, 3).map((issue) => {
    const path = formatPath(issue.path);
    return `${path === '' ? '(response)' : path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (+${error.issues.length - 3} more)` : '';
  return new ApiError(
    'contract',
    `Unexpected response shape from ${endpoint}: ${first.join('; ')}${more}`,
    endpoint,
    200,
    error.issues.map((issue) => ({
      path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
      message: issue.message,
    })),
  );
}
