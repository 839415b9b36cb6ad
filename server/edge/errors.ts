import type * as z from 'zod';

/** How a read of the edge failed: it decides the hub's health, its back-off and the status a browser gets. */
export type EdgeFailureKind = 'unreachable' | 'timeout' | 'unauthorized' | 'http' | 'malformed' | 'shape' | 'too-large';

/**
 * The console's one error for a failed edge request, whoever made it (hub, gateway, insights,
 * review, audit, audio, location). `edgeStatus` is what the edge answered (null when it did not);
 * `status` is the console's own reading of it: the edge's 401, 403 and 404 as they are, a
 * timeout 504, anything else a bad gateway (502).
 */
export class EdgeError extends Error {
  override readonly name = 'EdgeError';
  readonly status: number;

  constructor(
    readonly kind: EdgeFailureKind,
    message: string,
    readonly edgeStatus: number | null = null,
  ) {
    super(message);
    this.status =
      kind === 'timeout' ? 504 : edgeStatus === 401 || edgeStatus === 403 || edgeStatus === 404 ? edgeStatus : 502;
  }

  /** The edge is away or slow, as opposed to answering something the console cannot use. */
  get isDown(): boolean {
    return this.kind === 'unreachable' || this.kind === 'timeout';
  }

  /** The edge does not know the id asked for. */
  get isNotFound(): boolean {
    return this.edgeStatus === 404;
  }
}

/**
 * The status a browser is given for an edge failure: the edge refusing the server's token, or not
 * knowing a path it should, is a bad gateway to the browser, not the browser's own 401/404.
 */
export function browserStatusOf(error: EdgeError): number {
  return error.status === 401 || error.status === 403 || error.status === 404 ? 502 : error.status;
}

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    const key = String(part);
    return out === '' ? key : `${out}.${key}`;
  }, '');
}

/** An answer of an unexpected shape, naming the first fields at fault as the browser's client does. */
export function shapeError(endpoint: string, error: z.ZodError): EdgeError {
  const first = error.issues.slice(0, 3).map((issue) => `${pathOf(issue) || '(response)'}: ${issue.message}`);
  const more = error.issues.length > 3 ? ` (+${error.issues.length - 3} more)` : '';
  return new EdgeError('shape', `Unexpected response shape from ${endpoint}: ${first.join('; ')}${more}`, 200);
}

/** An edge answer read with `schema`; one of an unexpected shape is the edge's failure, named. */
export function parseEdgeAnswer<T extends z.ZodType>(schema: T, body: unknown, endpoint: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw shapeError(endpoint, parsed.error);
}
