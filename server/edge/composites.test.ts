import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEdgeClient } from './client.js';
import { COMPOSITE_CACHE, CompositeCache } from './composites.js';

const composite = z.object({ id: z.string(), events: z.array(z.object({ id: z.string() })) });

describe('the composite cache: a composite the hub saw grow is read afresh', () => {
  let edge: FastifyInstance;
  let upstream: string;
  // What the edge holds now, and how often it was asked.
  const events: Record<string, string[]> = {};
  let reads = 0;

  beforeAll(async () => {
    edge = Fastify();
    edge.get<{ Params: { id: string } }>('/api/v1/composite-events/:id', async (request) => {
      reads++;
      return { id: request.params.id, events: (events[request.params.id] ?? []).map((id) => ({ id })) };
    });
    upstream = await edge.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => edge.close());

  const client = (token: string | null) =>
    createEdgeClient({ upstream, token, timeoutMs: 5_000, maxResponseBytes: 1 << 20 });
  const ids = (answer: z.infer<typeof composite>) => answer.events.map((e) => e.id);

  it.each([
    ['the server holds the token', 'server-token', null],
    ['each browser brings its own', null, 'Bearer browser-token'],
  ] as const)('%s', async (_, token, authorization) => {
    const id = `inc-${token ?? 'browser'}`;
    const cache = new CompositeCache(client(token), { ...COMPOSITE_CACHE, ttlMs: 60_000 });
    events[id] = ['e1'];
    expect(ids(await cache.get(id, authorization, composite))).toEqual(['e1']);
    events[id] = ['e1', 'e2', 'e3'];
    const before = reads;
    // Within its few seconds the held answer is served: one edge read however many ask.
    expect(ids(await cache.get(id, authorization, composite))).toEqual(['e1']);
    expect(reads).toBe(before);
    cache.forget(['another', id]);
    expect(ids(await cache.get(id, authorization, composite))).toEqual(['e1', 'e2', 'e3']);
    expect(reads).toBe(before + 1);
    // Forgetting others leaves it held.
    cache.forget(['another']);
    await cache.get(id, authorization, composite);
    expect(reads).toBe(before + 1);
  });
});
