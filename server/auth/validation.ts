import type { FastifyReply } from 'fastify';
import type * as z from 'zod';
import { parseInput } from '../http/errors.js';

/** Parses a request body; on failure answers the shared 422 (server/http/errors.ts). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | null {
  return parseInput(schema, 'body', body, reply);
}
