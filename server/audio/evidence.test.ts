import crypto from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookiesFrom, signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { describeEachDatabase } from '../testing/databases.js';
import { buildPack } from './evidence-pack.js';
import { AUDIO_EDGE_TOKEN, startAudioEdge, testWav, type AudioEdge } from './test-edge.js';

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data);

interface Manifest {
  exported_by: { username: string; role: string };
  exported_at: string;
  files: { name: string; bytes: number; sha256: string }[];
  clips_missing: { event_id: string; reason: string }[];
  location: string;
}

describeEachDatabase('the evidence pack', (getDb) => {
  let edge: AudioEdge;
  let console_: TestConsole;
  const cookie: Record<string, string> = {};
  let operator = '';
  const clips = [testWav(3000), testWav(5000)];

  beforeAll(async () => {
    edge = await startAudioEdge();
    edge.composites.set('inc-1', [
      { id: 'e-near', file_path: '/audio/near.wav' },
      { id: 'e-far', file_path: '/audio/far.wav' },
      { id: 'e-gone', file_path: '/audio/gone.wav' },
      { id: 'e-odd', file_path: 'http://elsewhere.example/x.wav' },
    ]);
    edge.clips.set('/audio/near.wav', { kind: 'audio', bytes: clips[0]! });
    edge.clips.set('/audio/far.wav', { kind: 'audio', bytes: clips[1]! });
    console_ = await startTestConsole(getDb(), edge.url, { EDGE_API_TOKEN: AUDIO_EDGE_TOKEN });
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const account = await signedIn(getDb(), role);
      cookie[role] = account.cookie;
      if (role === 'operator') operator = account.username;
    }
    const made = await console_.call('/api/admin/walls', {
      method: 'POST',
      body: JSON.stringify({ name: 'Hall', query: '' }),
      cookie: cookie.admin,
    });
    cookie.wall = cookiesFrom(await console_.call(new URL(((await made.json()) as { url: string }).url).pathname));
  });
  afterAll(async () => {
    await console_.close();
    await edge.close();
  });

  const exportPack = (who: string | undefined, id = 'inc-1') =>
    console_.call(`/api/evidence/composite-events/${id}`, { method: 'POST', cookie: who });

  it('is for operators and admins only', async () => {
    expect((await exportPack(undefined)).status).toBe(401);
    expect((await exportPack(cookie.viewer)).status).toBe(403);
    expect((await exportPack(cookie.wall)).status).toBe(403);
    expect((await exportPack(cookie.admin, 'no-such')).status).toBe(404);
  });

  it('holds every clip, the timeline, the review and the audit, each hash in the manifest, and is audited', async () => {
    const review = (path: string, body: object) =>
      console_.call(`/api/review/items/composite/inc-1/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        cookie: cookie.operator,
      });
    expect((await review('actions', { action: 'acknowledge', expected_version: 0 })).status).toBe(200);
    expect((await review('comments', { text: 'Two shots, heard on the near mic first' })).status).toBe(201);

    const answer = await exportPack(cookie.operator);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="evidence-inc-1-\d{8}T\d{6}Z\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));

    const manifestBytes = files['manifest.json']!;
    expect(text(files['manifest.sha256'])).toBe(`${sha256(manifestBytes)}  manifest.json\n`);
    expect(answer.headers.get('x-evidence-manifest-sha256')).toBe(sha256(manifestBytes));
    const manifest = JSON.parse(text(manifestBytes)) as Manifest;
    expect(manifest.exported_by).toEqual({ username: operator, role: 'operator' });
    expect(Math.abs(Date.parse(manifest.exported_at) - Date.now())).toBeLessThan(60_000);
    for (const file of manifest.files) {
      expect(files[file.name], file.name).toBeDefined();
      expect(sha256(files[file.name]!), file.name).toBe(file.sha256);
      expect(files[file.name]!.byteLength).toBe(file.bytes);
    }
    const listed = new Set([...manifest.files.map((f) => f.name), 'manifest.json', 'manifest.sha256']);
    expect(new Set(Object.keys(files))).toEqual(listed);

    const clipFiles = manifest.files.filter((f) => f.name.startsWith('clips/'));
    expect(clipFiles.map((f) => f.name)).toEqual(['clips/01-Mic_e-near-e-near.wav', 'clips/02-Mic_e-far-e-far.wav']);
    expect(Buffer.from(files[clipFiles[0]!.name]!).equals(clips[0]!)).toBe(true);
    expect(manifest.clips_missing).toEqual([
      expect.objectContaining({ event_id: 'e-gone', reason: 'missing' }),
      expect.objectContaining({ event_id: 'e-odd', reason: 'refused_path' }),
    ]);
    // The console's own estimate (GET /api/insights/composite-events/{id}/source), as the exporter would see it.
    expect(manifest.location).toBe('location.json');
    expect(JSON.parse(text(files['location.json']))).toEqual(expect.objectContaining({ sources: expect.any(Array) }));

    const timeline = JSON.parse(text(files['timeline.json'])) as { event_id: string; offset_ms: number }[];
    expect(timeline.map((row) => [row.event_id, row.offset_ms])).toEqual([
      ['e-near', 0],
      ['e-far', 40],
      ['e-gone', 80],
      ['e-odd', 120],
    ]);
    const csv = text(files['timeline.csv']).trim().split('\r\n');
    expect(csv[0]).toMatch(/^event_id,detected_at,offset_ms,mic_id,mic_name/);
    expect(csv.length).toBe(5);

    const thread = JSON.parse(text(files['review.json'])) as {
      item: { state: string };
      comments: { text: string }[];
      history: { action: string }[];
    };
    expect(thread.item.state).toBe('acknowledged');
    expect(thread.comments.map((c) => c.text)).toEqual(['Two shots, heard on the near mic first']);
    expect(thread.history.map((h) => h.action)).toEqual(['acknowledge']);
    const audit = JSON.parse(text(files['audit.json'])) as { action: string }[];
    expect(audit.map((entry) => entry.action)).toEqual(['review.acknowledge', 'review.comment']);

    const trail = await getDb()
      .db.selectFrom('audit')
      .selectAll()
      .where('action', '=', 'evidence.export')
      .where('target_id', '=', 'inc-1')
      .execute();
    expect(trail.length).toBe(1);
    expect(trail[0]!.actor_name).toBe(operator);
    expect(JSON.parse(trail[0]!.details!)).toMatchObject({
      manifest_sha256: sha256(manifestBytes),
      clips: 2,
      clips_missing: 2,
    });
  });
});

it('says so in the manifest when the console has no location estimate', () => {
  const pack = buildPack({
    composite: { id: 'c', started_at: '2026-01-01T00:00:00Z', rule: { id: 'r', name: 'R' }, events: [] },
    clips: new Map(),
    location: { missing: 'the estimate answered 404' },
    review: {},
    audit: [],
    exportedBy: { username: 'opal', role: 'operator' },
    exportedAt: '2026-01-01T00:00:00Z',
  });
  const files = unzipSync(pack.zip);
  expect(files['location.json']).toBeUndefined();
  expect(JSON.parse(text(files['manifest.json'])).location).toBe('not included: the estimate answered 404');
});
