import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Largest integer the interface allows in JSON without losing precision. */
export const HUGE_MAX_PAGE = 9_007_199_254_740_991;

export const HUGE_EDGE_TOKEN = 'huge-page-edge-token';

/**
 * A conforming but awkward edge on loopback: every list answers `max_page` 9,007,199,254,740,991
 * and a `total_cnt` to match (pages × size). Events and composite events are few (later pages
 * come back empty); the mic list is endless (every page full), so only a cap stops a walk. It
 * counts every request, so a spec can tell whether anything followed `max_page`.
 */
export interface HugePageEdge {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const connection = { scheme: 'rtsp', port: 554, path: '/stream', username: null, password: null };

function mic(n: number) {
  return {
    id: `huge-mic-${String(n).padStart(2, '0')}`,
    name: `Pier ${n}`,
    host: `10.9.${(n >> 8) & 255}.${n & 255}`,
    edge_id: 'edge-huge',
    status: 'active',
    thresholds: { scream: { sound_level_ge: 70, confidence: 0.6 } },
    location: { latitude: 35.1 + n / 200, longitude: 129.0 + n / 200 },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

/** The mics events and composite events name; the list goes on past them. */
const MICS = Array.from({ length: 30 }, (_, i) => mic(i + 1));
const label = { id: 'scream', name: { ko: '비명', en: 'Scream' } };

function event(n: number) {
  const m = MICS[n % MICS.length]!;
  return {
    id: `huge-evt-${n}`,
    label,
    confidence: 0.9,
    mic: { id: m.id, name: m.name, location: m.location },
    created_at: at(n),
    updated_at: at(n),
  };
}

function extendedMic(m: (typeof MICS)[number]) {
  return {
    ...m,
    subnet_mask: '255.255.255.0',
    mac_address: '02:00:00:00:00:01',
    microphone_type: 'MEMS',
    channel: connection,
    console: connection,
    streaming: true,
    recording: true,
    deleted_at: null,
    reported_at: m.updated_at,
    connected: true,
  };
}

function composite(n: number) {
  const members = [event(n), event(n + 1)];
  return {
    id: `huge-ce-${n}`,
    group_key: 'scream',
    rule: {
      id: 'rule-huge',
      name: 'Screams on the pier',
      description: 'Two screams within a minute.',
      window_seconds: 60,
      min_events: 2,
      enabled: true,
      group_by: 'label_id',
      include_label_ids: ['scream'],
      include_mic_ids: [],
    },
    events: members.map((e) => {
      const m = MICS.find((x) => x.id === e.mic.id)!;
      return {
        id: e.id,
        confidence: e.confidence,
        confidence_threshold: 0.6,
        sound_level: 80,
        sound_level_threshold: 70,
        description: 'Scream',
        audio_file: { file_path: `/audio/${e.id}.wav` },
        is_read: false,
        read_at: null,
        created_at: e.created_at,
        updated_at: e.updated_at,
        label_id: 'scream',
        mic_id: m.id,
        label: { ...label, active: true },
        microphone: extendedMic(m),
      };
    }),
    mics: [extendedMic(MICS[n % MICS.length]!)].map(({ thresholds: _t, ...rest }) => ({
      ...rest,
      edge_status: 'online',
    })),
    labels: [{ ...label, active: true }],
    started_at: at(n + 1),
  };
}

const EVENTS = Array.from({ length: 40 }, (_, i) => event(i + 1));
const COMPOSITES = Array.from({ length: 3 }, (_, i) => composite(i * 5 + 1));

export async function startHugePageEdge(): Promise<HugePageEdge> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://edge');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${HUGE_EDGE_TOKEN}`) return send(401, { detail: 'Not authenticated' });
    const size = Math.min(100, Math.max(1, Number(url.searchParams.get('size') ?? 10)));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const answer = (results: unknown[]) =>
      send(200, { page, size, total_cnt: HUGE_MAX_PAGE * size, max_page: HUGE_MAX_PAGE, results });
    const list = (items: unknown[]) => answer(items.slice((page - 1) * size, page * size));
    const single = /^\/api\/v1\/(mics|composite-events)\/(.+)$/.exec(url.pathname);
    if (single !== null) {
      const id = decodeURIComponent(single[2]!);
      const micNumber = /^huge-mic-(\d+)$/.exec(id);
      const found =
        single[1] === 'mics'
          ? micNumber === null
            ? undefined
            : mic(Number(micNumber[1]))
          : COMPOSITES.find((c) => c.id === id);
      if (found === undefined) return send(404, { detail: 'Not Found' });
      return send(200, single[1] === 'mics' ? { data: found } : found);
    }
    if (url.pathname === '/api/v1/mics') {
      return answer(Array.from({ length: size }, (_, i) => mic((page - 1) * size + i + 1)));
    }
    if (url.pathname === '/api/v1/events') return list(EVENTS);
    if (url.pathname === '/api/v1/composite-events') return list(COMPOSITES);
    return send(404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
