import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EdgeError } from '../gateway/edge-error.js';
import { getEdge, type EdgeAccess } from './recent.js';

const page = z.object({ results: z.array(z.object({ id: z.string() })) });

describe('getEdge: every way an edge read fails is an EdgeError that names it', () => {
  let edge: FastifyInstance;
  let access: EdgeAccess;

  beforeAll(async () => {
    // A real edge on loopback, misbehaving in a different way on each path.
    edge = Fastify();
    edge.get('/good', async () => ({ results: [{ id: 'e1' }] }));
    edge.get('/malformed', async (_request, reply) => reply.type('application/json').send('{"results": [{"id"'));
    edge.get('/wrong-shape', async () => ({ results: [{ id: 7 }] }));
    edge.get('/broken', async (_request, reply) => reply.code(500).send({ detail: 'boom' }));
    edge.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ results: [] }), 2000)));
    access = { upstream: await edge.listen({ host: '127.0.0.1', port: 0 }), token: 't', timeoutMs: 500 };
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
      ['/malformed', 502, /malformed JSON \(GET \/malformed\)/],
      ['/wrong-shape', 502, /unexpected shape \(GET \/wrong-shape: results\.0\.id\)/],
      ['/broken', 502, /answered 500 \(GET \/broken\)/],
      ['/slow', 504, /did not answer in time/],
      ['/good', 502, /Edge unreachable/, 'http://127.0.0.1:1'],
    ];
    for (const [path, status, message, upstream] of cases) {
      const error = await failure(path, upstream);
      expect(error, path).toBeInstanceOf(EdgeError);
      expect((error as EdgeError).status, path).toBe(status);
      expect((error as EdgeError).message, path).toMatch(message);
    }
  });
});
