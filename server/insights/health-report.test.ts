import { describe, expect, it } from 'vitest';
import { connections } from './health-report.js';

const composite = (startedAt: string, mics: Record<string, unknown>[]) => ({ started_at: startedAt, mics });

describe('connections seen in composite events', () => {
  it('keeps each mic’s newest snapshot, whatever order the page comes in', () => {
    const page = {
      results: [
        composite('2026-11-25T10:00:00Z', [{ id: 'a', connected: true, reported_at: '2026-11-25T09:59:00Z' }]),
        composite('2026-11-25T11:00:00Z', [
          { id: 'a', connected: false, reported_at: '2026-11-25T10:30:00Z' },
          { id: 'b', reported_at: null },
        ]),
        composite('2026-11-25T09:00:00Z', [{ id: 'a', connected: true, reported_at: '2026-11-25T08:59:00Z' }]),
      ],
    };
    const seen = connections(page);
    expect(seen.get('a')).toEqual({
      connected: false,
      reported_at: '2026-11-25T10:30:00Z',
      seen_at: Date.parse('2026-11-25T11:00:00Z'),
    });
    expect(seen.get('b')).toEqual({ connected: null, reported_at: null, seen_at: Date.parse('2026-11-25T11:00:00Z') });
  });

  it('knows nothing from a page of another shape, and skips composite events without a start', () => {
    expect(connections({ detail: 'nope' }).size).toBe(0);
    expect(connections({ results: [composite('never', [{ id: 'a', connected: false }])] }).size).toBe(0);
  });
});
