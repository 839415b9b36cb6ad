import { useEffect, useState } from 'react';

interface Ticker {
  listeners: Set<(now: number) => void>;
  timer: number;
}

/** One timer per period for the whole page: every reader of a period renders in the same task. */
const tickers = new Map<number, Ticker>();

/*
 * Each tick lands on the next multiple of the period in wall-clock time, not a period after some
 * mount: a wall clock then turns its second with the second (it could show one up to 999 ms
 * late), and two readers of the same period (the wall's clock and its freshness badge) render
 * once together instead of twice a second, each time at its own moment.
 */
function schedule(everyMs: number, ticker: Ticker): void {
  ticker.timer = window.setTimeout(
    () => {
      const now = Date.now();
      for (const listener of ticker.listeners) listener(now);
      schedule(everyMs, ticker);
    },
    everyMs - (Date.now() % everyMs),
  );
}

function subscribe(everyMs: number, listener: (now: number) => void): () => void {
  let ticker = tickers.get(everyMs);
  if (ticker === undefined) {
    ticker = { listeners: new Set(), timer: 0 };
    tickers.set(everyMs, ticker);
    schedule(everyMs, ticker);
  }
  const mine = ticker;
  mine.listeners.add(listener);
  return () => {
    mine.listeners.delete(listener);
    if (mine.listeners.size > 0) return;
    window.clearTimeout(mine.timer);
    tickers.delete(everyMs);
  };
}

/** The current time, renewed every `everyMs`, so "N minutes ago" and expiring highlights age without new data. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => subscribe(everyMs, setNow), [everyMs]);
  return now;
}
