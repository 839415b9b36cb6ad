import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny edge mic service on loopback for the hub's tests: lists mics, events and composite
 * events with the interface's paging and filters, reads one composite event, records every request, and can be switched
 * to misbehave (down, refusing the token, malformed JSON, lying about `max_page`).
 */
export interface FakeEdge {
  url: string;
  mics: Record<string, unknown>[];
  events: { id: string; created_at: string; [key: string]: unknown }[];
  composites: { id: string; started_at: string; created_at: string; [key: string]: unknown }[];
  requests: { method: string; path: string; query: URLSearchParams }[];
  mode: 'normal' | 'down' | 'unauthorized' | 'malformed';
  /** Answer every list with this `max_page` and a matching `total_cnt`. */
  maxPageLie: number | null;
  /** Ignore the `page` parameter (always answer page 1). */
  ignorePage: boolean;
  /** Answer every request 500 with this text. */
  errorText: string | null;
  /** Wait this long before answering (a slow edge; a request still in flight). */
  delayMs: number;
  close(): Promise<void>;
}

export const FAKE_TOKEN = 'fake-edge-token';

const page = <T>(items: T[], query: URLSearchParams, edge: FakeEdge) => {
  const size = Number(query.get('size') ?? 10);
  const number = edge.ignorePage ? 1 : Number(query.get('page') ?? 1);
  const results = items.slice((number - 1) * size, number * size);
  const maxPage = edge.maxPageLie ?? Math.max(1, Math.ceil(items.length / size));
  return {
    page: number,
    size,
    total_cnt: edge.maxPageLie === null ? items.length : edge.maxPageLie * size,
    max_page: maxPage,
    results,
  };
};

export function micFixture(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = `mic-${String(n).padStart(4, '0')}`;
  return {
    id,
    name: `Mic ${n}`,
    host: `10.0.0.${n % 250}`,
    edge_id: n % 2 === 0 ? 'edge-a' : 'edge-b',
    status: 'active',
    thresholds: { scream: { sound_level_ge: 70, confidence: 0.6 } },
    location: { latitude: 37.5 + n / 1000, longitude: 127 },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function eventFixture(id: string, createdAt: string, micId = 'mic-0002', labelId = 'scream') {
  return {
    id,
    label: { id: labelId, name: { ko: '비명', en: 'Scream' } },
    confidence: 0.9,
    mic: { id: micId, name: micId, location: { latitude: 37.5, longitude: 127 } },
    created_at: createdAt,
    updated_at: createdAt,
  };
}

export function compositeFixture(id: string, startedAt: string, eventCount = 2, edgeId = 'edge-a') {
  const connection = { scheme: 'rtsp', port: 554, path: '/s', username: 'admin', password: 'hunter2' };
  const microphone = { id: 'mic-0002', edge_id: edgeId, channel: connection, console: connection };
  return {
    id,
    group_key: 'scream',
    rule: { id: 'rule-1', name: 'Screams', window_seconds: 60 },
    events: Array.from({ length: eventCount }, (_, i) => ({ id: `${id}-e${i}`, mic_id: 'mic-0002', microphone })),
    mics: [microphone],
    labels: [{ id: 'scream', name: { ko: '비명', en: 'Scream' }, active: true }],
    started_at: startedAt,
    created_at: startedAt,
  };
}

export async function startFakeEdge(): Promise<FakeEdge> {
  const edge: FakeEdge = {
    url: '',
    mics: [],
    events: [],
    composites: [],
    requests: [],
    mode: 'normal',
    maxPageLie: null,
    ignorePage: false,
    errorText: null,
    delayMs: 0,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://edge');
    edge.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams });
    if (edge.delayMs > 0) setTimeout(() => answer(req, res, url), edge.delayMs);
    else answer(req, res, url);
  });
  const answer = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    if (edge.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (edge.mode === 'unauthorized' || req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
      return send(401, { detail: 'Not authenticated' });
    }
    if (edge.mode === 'malformed') return send(200, '{"page": 1, "resu');
    if (edge.errorText !== null) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end(edge.errorText);
    }
    const q = url.searchParams;
    if (req.method === 'PATCH') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
        const mic = edge.mics.find((m) => m.id === id);
        if (mic === undefined) return send(404, { detail: 'Not Found' });
        Object.assign(mic, JSON.parse(body) as Record<string, unknown>, { updated_at: new Date().toISOString() });
        send(200, { data: mic });
      });
      return;
    }
    if (url.pathname === '/api/v1/mics') return send(200, page(edge.mics, q, edge));
    const single = /^\/api\/v1\/mics\/([^/]+)$/.exec(url.pathname);
    if (single !== null) {
      const mic = edge.mics.find((m) => m.id === decodeURIComponent(single[1]!));
      return mic === undefined ? send(404, { detail: 'Not Found' }) : send(200, { data: mic });
    }
    if (url.pathname === '/api/v1/events') {
      const start = q.get('start');
      const end = q.get('end');
      const items = edge.events
        .filter((e) => start === null || Date.parse(e.created_at) >= Date.parse(start))
        .filter((e) => end === null || Date.parse(e.created_at) <= Date.parse(end))
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
      return send(200, page(items, q, edge));
    }
    if (url.pathname === '/api/v1/composite-events') {
      const since = q.get('created_at__ge');
      const items = edge.composites
        .filter((c) => since === null || Date.parse(c.created_at) >= Date.parse(since))
        .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at));
      return send(200, page(items, q, edge));
    }
    const composite = /^\/api\/v1\/composite-events\/([^/]+)$/.exec(url.pathname);
    if (composite !== null) {
      const found = edge.composites.find((c) => c.id === decodeURIComponent(composite[1]!));
      return found === undefined ? send(404, { detail: 'Not Found' }) : send(200, found);
    }
    return send(404, { detail: 'Not Found' });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  edge.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  edge.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return edge;
}
