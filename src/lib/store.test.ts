import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore, resetStores, useStore } from './store';

describe('createStore', () => {
  it('tells its subscribers of a change, not of the same value again', () => {
    const store = createStore({ n: 0 }, (a, b) => a.n === b.n);
    const heard: number[] = [];
    const stop = store.subscribe(() => heard.push(store.get().n));
    store.set({ n: 1 });
    store.set({ n: 1 });
    store.set({ n: 2 });
    stop();
    store.set({ n: 3 });
    expect(heard).toEqual([1, 2]);
    expect(store.get()).toEqual({ n: 3 });
  });

  it('re-renders a component reading it, and resetStores brings every store back to its first value', () => {
    const count = createStore(0);
    const word = createStore('a');
    const { result } = renderHook(() => useStore(count, (n) => n * 10));
    act(() => count.set(4));
    expect(result.current).toBe(40);
    word.set('b');
    act(() => resetStores());
    expect(result.current).toBe(0);
    expect(word.get()).toBe('a');
  });
});
