import type { FastifyInstance } from 'fastify';
import { distanceMeters } from './geo.js';
import { Random } from './random.js';
import type { DemoStore } from './store.js';
import { truthsOf } from './truth-sql.js';

export const CLIP_RATE = 16_000;
/** Each clip starts this long before the detection and lasts CLIP_SECONDS in all. */
export const PRE_ROLL_S = 0.5;
const CLIP_SECONDS = 2;

export interface ClipSpec {
  id: string;
  labelId: string;
  /** dB at the mic, as the event reports it. */
  level: number;
  /** Metres from the true source, when the event belongs to an incident. */
  meters: number | null;
}

/** A seed from the event's id (FNV-1a), so a clip is the same on every request and every machine. */
function seedOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const TAU = 2 * Math.PI;
const decay = (t: number, seconds: number) => Math.exp(-t / seconds);
const window_ = (t: number, from: number, to: number) => (t >= from && t < to ? 1 : 0);
const attack = (t: number, seconds: number) => Math.min(1, t / seconds);

/** One sample of each category's sound, `t` seconds after its onset (0 before); `noise` is white, ±1. */
type Voice = (t: number, noise: number) => number;

function glass(rng: Random): Voice {
  const shards = Array.from({ length: 14 }, () => ({
    at: rng.range(0.02, 0.7),
    hz: rng.range(2800, 7000),
    amp: rng.range(0.25, 0.6),
  }));
  return (t, noise) => {
    let v = noise * decay(t, 0.02) * 0.9;
    for (const shard of shards) {
      const dt = t - shard.at;
      if (dt >= 0 && dt < 0.15) v += shard.amp * Math.sin(TAU * shard.hz * dt) * decay(dt, 0.03);
    }
    return v;
  };
}

function harmonics(phase: number, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.reduce((sum, weight, k) => sum + weight * Math.sin((k + 1) * phase), 0) / total;
}

/** A phase accumulator, so a gliding pitch stays continuous. */
function gliding(pitch: (t: number) => number, weights: readonly number[]): (t: number) => number {
  let phase = 0;
  let last = 0;
  return (t) => {
    phase += TAU * pitch(t) * (t - last);
    last = t;
    return harmonics(phase, weights);
  };
}

function voiceFor(labelId: string, rng: Random): Voice {
  switch (labelId) {
    case 'gunshot': {
      // A crack, a low thump, and the echo off a wall a tenth of a second later.
      const shot = (t: number, noise: number) =>
        t < 0 ? 0 : noise * decay(t, 0.012) + 0.6 * Math.sin(TAU * 90 * t) * decay(t, 0.06);
      return (t, noise) => shot(t, noise) + 0.35 * shot(t - 0.12, noise);
    }
    case 'explosion':
      return (t, noise) => noise * decay(t, 0.35) * 0.8 + Math.sin(TAU * 45 * t) * decay(t, 0.5) * 0.7;
    case 'glass_break':
      return glass(rng);
    case 'scream': {
      const tone = gliding((t) => 780 + 140 * Math.min(1, t / 0.4) + 25 * Math.sin(TAU * 6 * t), [1, 0.6, 0.4, 0.25]);
      return (t, noise) =>
        (tone(t) + 0.02 * noise) * attack(t, 0.05) * window_(t, 0, 1.1) * decay(Math.max(0, t - 0.9), 0.1);
    }
    case 'help_call': {
      const tone = gliding((t) => (t < 0.35 ? 320 - 60 * t : 280), [1, 0.7, 0.5, 0.3, 0.2]);
      return (t, noise) => (tone(t) + 0.02 * noise) * (window_(t, 0, 0.3) + window_(t, 0.45, 0.85)) * attack(t, 0.03);
    }
    case 'siren': {
      // A wail: up and down between 650 and 1,350 Hz every 0.8 s.
      const tone = gliding((t) => 1000 + 350 * Math.sin((TAU * t) / 0.8), [1, 0.3, 0.15]);
      return (t) => tone(t) * attack(t, 0.1);
    }
    case 'car_horn': {
      const low = gliding(() => 420, [1, 0.5, 0.33, 0.25]);
      const high = gliding(() => 525, [1, 0.5, 0.33, 0.25]);
      return (t) => (low(t) + high(t)) * 0.5 * window_(t, 0, 0.7) * attack(t, 0.01);
    }
    case 'dog_bark': {
      const tone = gliding((t) => 520 - 200 * ((t % 0.35) / 0.35), [1, 0.8, 0.5, 0.3]);
      return (t, noise) => {
        const inBark = t % 0.35;
        const bark = window_(t, 0, 0.7) * window_(inBark, 0, 0.16);
        return (tone(t) * 0.7 + noise * 0.4) * bark * decay(inBark, 0.06);
      };
    }
    case 'baby_cry': {
      const tone = gliding((t) => 450 + 60 * Math.sin(TAU * 3 * t), [1, 0.7, 0.4]);
      return (t) => tone(t) * attack(t, 0.08) * window_(t, 0, 1.2);
    }
    default:
      return (t, noise) => noise * decay(t, 0.2);
  }
}

