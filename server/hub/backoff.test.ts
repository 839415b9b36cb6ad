import { describe, expect, it } from 'vitest';
import { backoffDelay } from './feed-loops.js';

describe('the hub’s back-off', () => {
  it('keeps the interval while the edge answers', () => {
    expect(backoffDelay(1000, 0, 30_000)).toBe(1000);
  });

  it('doubles the wait per failure in a row, up to HUB_BACKOFF_MAX_MS', () => {
    expect([1, 2, 3, 4, 5, 6].map((failures) => backoffDelay(1000, failures, 30_000))).toEqual([
      2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('never overflows however long the edge stays down', () => {
    expect(backoffDelay(1000, 10_000, 30_000)).toBe(30_000);
  });

  it('never waits less than the feed’s own interval when the cap is below it', () => {
    expect(backoffDelay(60_000, 3, 30_000)).toBe(60_000);
  });
});
