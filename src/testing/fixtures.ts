import type { CompositeEvent, Inventory, Mic, Page, SoundEvent } from '@/api';
import { inventoryMicOf } from '@/api/inventory-check';

/** Small, valid API payloads for unit tests; override what a test cares about. */
export function micFixture(overrides: Partial<Mic> = {}): Mic {
  return {
    id: 'mic-0001',
    name: '서울역 광장 북측 기둥',
    host: '10.10.1.10',
    edge_id: 'edge-seoul-01',
    status: 'active',
    thresholds: { scream: { sound_level_ge: 75, confidence: 0.7 } },
    location: { latitude: 37.5547, longitude: 126.9707 },
    created_at: '2026-08-23T07:48:59.406Z',
    updated_at: '2026-11-20T07:48:59.406Z',
    ...overrides,
  };
}

export function eventFixture(overrides: Partial<SoundEvent> = {}): SoundEvent {
  return {
    id: 'evt-1',
    label: { id: 'scream', name: { ko: '비명', en: 'Scream' } },
    confidence: 0.82,
    mic: { id: 'mic-0001', name: '서울역 광장 북측 기둥', location: { latitude: 37.5547, longitude: 126.9707 } },
    created_at: '2026-11-21T07:00:00.000Z',
    updated_at: '2026-11-21T07:00:00.000Z',
    ...overrides,
  };
}

export function compositeEventFixture(overrides: Partial<CompositeEvent> = {}): CompositeEvent {
  const microphone = {
    id: 'mic-0001',
    name: '서울역 광장 북측 기둥',
    host: '10.10.1.10',
    subnet_mask: '255.255.255.0',
    mac_address: '02:38:85:7F:99:53',
    microphone_type: 'MEMS-OMNI-2',
    channel: { scheme: 'rtsp', port: 554, path: '/stream1' },
    console: { scheme: 'http', port: 80, path: '/' },
    location: { latitude: 37.5547, longitude: 126.9707 },
    streaming: true,
    recording: true,
    status: 'active',
    created_at: '2026-08-23T07:48:59.406Z',
    updated_at: '2026-11-20T07:48:59.406Z',
    deleted_at: null,
    reported_at: '2026-11-21T07:00:00.000Z',
    connected: true,
    edge_id: 'edge-seoul-01',
  };
  const label = { id: 'scream', name: { ko: '비명', en: 'Scream' }, active: true };
  return {
    id: 'ce-1',
    group_key: 'scream',
    rule: {
      id: 'rule-repeated-scream',
      name: 'Repeated screams',
      description: 'Three or more screams within a minute.',
      window_seconds: 60,
      min_events: 3,
      enabled: true,
      group_by: 'label_id',
      include_label_ids: ['scream'],
      include_mic_ids: [],
    },
    events: [0, 1, 2].map((i) => ({
      id: `be-${i}`,
      confidence: 0.8 + i * 0.05,
      confidence_threshold: 0.7,
      sound_level: 80 + i,
      sound_level_threshold: 75,
      description: 'Scream detected',
      audio_file: { file_path: `/var/lib/edge/audio/be-${i}.wav` },
      is_read: i === 0,
      read_at: i === 0 ? '2026-11-21T07:05:00.000Z' : null,
      created_at: `2026-11-21T07:00:${String(10 + i * 10)}.000Z`,
      updated_at: `2026-11-21T07:00:${String(10 + i * 10)}.000Z`,
      label_id: 'scream',
      mic_id: 'mic-0001',
      label,
      microphone: { ...microphone, thresholds: { scream: { sound_level_ge: 75, confidence: 0.7 } } },
    })),
    mics: [{ ...microphone, edge_status: 'online' }],
    labels: [label],
    started_at: '2026-11-21T07:00:10.000Z',
    ...overrides,
  };
}

export function pageFixture<T>(results: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return {
    page: 1,
    size: 10,
    total_cnt: results.length,
    max_page: Math.ceil(results.length / 10),
    results,
    ...overrides,
  };
}

/** GET /api/inventory/mics: the hub's whole inventory in one answer, each mic as the hub serves it. */
export function inventoryFixture(mics: Mic[], overrides: Partial<Inventory> = {}): Inventory {
  return {
    categories: [...new Set(mics.flatMap((mic) => Object.keys(mic.thresholds)))].sort(),
    version: 'test.1',
    edge_id: null,
    complete: true,
    count: mics.length,
    reported_total: mics.length,
    max_pages: 1000,
    page_size: 100,
    stale: null,
    mics: mics.map(inventoryMicOf),
    ...overrides,
  };
}
