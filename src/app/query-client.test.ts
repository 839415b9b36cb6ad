import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, edgeConnection } from '@/api';
import { createQueryClient } from './query-client';

const retry = () => createQueryClient().getDefaultOptions().queries!.retry as (n: number, e: unknown) => boolean;
const edgeAway = new ApiError('network', 'The edge did not answer', '/api/v1/events', 502);
const hubHealth = (status: string) => ({ status, since: new Date().toISOString(), lastOkAt: null, error: null });

describe('query retries', () => {
  afterEach(() => edgeConnection.reset());

  it('retries a transient failure three times, a refused request never', () => {
    expect([0, 1, 2, 3].map((n) => retry()(n, edgeAway))).toEqual([true, true, true, false]);
    expect(retry()(0, new ApiError('http', 'Not found', '/api/v1/mics/x', 404))).toBe(false);
  });

  it('leaves retrying to the hub while its stream says the edge is down, and resumes once it is back', () => {
    edgeConnection.fromHub(hubHealth('down'));
    expect(retry()(0, edgeAway)).toBe(false);
    edgeConnection.fromHub(hubHealth('ok'));
    expect(retry()(0, edgeAway)).toBe(true);
  });
});