/**
 * A short mono clip (16 kHz, 16 bit) of one detection, deterministic from the event's id: quiet
 * street noise, then from PRE_ROLL_S on the category's sound, as loud as the event's level says
 * (so quieter at mics farther away) and, heard from afar, duller (air and walls take the highs).
 */
export function synthesiseClip(spec: ClipSpec): Buffer {
  const rng = new Random(seedOf(spec.id));
  const voice = voiceFor(spec.labelId, rng);
  const samples = CLIP_SECONDS * CLIP_RATE;
  const gain = Math.min(0.9, Math.max(0.02, 0.85 * 10 ** ((spec.level - 115) / 40)));
  const cutoff = spec.meters === null ? 6000 : 800 + 5200 * Math.exp(-spec.meters / 300);
  const smoothing = 1 - Math.exp((-TAU * cutoff) / CLIP_RATE);
  const pcm = Buffer.alloc(44 + samples * 2);
  let filtered = 0;
  let hum = 0;
  for (let i = 0; i < samples; i++) {
    const t = i / CLIP_RATE - PRE_ROLL_S;
    const noise = rng.next() * 2 - 1;
    hum += (noise - hum) * 0.02;
    const sound = t < 0 ? 0 : voice(t, noise) * gain;
    filtered += (sound - filtered) * smoothing;
    const value = Math.max(-1, Math.min(1, filtered + hum * 0.04));
    pcm.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  writeWavHeader(pcm, samples);
  return pcm;
}

function writeWavHeader(out: Buffer, samples: number): void {
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(CLIP_RATE, 24);
  out.writeUInt32LE(CLIP_RATE * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
}

interface ClipRow {
  id: string;
  label_id: string;
  sound_level: number;
  file_path: string;
  latitude: number;
  longitude: number;
}

/**
 * The demo edge serves each base event's clip at the `file_path` it reports
 * (/var/lib/edge/audio/<day>/<id>.wav), behind its bearer token like every other route: a path
 * that is not exactly an event's file_path is 404.
 */
export function registerDemoAudio(app: FastifyInstance, store: DemoStore): void {
  const select = store.db.prepare(`SELECT e.id, e.label_id, e.sound_level, e.file_path, m.latitude, m.longitude
    FROM events e JOIN mics m ON m.id = e.mic_id WHERE e.id = ?`);
  app.get<{ Params: { day: string; file: string } }>('/var/lib/edge/audio/:day/:file', async (request, reply) => {
    const id = request.params.file.endsWith('.wav') ? request.params.file.slice(0, -4) : '';
    const row = select.get(id) as ClipRow | undefined;
    const path = request.url.split('?')[0];
    if (row === undefined || row.file_path !== path) return reply.code(404).send({ detail: 'Not Found' });
    const truth = truthsOf(store.db, [row.id]).get(row.id);
    const meters = truth === undefined ? null : distanceMeters(truth, row);
    const clip = synthesiseClip({ id: row.id, labelId: row.label_id, level: row.sound_level, meters });
    return reply.type('audio/wav').header('cache-control', 'private, max-age=3600').send(clip);
  });
}
