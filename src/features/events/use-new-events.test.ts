import { describe, expect, it } from 'vitest';
import type { SoundEvent } from '@/api';
import { eventFixture } from '@/testing/fixtures';
import { countNewer } from './use-new-events';

/** As the stream's record keeps a pushed event. */
const asPushed = (e: SoundEvent) => ({
  id: e.id,
  createdAt: Date.parse(e.created_at),
  micId: e.mic.id,
  labelId: e.label.id,
});

describe('counting pushed events newer than the snapshot', () => {
  const shown = [eventFixture({ id: 'a', created_at: '2026-11-21T07:00:00.000Z' })];
  const newest = '2026-11-21T07:00:00.000Z';

  it('counts what the page’s filters would show and is newer than what it shows', () => {
    const pushed = [
      eventFixture({ id: 'a', created_at: newest }),
      eventFixture({ id: 'older', created_at: '2026-11-21T06:59:00.000Z' }),
      eventFixture({ id: 'new', created_at: '2026-11-21T07:01:00.000Z' }),
      eventFixture({
        id: 'other-label',
        created_at: '2026-11-21T07:01:00.000Z',
        label: { id: 'siren', name: { ko: '사이렌', en: 'Siren' } },
      }),
    ].map(asPushed);
    expect(countNewer(pushed, { mics: [], labels: [] }, shown, newest)).toBe(2);
    expect(countNewer(pushed, { mics: [], labels: ['scream'] }, shown, newest)).toBe(1);
    expect(countNewer(pushed, { mics: ['mic-0009'], labels: [] }, shown, newest)).toBe(0);
  });
});
