import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { Providers } from '@/testing/render';
import { usePriorities } from './use-priority';

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

/** Serves the item scored, or no priority at all (the console has not scored it), and counts the requests. */
function serve(scored: boolean) {
  const asked: number[] = [];
  server.use(
    http.get('/api/priority/items', () => {
      asked.push(Date.now());
      return HttpResponse.json({
        priorities: scored
          ? { 'composite:c-1': { level: 'high', score: 60, reasons: [], review: true, summary: 'High' } }
          : {},
      });
    }),
  );
  return asked;
}

describe('usePriorities', () => {
  afterEach(() => vi.useRealTimers());

  it('asks again soon while an item is unscored, then as slowly as for a scored one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = serve(false);
    renderHook(() => usePriorities('composite', ['c-1']), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10 * 2_000 + 500));
    // The first answer and nine more at 2 s (the hub scores a new item within a moment).
    expect(asked).toHaveLength(10);
    // An item the hub never read (last week's, opened from the history) is not asked for every 2 s.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked.length).toBeLessThanOrEqual(13);
  });

  it('asks for a scored item every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = serve(true);
    const { result } = renderHook(() => usePriorities('composite', ['c-1']), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current.get('c-1')?.level).toBe('high');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(asked).toHaveLength(3);
  });
});
