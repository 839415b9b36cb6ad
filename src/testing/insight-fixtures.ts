import type { Corroboration, HeardBy, MicHealth, ThresholdAdvice, Unusual } from '@/api/insights';

/** Answers of the insights endpoints as the contract (issue 14) shapes them. */
const backfillDone: Unusual['backfill'] = {
  status: 'done',
  days: 28,
  covered_from: '2026-10-28T00:00:00.000Z',
  progress: 1,
  requests: 40,
  error: null,
};

export function unusualFixture(overrides: Partial<Unusual> = {}): Unusual {
  return {
    computed_at: '2026-11-25T12:00:00.000Z',
    window_minutes: 15,
    p_threshold: 0.001,
    backfill: backfillDone,
    mics: [
      {
        mic_id: 'mic-0002',
        mic_name: 'Gangnam Exit 11',
        edge_id: 'edge-seoul-01',
        lat: 37.5,
        lng: 127.03,
        label_id: 'car_horn',
        label_name: { en: 'Car horn', ko: '자동차 경적' },
        observed: 12,
        expected: 1.2,
        p_value: 0.00000004,
        borrowed: false,
      },
    ],
    edges: [],
    areas: [],
    ...overrides,
  };
}

export function healthFixture(overrides: Partial<MicHealth> = {}): MicHealth {
  return {
    computed_at: '2026-11-25T12:00:00.000Z',
    window_hours: 24,
    min_missed: 3,
    backfill: backfillDone,
    mics: [
      {
        mic_id: 'mic-0007',
        mic_name: 'Gangnam Station Exit 11 South pole',
        edge_id: 'edge-seoul-01',
        lat: 37.49,
        lng: 127.02,
        reasons: ['missed', 'silent'],
        missed: [
          {
            event_id: 'ev-1',
            label_id: 'scream',
            at: '2026-11-25T11:00:00.000Z',
            heard_by: [
              { id: 'mic-0003', name: 'Exit 10' },
              { id: 'mic-0004', name: null },
            ],
          },
        ],
        missed_count: 5,
        last_event_at: '2026-11-23T12:00:00.000Z',
        usual_gap_s: 1800,
        silent_for_s: 48 * 3600,
        connected: true,
        reported_at: null,
      },
    ],
    ...overrides,
  };
}

export function thresholdsFixture(overrides: Partial<ThresholdAdvice> = {}): ThresholdAdvice {
  return {
    computed_at: '2026-11-25T12:00:00.000Z',
    days: 14,
    keep_share: 0.95,
    backfill: backfillDone,
    suggestions: [
      {
        mic_id: 'mic-0009',
        mic_name: 'Noisy pole',
        edge_id: 'edge-seoul-01',
        label_id: 'dog_bark',
        label_name: { en: 'Dog bark', ko: '개 짖는 소리' },
        current: 0.5,
        suggested: 0.72,
        real: 40,
        noise: 400,
        kept_real: 38,
        events_per_day_now: 31.4,
        events_per_day_after: 4.2,
      },
    ],
    ...overrides,
  };
}

/**
 * Who heard each event (heard-by and corroboration answers), by event id; the rules as the demo's.
 * Every window read, but those of `open` (events just heard).
 */
export function heardByFixture(events: Record<string, HeardBy[]>, open: readonly string[] = []): Corroboration {
  return {
    radius_m: 500,
    window_s: 10,
    complete: true,
    events: Object.fromEntries(
      Object.entries(events).map(([id, heardBy]) => [id, { heard_by: heardBy, complete: !open.includes(id) }]),
    ),
  };
}
