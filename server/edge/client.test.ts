import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getEdge, type EdgeAccess } from './access.js';
import { EdgeError } from './errors.js';

const page = z.object({ results: z.array(z.object({ id: z.string() })) });

describe('the edge client: every way an edge read fails is one EdgeError that names it', () => {
  let edge: FastifyInstance;
  let access: Exclude<EdgeAccess, { send: unknown }>;

  beforeAll(async () => {
    // A real edge on loopback, misbehaving in a different way on each path.
    edge = Fastify({ forceCloseConnections: true });
    edge.get('/good', async () => ({ results: [{ id: 'e1' }] }));
    edge.get('/malformed', async (_request, reply) => reply.type('application/json').send('{"results": [{"id"'));
    edge.get('/wrong-shape', async () => ({ results: [{ id: 7 }] }));
    edge.get('/broken', async (_request, reply) => reply.code(500).send({ detail: 'boom' }));
    edge.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ results: [] }), 2000)));
    edge.get('/moved', async (_request, reply) => reply.redirect('/good', 302));
    edge.get('/huge', async () => ({ results: Array.from({ length: 2000 }, (_, i) => ({ id: `e${i}` })) }));
    edge.get('/gone', async (_request, reply) => reply.code(404).send({ detail: 'No such thing' }));
    const upstream = await edge.listen({ host: '127.0.0.1', port: 0 });
    access = { upstream, token: 't', timeoutMs: 500, maxResponseBytes: 16 * 1024 };
  });
  afterAll(() => edge.close());

  const failure = (path: string, upstream = access.upstream) =>
    getEdge({ ...access, upstream }, path, new URLSearchParams(), null, page).then(
      () => null,
      (error: unknown) => error,
    );

  it('reads a good answer as its schema', async () => {
    expect(await getEdge(access, '/good', new URLSearchParams(), null, page)).toEqual({ results: [{ id: 'e1' }] });
  });

  it('names malformed JSON, a wrong shape, an error status, a timeout and an unreachable edge', async () => {
    const cases: [string, number, RegExp, string?][] = [
      ['/malformed', 502, /not valid JSON \(GET \/malformed\)/],
      ['/wrong-shape', 502, /Unexpected response shape from GET \/wrong-shape: results\[0\]\.id/],
      ['/broken', 502, /^500 boom \(GET \/broken\)/],
      ['/slow', 504, /did not answer within 0\.5 s/],
      ['/good', 502, /Edge server unreachable/, 'http://127.0.0.1:1'],
      // A redirect is an answer, not followed: the edge's address is the only one the token goes to.
      ['/moved', 502, /^302 .*\(GET \/moved\)/],
      ['/huge', 502, /too large .*EDGE_MAX_RESPONSE_BYTES.*\(GET \/huge\)/],
      ['/gone', 404, /^404 No such thing \(GET \/gone\)/],
    ];
    for (const [path, status, message, upstream] of cases) {
      const error = await failure(path, upstream);
      expect(error, path).toBeInstanceOf(EdgeError);
      expect((error as EdgeError).status, path).toBe(status);
      expect((error as EdgeError).message, path).toMatch(message);
    }
  });
});
