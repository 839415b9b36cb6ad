import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionLimitsFrom, fileLimit } from './connection-limits.js';
import { startConsoleProcess, type ConsoleProcess } from './testing/console-process.js';
import { FAKE_TOKEN, startFakeEdge, type FakeEdge } from './testing/fake-edge.js';

describe('the limits from the file limit and the environment', () => {
  it('reads the soft limit on open files', () => {
    const text =
      'Limit  Soft Limit  Hard Limit  Units\nMax open files            1024                 524288               files\n';
    expect(fileLimit(() => text)).toBe(1024);
    expect(fileLimit(() => 'Max open files  unlimited  unlimited  files\n')).toBeNull();
    expect(
      fileLimit(() => {
        throw new Error('no /proc here');
      }),
    ).toBeNull();
  });

  it('keeps a quarter of the files (at least 128) for the rest of the process, half the connections for pages', () => {
    expect(connectionLimitsFrom({}, 1024)).toMatchObject({
      maxConnections: 768,
      perAddress: 128,
      maxStreams: 384,
      streamsPerSession: 8,
      streamsPerAddress: 32,
      headersTimeoutMs: 10_000,
    });
    expect(connectionLimitsFrom({}, 256)).toMatchObject({ maxConnections: 128, perAddress: 32, maxStreams: 64 });
    expect(connectionLimitsFrom({}, null).maxConnections).toBe(768);
    expect(connectionLimitsFrom({ MAX_CONNECTIONS: '50', LIVE_STREAMS_PER_SESSION: '2' }, 1024)).toMatchObject({
      maxConnections: 50,
      perAddress: 16,
      maxStreams: 25,
      streamsPerSession: 2,
    });
    expect(() => connectionLimitsFrom({ MAX_CONNECTIONS: '0' }, 1024)).toThrow(/MAX_CONNECTIONS/);
  });
});

/** What one raw connection got: the status of its first answer (and its body), or how it ended without one. */
interface Outcome {
  status: number | 'reset' | 'closed' | 'open';
  body: string;
  closed: boolean;
}

function rawConnection(port: number, from: string, text: string): { outcome: Outcome; socket: net.Socket } {
  const outcome: Outcome = { status: 'open', body: '', closed: false };
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => socket.write(text));
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
    if (status !== null && outcome.status === 'open') outcome.status = Number(status[1]);
    const split = received.indexOf('\r\n\r\n');
    if (split !== -1 && outcome.body === '') outcome.body = received.slice(split + 4, split + 400);
  });
  socket.on('error', () => {
    if (outcome.status === 'open') outcome.status = 'reset';
  });
  socket.on('close', () => {
    outcome.closed = true;
    if (outcome.status === 'open') outcome.status = 'closed';
  });
  return { outcome, socket };
}

const count = (outcomes: Outcome[], status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;

/**
 * The attack of issue 24 against a real console process held to 256 open files: one session
 * opens 1,000 live streams from one address while another address holds 300 connections that
 * never finish their headers. Everyone else must still get /healthz and a sign-in answered.
 */
describe('a flood of streams and slow connections, with 256 open files', () => {
  const FILES = 256;
  const ANSWER_WITHIN_MS = 5000;
  let edge: FakeEdge;
  let console_: ConsoleProcess;
  let port = 0;
  const admin = { username: 'admin', password: 'flood-test-password-1' };

  beforeAll(async () => {
    edge = await startFakeEdge();
    console_ = await startConsoleProcess(
      {
        EDGE_API_URL: edge.url,
        EDGE_API_TOKEN: FAKE_TOKEN,
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        QUIET: '1',
        HEADERS_TIMEOUT_MS: '1000',
      },
      { fileLimit: FILES },
    );
    port = Number(new URL(console_.url).port);
  }, 60_000);

  afterAll(async () => {
    await console_.stop();
    await edge.close();
  });

  /**
   * An answer from the console within five seconds, on a new connection from the address people use
   * (a bound on being answered at all, generous for a loaded 2-core machine; before the caps, new
   * connections were reset).
   */
  function timed(pathname: string, body?: unknown): Promise<{ status: number | string; ms: number }> {
    const started = Date.now();
    return new Promise((resolve) => {
      const done = (status: number | string) => resolve({ status, ms: Date.now() - started });
      const request = http.request(
        { host: '127.0.0.1', port, path: pathname, method: body === undefined ? 'GET' : 'POST', agent: false },
        (response) => {
          response.resume();
          done(response.statusCode ?? 0);
        },
      );
      request.setTimeout(ANSWER_WITHIN_MS, () => {
        request.destroy();
        done(`no answer in ${ANSWER_WITHIN_MS} ms`);
      });
      request.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
      if (body !== undefined) request.setHeader('content-type', 'application/json');
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  it('keeps answering /healthz and sign-in, caps the streams, answers the surplus, cuts the slow ones', async () => {
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(204);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

    let maxFiles = 0;
    const sampler = setInterval(() => {
      maxFiles = Math.max(maxFiles, fs.readdirSync(`/proc/${console_.child.pid}/fd`).length);
    }, 20);
    const liveRequest = `GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`;
    const streams = Array.from({ length: 1000 }, () => rawConnection(port, '127.0.0.2', liveRequest));
    const slow = Array.from({ length: 300 }, () =>
      rawConnection(port, '127.0.0.3', 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await timed('/healthz'));
      answers.push(await timed('/auth/login', admin));
      const streamOutcomes = streams.map((s) => s.outcome);
      const slowOutcomes = slow.map((s) => s.outcome);
      // The slow ones are cut at the header timeout (1 s here), checked every second.
      await expect.poll(() => slowOutcomes.every((o) => o.closed), { timeout: 4000 }).toBe(true);
      console.log(
        `flood: answers ${JSON.stringify(answers)}; streams ${JSON.stringify({
          200: count(streamOutcomes, 200),
          429: count(streamOutcomes, 429),
          503: count(streamOutcomes, 503),
          reset: count(streamOutcomes, 'reset'),
        })}; slow ${JSON.stringify({ 408: count(slowOutcomes, 408), 503: count(slowOutcomes, 503) })}; ` +
          `at most ${maxFiles} of ${FILES} files open`,
      );

      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 204]);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(ANSWER_WITHIN_MS);
      expect(count(streamOutcomes, 200)).toBe(8);
      const tooMany = streamOutcomes.find((o) => o.status === 429)!;
      expect(JSON.parse(tooMany.body)).toMatchObject({ code: 'too_many_streams' });
      const refused = [...streamOutcomes, ...slowOutcomes].find((o) => o.status === 503)!;
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'too_many_connections' });
      expect(count(slowOutcomes, 408)).toBeLessThanOrEqual(32);
      expect(maxFiles).toBeLessThan(FILES);
    } finally {
      clearInterval(sampler);
      for (const { socket } of [...streams, ...slow]) socket.destroy();
    }
  }, 20_000);
});
