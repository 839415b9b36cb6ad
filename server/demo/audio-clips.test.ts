import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIP_RATE, PRE_ROLL_S, synthesiseClip } from './audio-clips.js';
import { buildDemoEdge } from './edge-app.js';
import { DemoStore } from './store.js';

const TOKEN = 'test-token';

/** Root mean square of the samples from `from` seconds on (after the 44-byte header). */
function rms(wav: Buffer, from = PRE_ROLL_S, seconds = 1): number {
  let sum = 0;
  const start = Math.round(from * CLIP_RATE);
  const count = Math.round(seconds * CLIP_RATE);
  for (let i = start; i < start + count; i++) sum += (wav.readInt16LE(44 + i * 2) / 32768) ** 2;
  return Math.sqrt(sum / count);
}

/** How often the signal crosses zero per second: a rough brightness (a horn is low, glass high). */
function crossings(wav: Buffer): number {
  let count = 0;
  const start = Math.round(PRE_ROLL_S * CLIP_RATE);
  for (let i = start + 1; i < start + CLIP_RATE / 2; i++) {
    if (wav.readInt16LE(44 + i * 2) >= 0 !== wav.readInt16LE(42 + i * 2) >= 0) count++;
  }
  return count * 2;
}

describe('synthesised clips', () => {
  it('are small mono 16 kHz WAVs, the same for the same event every time', () => {
    const spec = { id: 'evt-1', labelId: 'gunshot', level: 100, meters: 50 };
    const clip = synthesiseClip(spec);
    expect(clip.toString('ascii', 0, 4)).toBe('RIFF');
    expect(clip.readUInt16LE(22)).toBe(1);
    expect(clip.readUInt32LE(24)).toBe(16_000);
    expect(clip.length).toBeLessThan(70_000);
    expect(synthesiseClip(spec).equals(clip)).toBe(true);
    expect(synthesiseClip({ ...spec, id: 'evt-2' }).equals(clip)).toBe(false);
  });

  it('are silent but for street noise before the detection, then sound like their category', () => {
    const clips = Object.fromEntries(
      ['gunshot', 'glass_break', 'scream', 'siren', 'car_horn', 'dog_bark'].map((labelId) => [
        labelId,
        synthesiseClip({ id: 'same', labelId, level: 105, meters: null }),
      ]),
    );
    for (const [label, clip] of Object.entries(clips)) {
      expect(rms(clip, 0, PRE_ROLL_S - 0.05), label).toBeLessThan(0.01);
      expect(rms(clip, PRE_ROLL_S, 0.3), label).toBeGreaterThan(0.05);
    }
    expect(crossings(clips.glass_break!)).toBeGreaterThan(crossings(clips.car_horn!));
    expect(crossings(clips.scream!)).toBeGreaterThan(crossings(clips.car_horn!));
    // Every category is its own sound.
    expect(new Set(Object.values(clips).map((clip) => clip.toString('base64'))).size).toBe(6);
  });

  it('are quieter and duller farther away', () => {
    const near = synthesiseClip({ id: 'x', labelId: 'glass_break', level: 110, meters: 20 });
    const far = synthesiseClip({ id: 'x', labelId: 'glass_break', level: 85, meters: 400 });
    expect(rms(far)).toBeLessThan(rms(near) / 2);
    expect(crossings(far)).toBeLessThan(crossings(near));
  });
});

describe('the demo edge serves each clip at its file_path', () => {
  let store: DemoStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = new DemoStore({ dataDir: null, mics: 60, events: 3000, now: Date.parse('2026-11-21T00:00:00Z') });
    app = buildDemoEdge({ store, token: TOKEN }).app;
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    store.close();
  });

  const get = (url: string, token: string | null = TOKEN) =>
    app.inject({ url, headers: token === null ? {} : { authorization: `Bearer ${token}` } });

  it('behind its token, and only at the path it reports; farther mics of an incident sound quieter', async () => {
    const page = (await get('/api/v1/composite-events?size=50')).json() as {
      results: { events: { id: string; sound_level: number; audio_file: { file_path: string } }[] }[];
    };
    const incident = page.results
      .map((c) => c.events)
      .find((events) => store.truths(events.map((e) => e.id)).size === events.length && events.length >= 3)!;
    expect(incident).toBeDefined();
    const path = incident[0]!.audio_file.file_path;
    expect((await get(path, null)).statusCode).toBe(401);
    expect((await get(path.replace('.wav', 'x.wav'))).statusCode).toBe(404);
    expect((await get(path.replace(/\/audio\/[^/]+\//, '/audio/1999-01-01/'))).statusCode).toBe(404);

    const heard = [];
    for (const event of incident) {
      const answer = await get(event.audio_file.file_path);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('audio/wav');
      heard.push({ level: event.sound_level, rms: rms(answer.rawPayload) });
    }
    const byLevel = heard.sort((a, b) => a.level - b.level);
    const [quietest, loudest] = [byLevel[0]!, byLevel[byLevel.length - 1]!];
    if (loudest.level - quietest.level > 3) expect(loudest.rms).toBeGreaterThan(quietest.rms);
  });
});
