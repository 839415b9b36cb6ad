import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesFrom, signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { freshDatabase } from '../testing/databases.js';
import type { ConsoleDb } from '../db/database.js';
import { AUDIO_EDGE_TOKEN, startAudioEdge, testWav, type AudioEdge } from './test-edge.js';

const CAP = 64 * 1024;
const wav = testWav(4000);

/** file_path values an edge (or whoever writes its database) could send to steer the console's fetch. */
const HOSTILE_PATHS: unknown[] = [
  'http://evil.example/a.wav',
  'https://127.0.0.1/a.wav',
  'HTTP://evil.example/a.wav',
  'javascript:alert(1)',
  '//evil.example/a.wav',
  '/%2F%2Fevil.example/a.wav',
  '/audio/../secret.wav',
  '/audio/./clip.wav',
  '/audio/%2e%2e/secret.wav',
  '/audio/%2E%2E/secret.wav',
  '/audio/..%2fsecret.wav',
  '/audio/%252e%252e/secret.wav',
  '/audio/%25252e%25252e/secret.wav',
  '/audio/%c0%ae%c0%ae/secret.wav',
  '/audio/%zz.wav',
  '/audio\\..\\secret.wav',
  '/audio/%5c..%5csecret.wav',
  '/audio//clip.wav',
  '/audio/clip.wav?sig=x',
  '/audio/clip.wav#frag',
  '/audio/clip\u0000.wav',
  '/audio/clip%00.wav',
  '/audio/clip\r\nHost: evil.example',
  '/audio/clip%0d%0aHost:%20evil.example',
  '/audio/\u00a0clip.wav',
  '/audio/clip\u2028.wav',
  '/C:/audio/clip.wav',
  'audio/clip.wav',
  '',
  42,
  null,
  { path: '/audio/clip.wav' },
  `/${'a'.repeat(1100)}.wav`,
];

