import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { WallClock } from './wall-clock';

describe('WallClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 30, 23, 59, 58, 500));
  });
  afterEach(() => vi.useRealTimers());

  it('turns its second and its date with the clock, in the nodes it first drew', async () => {
    renderWithProviders(<WallClock />);
    const clock = screen.getByRole('timer');
    const [time, date] = [...clock.children] as HTMLElement[];
    const firstDate = date!.textContent;
    expect(time!.textContent).toBe('23:59:58');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(time!.textContent).toBe('23:59:59');
    expect(date!.textContent).toBe(firstDate);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(time!.textContent).toBe('00:00:00');
    expect(date!.textContent).not.toBe(firstDate);
    expect(screen.getByRole('timer')).toBe(clock);
  });
});
