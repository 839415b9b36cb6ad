import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compositeEventQueries, eventQueries, micQueries, reviewQueries } from '@/api';
import { priorityQueries } from '@/api/priority';
import { labelQueries } from '@/api/labels';
import { timelineQuery, timelineSearch } from '@/features/composite-events/timeline-filters';
import { eventListQuery, eventSearch } from '@/features/events/event-filters';
import { listParamsOf, micTableSearch } from '@/features/mics/mic-filters';
import { windowStart } from '@/lib/time-window';
import { ROUTES, withWindows } from './routes';

/**
 * The data a route names for preloading (server/route-preload.ts) is only of use if it is the very
 * request the page then makes: a preload the app does not ask for is a second download on a phone.
 * Each route's entries are checked against the URLs the page's own query options fetch.
 */
interface Read {
  queryKey: readonly unknown[];
  queryFn?: unknown;
}

/** The path and query the query options' fetch asks for (the network is the only thing stubbed). */
async function urlOf(options: Read): Promise<string> {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      urls.push(String(input));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const queryFn = options.queryFn as QueryFunction;
  await Promise.resolve(
    queryFn({
      queryKey: options.queryKey,
      signal: new AbortController().signal,
      meta: undefined,
      client: new QueryClient(),
    } as never),
  ).catch(() => undefined);
  expect(urls).toHaveLength(1);
  const url = new URL(urls[0]!);
  return `${url.pathname}${url.search}`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ID = '41548adf-b74f-40aa-8f75-4c0d9e3cba0b';

/** What each page that names data fetches first, for the URL `path` with its parameters filled. */
const FIRST_READS: Record<string, { path: string; always: Read[]; defaultView?: Read[] }> = {
  '/map': { path: '/map', always: [micQueries.inventory()] },
  '/mics': {
    path: '/mics',
    always: [labelQueries.names()],
    defaultView: [micQueries.list(listParamsOf(micTableSearch.defaults))],
  },
  '/mics/:micId': {
    path: '/mics/mic-0007',
    always: [micQueries.detail('mic-0007'), labelQueries.names()],
    defaultView: [micQueries.list(listParamsOf(micTableSearch.defaults))],
  },
  '/events': {
    path: '/events',
    always: [reviewQueries.me(), labelQueries.names()],
    defaultView: [eventQueries.list(eventListQuery(eventSearch.defaults))],
  },
  '/composite-events': {
    path: '/composite-events',
    always: [reviewQueries.me()],
    defaultView: [compositeEventQueries.list(timelineQuery(timelineSearch.defaults))],
  },
  '/composite-events/:compositeEventId': {
    path: `/composite-events/${ID}`,
    always: [
      compositeEventQueries.detail(ID),
      reviewQueries.thread('composite', ID),
      priorityQueries.items([`composite:${ID}`]),
      reviewQueries.me(),
    ],
  },
};

/** An entry's paths with `:name` filled from a URL's path and `{last:N}` from the clock, as the server fills them. */
function filled(paths: readonly string[] | undefined, pattern: string, path: string): string[] {
  const given = path.split('/');
  const params = new Map(
    pattern.split('/').flatMap((part, i) => (part.startsWith(':') ? [[part.slice(1), given[i]!] as const] : [])),
  );
  return (paths ?? []).map((p) =>
    withWindows(
      p.replace(/:([A-Za-z]+)/g, (_, name: string) => params.get(name)!),
      (minutes) => windowStart(minutes),
    ),
  );
}

describe('the data a route names for preloading', () => {
  it('is named only by the pages checked here', () => {
    const naming = ROUTES.filter((entry) => entry.data !== undefined || entry.defaultData !== undefined);
    expect(naming.map((entry) => entry.path).sort()).toEqual(Object.keys(FIRST_READS).sort());
  });

  for (const entry of ROUTES.filter((e) => FIRST_READS[e.path] !== undefined)) {
    it(`is what ${entry.path} fetches first`, async () => {
      // Late in a minute: the page's window and the server's are cut to the same minute all the same.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-29T16:42:59.870Z') });
      const reads = FIRST_READS[entry.path]!;
      const always = await Promise.all(reads.always.map(urlOf));
      const defaultView = await Promise.all((reads.defaultView ?? []).map(urlOf));
      expect(filled(entry.data, entry.path, reads.path)).toEqual(always);
      expect(filled(entry.defaultData, entry.path, reads.path)).toEqual(defaultView);
    });
  }
});
