import type { FastifyReply } from 'fastify';
import type * as z from 'zod';

/**
 * Parses a request body; on failure answers 422 with FastAPI-style `detail` items
 * (`loc: ['body', field]`), which the browser client maps onto form fields.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | null {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  void reply
    .code(422)
    .header('cache-control', 'no-store')
    .send({
      detail: parsed.error.issues.map((issue) => ({
        loc: ['body', ...issue.path.filter((p) => typeof p !== 'symbol')],
        msg: issue.message,
      })),
    });
  return null;
}
