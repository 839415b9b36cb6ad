import { describe, expect, it } from 'vitest';
import { eventFixture } from '@/testing/fixtures';
import { countNewer } from './use-new-events';

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
    ];
    expect(countNewer(pushed, { mics: [], labels: [] }, shown, newest)).toBe(2);
    expect(countNewer(pushed, { mics: [], labels: ['scream'] }, shown, newest)).toBe(1);
    expect(countNewer(pushed, { mics: ['mic-0009'], labels: [] }, shown, newest)).toBe(0);
  });
});
