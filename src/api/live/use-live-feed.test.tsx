import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventFixture, pageFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { testQueryClient } from '@/testing/render';
import { eventQueries } from '../queries';
import { LIVE_MERGE } from './apply';
import { useLiveFeed } from './use-live-feed';

/** The browser's EventSource, at the network's edge: the test opens it and sends its messages. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  send(type: string, data: unknown, id = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

const PAGE = pageFixture([eventFixture()]);
let listReads = 0;

function answerListsAt(mark: string | null) {
  server.use(
    http.get('/api/v1/events', () => {
      listReads += 1;
      return HttpResponse.json(PAGE, { headers: mark === null ? {} : { 'live-id': mark } });
    }),
  );
}

/** The events list as a page shows it, answered (or refused) before the stream opens; then the stream. */
async function listThenStream(answered: 'isSuccess' | 'isError' = 'isSuccess'): Promise<FakeEventSource> {
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const list = renderHook(() => useQuery({ ...eventQueries.list({ page: 1, size: 25 }), meta: LIVE_MERGE }), {
    wrapper,
  });
  await waitFor(() => expect(list.result.current[answered]).toBe(true));
  renderHook(() => useLiveFeed(true), { wrapper });
  const stream = FakeEventSource.opened.at(-1)!;
  stream.open();
  return stream;
}

const HEALTH = { status: 'ok', checked_at: new Date().toISOString() };

describe('opening the live stream after a list was read', () => {
  beforeEach(() => {
    listReads = 0;
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the stream to start where the list was read, and reads the list once when it does', async () => {
    answerListsAt('a1b2-7');
    const stream = await listThenStream();
    expect(stream.url).toBe('/live?since=a1b2-7');
    // The hub could: its greeting says the stream starts there, and replays what came since.
    stream.send('health', HEALTH, 'a1b2-7');
    // A list read again would be asked for at once; give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listReads).toBe(1);
  });

  it('reads it again when the stream starts later than the list was read (the hub no longer held that far back)', async () => {
    answerListsAt('a1b2-7');
    (await listThenStream()).send('health', HEALTH, 'a1b2-9');
    await waitFor(() => expect(listReads).toBe(2));
  });

  it('reads it again when the list came from another hub (a restart, another replica)', async () => {
    answerListsAt('ffff-12');
    (await listThenStream()).send('health', HEALTH, 'a1b2-3');
    await waitFor(() => expect(listReads).toBe(2));
  });

  it('reads it again when the answer says nothing of the stream (a console without the hub)', async () => {
    answerListsAt(null);
    const stream = await listThenStream();
    expect(stream.url).toBe('/live');
    stream.send('health', HEALTH, 'a1b2-1');
    await waitFor(() => expect(listReads).toBe(2));
  });

  it('leaves a list that failed to its own retries (a refused token is not asked again)', async () => {
    server.use(
      http.get('/api/v1/events', () => {
        listReads += 1;
        return HttpResponse.json({ detail: 'Not authenticated' }, { status: 401 });
      }),
    );
    const stream = await listThenStream('isError');
    stream.send('health', HEALTH, 'a1b2-7');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listReads).toBe(1);
  });

  describe('a list still on its way when the stream opens', () => {
    /** The list is asked for, the stream opens and greets from `start`, then the list's answer arrives. */
    async function streamBeforeAnswer(mark: string, start: string) {
      let answer: () => void = () => {};
      const held = new Promise<void>((resolve) => (answer = resolve));
      server.use(
        http.get('/api/v1/events', async () => {
          listReads += 1;
          if (listReads === 1) await held;
          return HttpResponse.json(PAGE, { headers: { 'live-id': mark } });
        }),
      );
      const queryClient = testQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      );
      const list = renderHook(() => useQuery({ ...eventQueries.list({ page: 1, size: 25 }), meta: LIVE_MERGE }), {
        wrapper,
      });
      await waitFor(() => expect(listReads).toBe(1));
      renderHook(() => useLiveFeed(true), { wrapper });
      const stream = FakeEventSource.opened.at(-1)!;
      stream.open();
      stream.send('health', HEALTH, start);
      answer();
      await waitFor(() => expect(list.result.current.isSuccess).toBe(true));
      return stream;
    }

    it('reads it again when its answer was read before the stream started (what came between is in neither)', async () => {
      await streamBeforeAnswer('a1b2-7', 'a1b2-9');
      await waitFor(() => expect(listReads).toBe(2));
    });

    it('keeps it when its answer was read after the stream started', async () => {
      await streamBeforeAnswer('a1b2-10', 'a1b2-9');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(listReads).toBe(1);
    });

    it("on a page served with the hub's mark, starts the stream there and reads the list once", async () => {
      // What server/route-preload.ts writes into a page whose first data it names.
      const meta = Object.assign(document.createElement('meta'), { name: 'live-id', content: 'a1b2-5' });
      document.head.append(meta);
      try {
        const stream = await streamBeforeAnswer('a1b2-7', 'a1b2-5');
        expect(stream.url).toBe('/live?since=a1b2-5');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(listReads).toBe(1);
      } finally {
        meta.remove();
      }
    });
  });
});
