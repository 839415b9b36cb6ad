/**
 * A schema built on its first use instead of when its module loads. Building every schema of
 * `src/api` was about 40 % of the app's module evaluation, the longest task of most pages' start
 * (about 50 ms at 4x CPU), though a page reads a few of them. The schema behaves as the one
 * `build` returns; schemas built from lazy ones build those on their own first use.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // A proxy may report what its (empty) target lacks only as configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
