import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError, edgeConnection } from '@/api';
import { createQueryClient, rereadFailedOnReturn } from './query-client';

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

describe('reads that failed while the edge was away', () => {
  afterEach(() => edgeConnection.reset());

  async function failedRead(failure: ApiError = edgeAway) {
    const queryClient = createQueryClient();
    let calls = 0;
    const queryFn = () => (++calls === 1 ? Promise.reject(failure) : Promise.resolve('answer'));
    await queryClient.prefetchQuery({ queryKey: ['section'], queryFn, retry: false });
    expect(queryClient.getQueryState(['section'])?.status).toBe('error');
    // A drawn section reads it: invalidation re-reads only what something reads.
    const observer = new QueryObserver(queryClient, {
      queryKey: ['section'],
      queryFn,
      retry: false,
      retryOnMount: false,
    });
    observer.subscribe(() => undefined);
    return { queryClient, calls: () => calls };
  }

  it('are read again when this tab finds the edge back', async () => {
    const { queryClient, calls } = await failedRead();
    const stop = rereadFailedOnReturn(queryClient);
    edgeConnection.failed(edgeAway, 'GET');
    expect(calls()).toBe(1);
    edgeConnection.succeeded();
    await vi.waitFor(() => expect(queryClient.getQueryData(['section'])).toBe('answer'));
    stop();
  });

  it('are read again when the hub says the edge is back, and not while it is still down', async () => {
    const { queryClient, calls } = await failedRead();
    const stop = rereadFailedOnReturn(queryClient);
    edgeConnection.fromHub(hubHealth('down'));
    edgeConnection.fromHub(hubHealth('down'));
    expect(calls()).toBe(1);
    edgeConnection.fromHub(hubHealth('ok'));
    await vi.waitFor(() => expect(calls()).toBe(2));
    stop();
  });

  it('are not read again when they were refused: a 403 stays refused whatever else answers', async () => {
    const { queryClient, calls } = await failedRead(new ApiError('http', 'Forbidden', '/api/v1/events', 403));
    const stop = rereadFailedOnReturn(queryClient);
    edgeConnection.failed(edgeAway, 'GET');
    edgeConnection.succeeded();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(1);
    expect(queryClient.getQueryState(['section'])?.status).toBe('error');
    stop();
  });
});
