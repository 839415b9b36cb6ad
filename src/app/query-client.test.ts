import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, edgeConnection } from '@/api';
import { createQueryClient, FAILED_REREAD_MS } from './query-client';

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

describe('a read left failed', () => {
  afterEach(() => {
    vi.useRealTimers();
    edgeConnection.reset();
  });

  /** A watched read whose answers are given in turn (a failure is thrown), and what it shows after `ms`. */
  async function watch(answers: (string | Error)[], ms: number) {
    vi.useFakeTimers();
    const client = createQueryClient();
    let asked = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['section'],
      queryFn: async () => {
        const answer = answers[Math.min(asked++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      retry: false,
    });
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(ms);
    const result = observer.getCurrentResult();
    stop();
    client.clear();
    return { asked, status: result.status, data: result.data };
  }

  it('is read again on its own while the edge is away, and fills in when it is back', async () => {
    const away = await watch([edgeAway, edgeAway, 'answer'], FAILED_REREAD_MS - 100);
    expect(away).toMatchObject({ asked: 1, status: 'error' });
    expect(await watch([edgeAway, edgeAway, 'answer'], 2 * FAILED_REREAD_MS + 100)).toMatchObject({
      asked: 3,
      status: 'success',
      data: 'answer',
    });
  });

  it("is not read again when the failure will not pass (a 404) or the hub re-reads on the edge's return", async () => {
    const gone = new ApiError('http', 'Not found', '/api/v1/mics/x', 404);
    expect(await watch([gone, 'answer'], 3 * FAILED_REREAD_MS)).toMatchObject({ asked: 1, status: 'error' });
    edgeConnection.fromHub(hubHealth('down'));
    expect(await watch([edgeAway, 'answer'], 3 * FAILED_REREAD_MS)).toMatchObject({ asked: 1, status: 'error' });
  });
});
