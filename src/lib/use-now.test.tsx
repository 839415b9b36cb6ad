import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

function Reader({ name, everyMs }: { name: string; everyMs: number }) {
  return <span data-testid={name}>{useNow(everyMs)}</span>;
}
const shown = (name: string) => Number(screen.getByTestId(name).textContent);

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Mounted 0.4 s into a second.
    vi.setSystemTime(new Date('2026-11-28T01:00:00.400Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('turns with the second of the clock, not a second after it was mounted', async () => {
    render(<Reader name="clock" everyMs={1000} />);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(shown('clock')).toBe(Date.parse('2026-11-28T01:00:01.000Z'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(shown('clock')).toBe(Date.parse('2026-11-28T01:00:02.000Z'));
  });

  it('keeps one timer for every reader of a period, and none once the last one goes', async () => {
    const { unmount } = render(
      <>
        <Reader name="clock" everyMs={1000} />
        <Reader name="badge" everyMs={1000} />
      </>,
    );
    // One timer for both: they turn in the same task, and React draws them in one pass.
    expect(vi.getTimerCount()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(shown('clock')).toBe(shown('badge'));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
