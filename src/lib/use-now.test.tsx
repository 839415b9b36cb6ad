import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHasPassed, useNow, useNowAt, useTick } from './use-now';

function Reader({ name, everyMs }: { name: string; everyMs: number }) {
  return <span data-testid={name}>{useNow(everyMs)}</span>;
}
const shown = (name: string) => Number(screen.getByTestId(name).textContent);

beforeEach(() => {
  vi.useFakeTimers();
  // Mounted 0.4 s into a second.
  vi.setSystemTime(new Date('2026-11-28T01:00:00.400Z'));
});
afterEach(() => vi.useRealTimers());

describe('useNow', () => {
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

let renders = 0;

function Ticker({ onTick }: { onTick: (now: number) => void }) {
  renders++;
  useTick(1000, onTick);
  return null;
}

describe('useTick', () => {
  it('calls back after its render and on the turn of each second, without rendering again', async () => {
    renders = 0;
    const ticks: number[] = [];
    const { unmount } = render(<Ticker onTick={(now) => ticks.push(now)} />);
    // After the commit: what the render drew is brought to the present.
    expect(ticks).toEqual([Date.parse('2026-11-28T01:00:00.400Z')]);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(ticks).toEqual([
      Date.parse('2026-11-28T01:00:00.400Z'),
      Date.parse('2026-11-28T01:00:01.000Z'),
      Date.parse('2026-11-28T01:00:02.000Z'),
    ]);
    expect(renders).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

function Passed({ at }: { at: number }) {
  renders++;
  return <span data-testid="passed">{String(useHasPassed(at))}</span>;
}

describe('useHasPassed', () => {
  it('turns true at its moment, with one render then and none before', async () => {
    renders = 0;
    render(<Passed at={Date.now() + 30_000} />);
    expect(screen.getByTestId('passed').textContent).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByTestId('passed').textContent).toBe('false');
    expect(renders).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(screen.getByTestId('passed').textContent).toBe('true');
    expect(renders).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for a new moment when it moves, and never for one at infinity', async () => {
    const { rerender } = render(<Passed at={Date.now() + 1_000} />);
    rerender(<Passed at={Date.now() + 5_000} />);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('passed').textContent).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(screen.getByTestId('passed').textContent).toBe('true');
    rerender(<Passed at={Infinity} />);
    expect(screen.getByTestId('passed').textContent).toBe('false');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notices within a minute a clock set past its moment (a machine woken, a clock corrected)', async () => {
    render(<Passed at={Date.now() + 3_600_000} />);
    // The clock jumps; the timers do not move with it.
    vi.setSystemTime(Date.now() + 7_200_000);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('passed').textContent).toBe('true');
  });
});

describe('useNowAt', () => {
  it('renders at the moments it names, and at no other', async () => {
    const start = Date.now();
    const moments = [start + 10_000, start + 45_000];
    const seen: number[] = [];
    function Reader() {
      const now = useNowAt((at) => moments.find((m) => m > at) ?? Infinity);
      seen.push(now);
      return null;
    }
    render(<Reader />);
    // act() renders when its callback ends: one step per moment.
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(seen).toEqual([start]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(seen).toEqual([start, start + 10_000, start + 45_000]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders at its moment, not when a timer fires early, and waits a far moment in steps', async () => {
    const start = Date.now();
    const moments = [start + 10_000, start + 2 * 86_400_000];
    const seen: number[] = [];
    function Reader() {
      seen.push(useNowAt((at) => moments.find((m) => m > at) ?? Infinity));
      return null;
    }
    render(<Reader />);
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    // The clock 1 ms behind the timers: the timer comes a millisecond before the moment.
    vi.setSystemTime(Date.now() - 1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(seen).toEqual([start]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(seen).toEqual([start, start + 10_000]);
    await act(() => vi.advanceTimersByTimeAsync(moments[1]! - Date.now() - 1));
    expect(seen).toEqual([start, start + 10_000]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(seen).toEqual([start, start + 10_000, moments[1]]);
  });

  it('notices within a minute a clock set past its moment', async () => {
    const start = Date.now();
    const seen: number[] = [];
    function Reader() {
      seen.push(useNowAt((at) => (at < start + 3_600_000 ? start + 3_600_000 : Infinity)));
      return null;
    }
    render(<Reader />);
    vi.setSystemTime(start + 7_200_000);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(seen).toEqual([start, start + 7_200_000 + 60_000]);
  });
});
