import http from 'node:http';
import type net from 'node:net';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientOf, getEdge, type EdgeAccess } from './access.js';
import type { EdgeMemo } from './client.js';
import { EdgeError } from './errors.js';

const page = z.object({ results: z.array(z.object({ id: z.string() })) });

let steady = 'm1';

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
    edge.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ results: [] }), 5000)));
    edge.get('/moved', async (_request, reply) => reply.redirect('/good', 302));
    edge.get('/huge', async () => ({ results: Array.from({ length: 2000 }, (_, i) => ({ id: `e${i}` })) }));
    edge.get('/gone', async (_request, reply) => reply.code(404).send({ detail: 'No such thing' }));
    // Answers the same until told otherwise, as a mic page does between two walks of the hub.
    edge.get('/steady', async () => ({ results: [{ id: steady }] }));
    const upstream = await edge.listen({ host: '127.0.0.1', port: 0 });
    // Generous for a loaded 2-core machine; the timeout case sets its own 0.5 s.
    access = { upstream, token: 't', timeoutMs: 5_000, maxResponseBytes: 16 * 1024 };
  });
  afterAll(() => edge.close());

  const failure = (path: string, upstream = access.upstream) =>
    getEdge(
      { ...access, upstream, timeoutMs: path === '/slow' ? 500 : access.timeoutMs },
      path,
      new URLSearchParams(),
      null,
      page,
    ).then(
      () => null,
      (error: unknown) => error,
    );

  it('reads a good answer as its schema', async () => {
    expect(await getEdge(access, '/good', new URLSearchParams(), null, page)).toEqual({ results: [{ id: 'e1' }] });
  });

  it("gives a caller's memo back the objects it read before while the answer's text stays the same", async () => {
    const client = clientOf(access);
    const memo: EdgeMemo = new Map();
    const query = new URLSearchParams({ page: '1' });
    const first = await client.get('/steady', query, page, { memo });
    expect(await client.get('/steady', query, page, { memo })).toBe(first);
    // Another schema, another page or no memo: read afresh.
    const other = z.object({ results: z.array(z.object({ id: z.string() })) });
    expect(await client.get('/steady', query, other, { memo })).not.toBe(first);
    expect(await client.get('/steady', new URLSearchParams({ page: '2' }), page, { memo })).not.toBe(first);
    expect(await client.get('/steady', query, page)).not.toBe(first);
    steady = 'm2';
    const changed = await client.get('/steady', query, page, { memo });
    expect(changed).toEqual({ results: [{ id: 'm2' }] });
    // A wrong shape is refused as ever, and the last good answer is not handed out for it.
    steady = 7 as unknown as string;
    await expect(client.get('/steady', query, page, { memo })).rejects.toThrow(/Unexpected response shape/);
    steady = 'm2';
    expect(await client.get('/steady', query, page, { memo })).toBe(changed);
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

describe('the edge client over keep-alive connections', () => {
  let edge: http.Server;
  let upstream: string;
  const connections: net.Socket[] = [];
  const json = JSON.stringify({ results: [{ id: 'e1' }] });

  beforeAll(async () => {
    // A plain node:http edge, so each answer's bytes and each connection are the test's own.
    edge = http.createServer((request, response) => {
      if (request.url === '/gzipped') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        return response.end(zlib.gzipSync(json));
      }
      if (request.url === '/bomb') {
        // About 1 kB on the wire, 1 MB once decoded: the cap applies to what it decodes to.
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        return response.end(zlib.gzipSync(Buffer.alloc(1024 * 1024, 32)));
      }
      if (request.url === '/dropped') {
        // Says keep-alive, then closes the connection as soon as the answer is out.
        response.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
        return response.end(json, () => setImmediate(() => request.socket.destroy()));
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(json);
    });
    edge.on('connection', (socket: net.Socket) => connections.push(socket));
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    upstream = `http://127.0.0.1:${(edge.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    edge.closeAllConnections();
    await new Promise((resolve) => edge.close(resolve));
  });

  const access = () => ({ upstream, token: 't', timeoutMs: 2_000, maxResponseBytes: 16 * 1024 });

  it('sends requests one after another on one connection', async () => {
    const client = access();
    const before = connections.length;
    for (let i = 0; i < 5; i++) expect(await getEdge(client, '/good', undefined, null, page)).toEqual(JSON.parse(json));
    expect(connections.length - before).toBe(1);
  });

  it('decodes a compressed answer, and caps it at the size it decodes to', async () => {
    expect(await getEdge(access(), '/gzipped', undefined, null, page)).toEqual(JSON.parse(json));
    const error = await getEdge(access(), '/bomb', undefined, null, page).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EdgeError);
    expect((error as EdgeError).kind).toBe('too-large');
  });

  it('sends a read again on a new connection when the edge closed the idle one', async () => {
    const client = access();
    for (let i = 0; i < 20; i++)
      expect(await getEdge(client, '/dropped', undefined, null, page)).toEqual(JSON.parse(json));
  });

  it('sends nothing to an address that carries a user name or password', async () => {
    const before = connections.length;
    const withCredentials = { ...access(), upstream: upstream.replace('http://', 'http://user:secret@') };
    const error = await getEdge(withCredentials, '/good', undefined, null, page).catch((e: unknown) => e);
    expect((error as EdgeError).kind).toBe('unreachable');
    expect(connections.length).toBe(before);
  });

  it("passes a caller's abort on as it is", async () => {
    const controller = new AbortController();
    const reason = new Error('the browser left');
    controller.abort(reason);
    const error = await clientOf(access())
      .get('/good', undefined, page, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
  });
});
