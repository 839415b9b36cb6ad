import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  body: string;
}

export interface FakeMicEdge {
  url: string;
  seen: SeenRequest[];
  /** The mics as the edge holds them now. */
  mics: Map<string, Record<string, unknown>>;
  /** The next PATCH answers this instead of applying the change. */
  refuseNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

export function fakeMic(id: string, name: string): Record<string, unknown> {
  return {
    id,
    name,
    host: '10.0.0.5',
    edge_id: 'edge-1',
    status: 'active',
    thresholds: { scream: { sound_level_ge: 65, confidence: 0.5 }, glass: { sound_level_ge: 70, confidence: 0.6 } },
    location: { latitude: 37.5, longitude: 127 },
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  };
}

/**
 * An edge on loopback that keeps mics and applies PATCHes as the interface says (thresholds:
 * one number per category, read back as confidence), recording every request it receives.
 */
export async function fakeMicEdge(mics: Record<string, unknown>[]): Promise<FakeMicEdge> {
  const seen: SeenRequest[] = [];
  const store = new Map(mics.map((mic) => [String(mic.id), structuredClone(mic)]));
  let refusal: { status: number; body: unknown } | null = null;
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      const id = decodeURIComponent(/^\/api\/v1\/mics\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '');
      const mic = store.get(id);
      if (req.url?.startsWith('/api/v1/mics?') || req.url === '/api/v1/mics') {
        return send(res, 200, { page: 1, size: 10, total_cnt: store.size, max_page: 1, results: [...store.values()] });
      }
      if (mic === undefined) return send(res, 404, { detail: 'Not Found' });
      if (req.method === 'GET') return send(res, 200, { data: mic });
      if (refusal !== null) {
        const answer = refusal;
        refusal = null;
        return send(res, answer.status, answer.body);
      }
      const patch = JSON.parse(body) as Record<string, unknown>;
      const { thresholds, ...rest } = patch;
      Object.assign(mic, rest, { updated_at: new Date().toISOString() });
      for (const [category, value] of Object.entries((thresholds ?? {}) as Record<string, number>)) {
        (mic.thresholds as Record<string, unknown>)[category] = { sound_level_ge: 65, confidence: value };
      }
      return send(res, 200, { data: mic });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    mics: store,
    refuseNext(status, body) {
      refusal = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
