import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { HEARD_BY_MAX_IDS, insightQueries } from '@/api/insights';
import { i18n, useTranslation } from '@/lib/i18n';
import { heardByView } from './heard-by-view';
import { heardByFixture } from '@/testing/insight-fixtures';
import { HEARD_BY_SETTLE_MS, heardByBatches, useHeardBy } from './use-heard-by';

const { t } = renderHook(() => useTranslation('heardBy')).result.current;

describe('heardByView', () => {
  const mics = [
    { id: 'mic-1', name: 'Gate A' },
    { id: 'mic-2', name: null },
    { id: 'mic-3', name: '  ' },
  ];

  it('counts the event’s own mic and names every mic, by id where the name is missing', () => {
    expect(heardByView(t, mics, { complete: true, windowS: 10 })).toEqual({
      text: 'Heard by 3 mics',
      hint: 'Same sound within 10 s at: Gate A, mic-2, mic-3',
      corroborated: true,
    });
  });

  it('says its own mic alone plainly (not corroborated), and a partial read as a lower bound', () => {
    expect(heardByView(t, mics.slice(0, 1), { complete: true, windowS: 10 })).toMatchObject({
      text: 'Only its own mic',
      corroborated: false,
    });
    expect(heardByView(t, mics, { complete: false, windowS: 10 })?.text).toBe('Heard by at least 3 mics');
  });

  it('does not say "only its own mic" before the events around it were read, but counts the mics heard so far', () => {
    expect(heardByView(t, mics.slice(0, 1), { complete: false, windowS: 10 })).toBeNull();
    expect(heardByView(t, mics.slice(0, 2), { complete: false, windowS: 10 })?.text).toBe('Heard by at least 2 mics');
  });

  it('says its own mic alone in Korean too (which has no "one" plural form to pick it by)', () => {
    i18n.changeLanguage('ko');
    try {
      const { t: ko } = renderHook(() => useTranslation('heardBy')).result.current;
      expect(heardByView(ko, mics.slice(0, 1), { complete: true, windowS: 10 })?.text).toBe('해당 마이크만');
      expect(heardByView(ko, mics, { complete: true, windowS: 10 })?.text).toBe('마이크 3대가 들음');
    } finally {
      i18n.changeLanguage('en');
    }
  });

  it('knows nothing yet of an event the answer left out, and says so plainly of one the console does not hold', () => {
    expect(heardByView(t, undefined, { complete: true, windowS: 10 })).toBeNull();
    expect(heardByView(t, null, { complete: true, windowS: 10 })).toMatchObject({
      text: 'Not known',
      corroborated: false,
    });
  });
});

describe('useHeardBy', () => {
  it('waits for a new event the console may still store, but not for one a minute old it left out', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    queryClient.setQueryData(
      insightQueries.heardBy(['held', 'new', 'old']).queryKey,
      heardByFixture({ held: [{ id: 'mic-1', name: 'Gate A' }] }),
    );
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result, unmount } = renderHook(() => useHeardBy(['old', 'new', 'held']), { wrapper });
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    expect(result.current.of('held', ago(HEARD_BY_SETTLE_MS * 10))).toEqual([{ id: 'mic-1', name: 'Gate A' }]);
    expect(result.current.of('new', ago(2_000))).toBeUndefined();
    expect(result.current.of('old', ago(HEARD_BY_SETTLE_MS + 1_000))).toBeNull();
    expect(result.current.completeOf('held')).toBe(true);
    unmount();
    queryClient.clear();
  });

  it('knows an event whose window was not read yet only once another mic heard it', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const gate = { id: 'mic-1', name: 'Gate A' };
    queryClient.setQueryData(
      insightQueries.heardBy(['alone-so-far', 'heard-by-two']).queryKey,
      heardByFixture({ 'alone-so-far': [gate], 'heard-by-two': [gate, { id: 'mic-2', name: null }] }, [
        'alone-so-far',
        'heard-by-two',
      ]),
    );
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result, unmount } = renderHook(() => useHeardBy(['alone-so-far', 'heard-by-two']), { wrapper });
    // A day old or not: the console holds it, and will know once the events around it are read.
    const old = new Date(Date.now() - 86_400_000).toISOString();
    expect(result.current.of('alone-so-far', old)).toBeUndefined();
    expect(result.current.of('heard-by-two', old)?.map((m) => m.id)).toEqual(['mic-1', 'mic-2']);
    // Heard by two so far, its window still open: "at least 2", whatever the rest of the answer says.
    expect(result.current.completeOf('heard-by-two')).toBe(false);
    unmount();
    queryClient.clear();
  });
});

describe('heard-by requests', () => {
  it('asks for at most the server’s limit of ids at a time, each once, in a stable order', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `ev-${String(249 - i).padStart(3, '0')}`);
    const batches = heardByBatches([...ids, 'ev-000']);
    expect(batches.map((b) => b.length)).toEqual([HEARD_BY_MAX_IDS, HEARD_BY_MAX_IDS, 50]);
    expect(batches[0]![0]).toBe('ev-000');
    expect(batches.flat()).toEqual([...ids].sort());
  });

  it('keys the answer by the set of ids, whatever their order', () => {
    expect(insightQueries.heardBy(['b', 'a', 'b']).queryKey).toEqual(insightQueries.heardBy(['a', 'b']).queryKey);
  });
});
