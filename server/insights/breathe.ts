/**
 * Reports over 10,000 mics run for a second or more: they stop every so many steps so that
 * pages, `/live` and the hub, all on the same event loop, are not held up meanwhile.
 */
export function breather(every: number): () => Promise<void> | undefined {
  let steps = 0;
  return () => (++steps % every === 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined);
}
