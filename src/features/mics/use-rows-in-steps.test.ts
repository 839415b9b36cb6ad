import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROWS, useRowsInSteps } from './use-rows-in-steps';

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => `mic-${i}`);

describe('useRowsInSteps', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('mounts a first page in doubling steps, one task each, until every row is there in order', () => {
    const rows = rowsOf(25);
    const hook = renderHook(({ rows }) => useRowsInSteps(rows), {
      initialProps: { rows: undefined as string[] | undefined },
    });
    expect(hook.result.current).toBeUndefined();
    hook.rerender({ rows });
    expect(hook.result.current).toEqual(rows.slice(0, FIRST_ROWS));
    const seen = [hook.result.current?.length];
    for (let step = 0; step < 5; step++) {
      act(() => vi.advanceTimersToNextTimer());
      seen.push(hook.result.current?.length);
    }
    expect(seen).toEqual([5, 10, 20, 25, 25, 25]);
    expect(hook.result.current).toBe(rows);
  });

  it('draws a later answer at once up to the count reached, and a short page whole', () => {
    const { result, rerender } = renderHook(({ rows }) => useRowsInSteps(rows), {
      initialProps: { rows: rowsOf(3) as string[] | undefined },
    });
    expect(result.current).toEqual(rowsOf(3));
    rerender({ rows: rowsOf(10) });
    expect(result.current).toEqual(rowsOf(5));
    act(() => vi.runAllTimers());
    expect(result.current).toEqual(rowsOf(10));
    const next = rowsOf(10).map((id) => `${id}-next`);
    rerender({ rows: next });
    expect(result.current).toBe(next);
  });
});
