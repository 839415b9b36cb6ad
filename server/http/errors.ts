import type { FastifyError, FastifyReply } from 'fastify';
import type * as z from 'zod';

/** Where a refused value came from: the first element of every `loc`. */
export type InputRoot = 'body' | 'query' | 'path';
export type Loc = (string | number)[];

/**
 * The one shape of every refused input, answered with 422: FastAPI's (the edge speaks it too),
 * which the browser client maps onto form fields (src/api/api-error.ts). Refusals of who asks
 * (401, 403), of what is not there (404) and of a stale version (409) keep `{ detail: string }`.
 */
export interface InputRefusal {
  detail: { loc: Loc; msg: string }[];
}

/** Refused input thrown from below a route (a store's rule on a name, a query it cannot run): the error handler answers it. */
export class InvalidInput extends Error {
  override readonly name = 'InvalidInput';

  constructor(
    readonly loc: Loc,
    message: string,
  ) {
    super(message);
  }
}

function send(reply: FastifyReply, detail: InputRefusal['detail']): FastifyReply {
  const body: InputRefusal = { detail };
  return reply.code(422).header('cache-control', 'no-store').send(body);
}

/** Answers 422 for one refused value at `loc` (`['body', 'name']`, `['query']`, …). */
export function refuseInput(reply: FastifyReply, loc: Loc, msg: string): FastifyReply {
  return send(reply, [{ loc, msg }]);
}

/** Answers 422 with each of zod's issues, its path under `root`. */
export function refuseIssues(reply: FastifyReply, root: InputRoot, error: z.ZodError): FastifyReply {
  return send(
    reply,
    error.issues.map((issue) => ({
      loc: [root, ...issue.path.filter((part): part is string | number => typeof part !== 'symbol')],
      msg: issue.message,
    })),
  );
}

/** Parses one part of a request; on failure answers 422 and gives null. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  root: InputRoot,
  value: unknown,
  reply: FastifyReply,
): z.infer<S> | null {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  refuseIssues(reply, root, parsed.error);
  return null;
}

const ROOT_OF_CONTEXT: Record<string, InputRoot> = { body: 'body', querystring: 'query', params: 'path' };

/** A JSON-pointer-ish `instancePath` ("/thresholds/0") as loc parts. */
function pathParts(instancePath: string): Loc {
  return instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The shared 422 for input Fastify itself refused before a handler ran: a route schema's
 * validation (JSON schema or a zod type provider), a body that is not JSON. Null for any other error.
 */
export function inputRefusalOf(error: FastifyError): InputRefusal | null {
  if (error instanceof InvalidInput) return { detail: [{ loc: error.loc, msg: error.message }] };
  if (error.validation !== undefined) {
    const root = ROOT_OF_CONTEXT[error.validationContext ?? 'body'] ?? 'body';
    return {
      detail: error.validation.map((item) => ({
        loc: [root, ...pathParts(item.instancePath ?? '')],
        msg: item.message ?? 'invalid value',
      })),
    };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { detail: [{ loc: ['body'], msg: error.message }] };
  }
  return null;
}

/**
 * Answers a refusal a store or rule gave with its own status: 422 in the shared shape (at `loc`,
 * the body unless told), any other status as `{ detail }`.
 */
export function refuseWith(reply: FastifyReply, status: number, message: string, loc: Loc = ['body']): FastifyReply {
  if (status === 422) return refuseInput(reply, loc, message);
  return reply.code(status).send({ detail: message });
}
