import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ReviewBadge } from './review-badge';

describe('ReviewBadge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-28T01:00:20.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ages an open item by itself, without drawing the row that holds it again', async () => {
    let rowDraws = 0;
    function Row() {
      rowDraws++;
      return <ReviewBadge item={undefined} firedAt="2026-11-28T01:00:00.000Z" />;
    }
    renderWithProviders(<Row />);
    expect(screen.getByText('under a minute old')).toBeInTheDocument();
    const drawn = rowDraws;
    // Past the minute, on the next 15 s tick.
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(screen.getByText('1 min old')).toBeInTheDocument();
    expect(rowDraws).toBe(drawn);
  });
});