describe('the audio route against an edge on loopback', () => {
  let db: ConsoleDb;
  let edge: AudioEdge;
  let trap: http.Server;
  let trapHits = 0;
  let console_: TestConsole;
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    edge = await startAudioEdge();
    trap = http.createServer((_req, res) => {
      trapHits++;
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    console_ = await startTestConsole(db, edge.url, {
      EDGE_API_TOKEN: AUDIO_EDGE_TOKEN,
      EDGE_MAX_AUDIO_BYTES: String(CAP),
      EDGE_TIMEOUT_MS: '1500',
    });
    for (const role of ['viewer', 'operator', 'admin'] as const) cookie[role] = (await signedIn(db, role)).cookie;
    const made = await console_.call('/api/admin/walls', {
      method: 'POST',
      body: JSON.stringify({ name: 'Lobby', query: '' }),
      cookie: cookie.admin,
    });
    const { url } = (await made.json()) as { url: string };
    cookie.wall = cookiesFrom(await console_.call(new URL(url).pathname));
    expect(cookie.wall).toContain('esc_wall=');
  });
  afterAll(async () => {
    await console_.close();
    await edge.close();
    trap.closeAllConnections();
    await new Promise((resolve) => trap.close(resolve));
    await db.close();
  });
  afterEach(() => {
    edge.requests.length = 0;
    vi.restoreAllMocks();
  });

  /** A composite of its own per case, so the console's cache never answers for another case. */
  let n = 0;
  function incident(filePath: unknown): string {
    const id = `c${++n}`;
    edge.composites.set(id, [{ id: `${id}-e1`, file_path: filePath }]);
    return id;
  }
  const listen = (id: string, who = cookie.viewer, headers: Record<string, string> = {}) =>
    console_.call(`/api/audio/composite-events/${id}/events/${id}-e1`, { cookie: who, headers });

  it('lets every role listen, with the edge token the browser never sees; a wall link and nobody are refused', async () => {
    edge.clips.set('/audio/roles.wav', { kind: 'audio', bytes: wav });
    const id = incident('/audio/roles.wav');
    for (const role of ['viewer', 'operator', 'admin']) {
      const answer = await listen(id, cookie[role]);
      expect(answer.status, role).toBe(200);
      expect(answer.headers.get('content-type')).toBe('audio/wav');
      expect(Buffer.from(await answer.arrayBuffer()).equals(wav)).toBe(true);
    }
    const wall = await listen(id, cookie.wall);
    expect(wall.status).toBe(403);
    expect(((await wall.json()) as { detail: string }).detail).toMatch(/wall link cannot play/);
    const nobody = await console_.call(`/api/audio/composite-events/${id}/events/${id}-e1`);
    expect(nobody.status).toBe(401);
    const clipCalls = edge.requests.filter((r) => r.path === '/audio/roles.wav');
    expect(clipCalls.length).toBe(1);
    expect(clipCalls[0]!.authorization).toBe(`Bearer ${AUDIO_EDGE_TOKEN}`);
  });

  it('refuses every hostile file_path without fetching anything, and logs it', async () => {
    // The app's logger, as every server concern logs (pino; QUIET keeps it off stdout here).
    const log = vi.spyOn(console_.app.log, 'warn').mockImplementation(() => undefined);
    for (const filePath of HOSTILE_PATHS) {
      const answer = await listen(incident(filePath));
      const body = (await answer.json()) as { detail: string; reason: string };
      expect({ filePath, status: answer.status, reason: body.reason }).toEqual({
        filePath,
        status: 502,
        reason: 'refused_path',
      });
    }
    expect(edge.clipRequests()).toEqual([]);
    expect(trapHits).toBe(0);
    const refusals = log.mock.calls.filter(([line]) => String(line).startsWith('audio: refused the file_path'));
    expect(refusals.length).toBe(HOSTILE_PATHS.length);
  });

  it('fetches a plain path with its segments encoded as they were checked', async () => {
    edge.clips.set('/var/lib/edge/audio/2026-01-01/%EC%86%8C%EB%A6%AC%20a.wav', { kind: 'audio', bytes: wav });
    const answer = await listen(incident('/var/lib/edge/audio/2026-01-01/소리%20a.wav'));
    expect(answer.status).toBe(200);
    expect(edge.clipRequests()).toEqual(['/var/lib/edge/audio/2026-01-01/%EC%86%8C%EB%A6%AC%20a.wav']);
  });

  it('follows no redirect', async () => {
    const { port } = trap.address() as AddressInfo;
    edge.clips.set('/audio/moved.wav', { kind: 'redirect', to: `http://127.0.0.1:${port}/elsewhere.wav` });
    const answer = await listen(incident('/audio/moved.wav'));
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { reason: string }).reason).toBe('redirect');
    expect(trapHits).toBe(0);
  });

  it('passes only audio: a page or a file of another type is refused', async () => {
    for (const [i, type] of ['text/html', 'application/octet-stream', 'audio', 'image/svg+xml'].entries()) {
      edge.clips.set(`/audio/typed-${i}.wav`, { kind: 'type', type });
      const answer = await listen(incident(`/audio/typed-${i}.wav`));
      expect(answer.status, type).toBe(502);
      const body = (await answer.json()) as { reason: string };
      expect(body.reason, type).toBe('not_audio');
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('cuts a huge answer at EDGE_MAX_AUDIO_BYTES, declared or not, without reading the rest', async () => {
    for (const declare of [false, true]) {
      edge.streamed.length = 0;
      const path = `/audio/huge-${declare}.wav`;
      edge.clips.set(path, { kind: 'stream', bytes: 64 * 1024 * 1024, declare });
      const answer = await listen(incident(path));
      expect(answer.status).toBe(502);
      expect(((await answer.json()) as { reason: string }).reason).toBe('too_large');
      await vi.waitFor(() => expect(edge.streamed.length).toBe(1));
      expect(edge.streamed[0]).toBeLessThan(16 * 1024 * 1024);
    }
  });

  it('says on its own which clips the edge lacks, is too slow for, or fails', async () => {
    const cases: [string, object, number, string][] = [
      ['/audio/gone.wav', { kind: 'status', status: 404 }, 404, 'missing'],
      ['/audio/broken.wav', { kind: 'status', status: 500 }, 502, 'edge_error'],
      ['/audio/slow.wav', { kind: 'hang' }, 504, 'timeout'],
    ];
    for (const [path, behaviour, status, reason] of cases) {
      edge.clips.set(path, behaviour as never);
      const answer = await listen(incident(path));
      expect({ path, status: answer.status, reason: ((await answer.json()) as { reason: string }).reason }).toEqual({
        path,
        status,
        reason,
      });
    }
    const unknown = await console_.call('/api/audio/composite-events/nope/events/nope-e1', { cookie: cookie.viewer });
    expect(unknown.status).toBe(404);
  });

  it('answers Range requests from its cache: 206 with Content-Range, 416 past the end', async () => {
    edge.clips.set('/audio/seek.wav', { kind: 'audio', bytes: wav });
    const id = incident('/audio/seek.wav');
    const length = wav.length;
    const part = async (range: string) => {
      const answer = await listen(id, cookie.operator, { range });
      return {
        status: answer.status,
        range: answer.headers.get('content-range'),
        body: Buffer.from(await answer.arrayBuffer()),
      };
    };
    expect(await part('bytes=0-99')).toEqual({
      status: 206,
      range: `bytes 0-99/${length}`,
      body: wav.subarray(0, 100),
    });
    expect(await part('bytes=1000-')).toEqual({
      status: 206,
      range: `bytes 1000-${length - 1}/${length}`,
      body: wav.subarray(1000),
    });
    expect(await part('bytes=-10')).toEqual({
      status: 206,
      range: `bytes ${length - 10}-${length - 1}/${length}`,
      body: wav.subarray(length - 10),
    });
    const past = await part(`bytes=${length}-`);
    expect([past.status, past.range]).toEqual([416, `bytes */${length}`]);
    const several = await part('bytes=0-1,5-6');
    expect([several.status, several.body.length]).toEqual([200, length]);
    expect(edge.clipRequests()).toEqual(['/audio/seek.wav']);
  });

  it('fetches a clip once for five listeners at the same moment', async () => {
    edge.clips.set('/audio/shared.wav', { kind: 'audio', bytes: wav });
    const id = incident('/audio/shared.wav');
    const answers = await Promise.all(
      ['viewer', 'operator', 'admin', 'viewer', 'operator'].map((role) => listen(id, cookie[role])),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(edge.clipRequests()).toEqual(['/audio/shared.wav']);
    expect(edge.requests.filter((r) => r.path.startsWith('/api/v1/composite-events/')).length).toBe(1);
  });
});
