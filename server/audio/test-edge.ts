import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const AUDIO_EDGE_TOKEN = 'audio-edge-token';

/** A small valid WAV of `samples` 16-bit mono samples at 8 kHz (a ramp, so ranges differ). */
export function testWav(samples: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(((i * 97) % 20000) - 10000, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export type ClipBehaviour =
  | { kind: 'audio'; bytes: Buffer; type?: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'type'; type: string }
  | { kind: 'stream'; bytes: number; declare: boolean }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface AudioEdge {
  url: string;
  /** Every request: method, raw path, Authorization header. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** Composite id → base events (id, file_path). */
  composites: Map<string, { id: string; file_path: unknown }[]>;
  /** Raw request path → what the edge answers there. */
  clips: Map<string, ClipBehaviour>;
  /** How many bytes streamed answers had written when their connection closed. */
  streamed: number[];
  clipRequests(): string[];
  close(): Promise<void>;
}

function baseEvent(id: string, filePath: unknown, at: number) {
  const time = new Date(Date.UTC(2026, 0, 1, 12, 0, 0, at)).toISOString();
  return {
    id,
    created_at: time,
    updated_at: time,
    confidence: 0.9,
    confidence_threshold: 0.6,
    sound_level: 80 - at / 10,
    sound_level_threshold: 65,
    description: '',
    label_id: 'gunshot',
    mic_id: `mic-${id}`,
    label: { id: 'gunshot', name: { en: 'Gunshot', ko: '총성' } },
    microphone: { id: `mic-${id}`, name: `Mic ${id}`, location: { latitude: 37.5, longitude: 127 } },
    audio_file: { file_path: filePath },
  };
}

/**
 * An edge on loopback for the audio tests: composite events whose base events point at clips,
 * and clips that answer as asked (audio, a redirect, another type, a long stream, a status, or
 * nothing). Anything without the token is refused, as a real edge would.
 */
export async function startAudioEdge(): Promise<AudioEdge> {
  const edge: Omit<AudioEdge, 'url' | 'close'> = {
    requests: [],
    composites: new Map(),
    clips: new Map(),
    streamed: [],
    clipRequests: () => edge.requests.map((r) => r.path).filter((p) => !p.startsWith('/api/v1/')),
  };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    edge.requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${AUDIO_EDGE_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"Not authenticated"}');
      return;
    }
    const composite = /^\/api\/v1\/composite-events\/([^/?]+)$/.exec(path);
    if (composite !== null) {
      const id = decodeURIComponent(composite[1]!);
      const events = edge.composites.get(id);
      if (events === undefined) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
        return;
      }
      const body = {
        id,
        started_at: '2026-01-01T12:00:00.000Z',
        rule: { id: 'rule-1', name: 'Shots' },
        events: events.map((event, i) => baseEvent(event.id, event.file_path, i * 40)),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    answerClip(edge, edge.clips.get(path), res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...edge,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerClip(edge: Pick<AudioEdge, 'streamed'>, behaviour: ClipBehaviour | undefined, res: http.ServerResponse) {
  switch (behaviour?.kind) {
    case undefined:
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
      return;
    case 'audio':
      res.writeHead(200, { 'content-type': behaviour.type ?? 'audio/wav' }).end(behaviour.bytes);
      return;
    case 'redirect':
      res.writeHead(302, { location: behaviour.to }).end();
      return;
    case 'type':
      res.writeHead(200, { 'content-type': behaviour.type }).end('<html><body>not a clip</body></html>');
      return;
    case 'status':
      res.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end('no');
      return;
    case 'hang':
      return;
    case 'stream': {
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'audio/wav' };
      if (behaviour.declare) headers['content-length'] = behaviour.bytes;
      res.writeHead(200, headers);
      let written = 0;
      const chunk = Buffer.alloc(16 * 1024, 1);
      const pump = () => {
        while (written < behaviour.bytes) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.once('close', () => edge.streamed.push(written));
      pump();
    }
  }
}
