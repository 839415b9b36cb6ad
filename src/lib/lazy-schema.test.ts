import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    let builds = 0;
    const point = lazySchema(() => {
      builds += 1;
      return z.object({ x: z.number() });
    });
    expect(builds).toBe(0);
    expect(point.parse({ x: 1, extra: true })).toEqual({ x: 1 });
    expect(point.safeParse({ x: 'a' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('composes: a schema built from lazy ones builds them when it is used, and names the failing path', () => {
    let built = false;
    const point = lazySchema(() => {
      built = true;
      return z.object({ x: z.number() });
    });
    const path = lazySchema(() => z.object({ points: z.array(point), start: z.optional(point) }));
    expect(built).toBe(false);
    expect(path.parse({ points: [{ x: 1 }], start: undefined })).toEqual({ points: [{ x: 1 }] });
    const failed = path.safeParse({ points: [{ x: 1 }, { x: null }] });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.path).toEqual(['points', 1, 'x']);
  });
});
