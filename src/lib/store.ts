import { useSyncExternalStore } from 'react';

/**
 * One value the whole tab shares outside React (the edge's connection, the live stream's state,
 * the session's end…), read in components with useStore. Tests start each from its first value:
 * src/testing/setup.ts calls resetStores after every test.
 */
export interface Store<T> {
  get(): T;
  /** Replaces the value and tells the subscribers, unless `same` finds nothing changed. */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** Back to the first value, subscribers told. */
  reset(): void;
}

const stores = new Set<Store<never>>();

export function createStore<T>(initial: T, same: (a: T, b: T) => boolean = Object.is): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const store: Store<T> = {
    get: () => value,
    set(next) {
      if (same(next, value)) return;
      value = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      value = initial;
      notify();
    },
  };
  stores.add(store as Store<never>);
  return store;
}

/** Every store back to its first value: the tests' known state. */
export function resetStores(): void {
  for (const store of stores) store.reset();
}

/** A store's value, or a part of it (`select` must return the same thing for the same value). */
export function useStore<T, S = T>(store: Store<T>, select: (value: T) => S = (value) => value as unknown as S): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
