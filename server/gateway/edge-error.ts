import type { z } from 'zod';

/** The edge failed a read the console server made on its own account (not a proxied browser request). */
export class EdgeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The status a browser is given for an edge failure: the edge refusing the server's token, or not
 * knowing a path it should, is a bad gateway to the browser, not the browser's own 401/404.
 */
export function browserStatusOf(error: EdgeError): number {
  return error.status === 401 || error.status === 403 || error.status === 404 ? 502 : error.status;
}

/** An edge answer read with `schema`; one of an unexpected shape is the edge's failure, named. */
export function parseEdgeAnswer<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new EdgeError(502, `Edge server sent an unexpected shape (${what}: ${issue?.path.join('.') ?? ''})`);
}
