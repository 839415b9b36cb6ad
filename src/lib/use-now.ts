import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

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
      // The next tick first: a listener that throws, or that leaves as the last, finds it set.
      schedule(everyMs, ticker);
      const now = Date.now();
      for (const listener of ticker.listeners) listener(now);
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

/**
 * Calls `onTick` on the same ticks as `useNow`, without rendering: for text that changes every
 * second for days (the wall's clock), where a render of React's tree per tick costs a long task.
 * Also after each commit: what a render drew from an earlier moment (a first render that crossed
 * a second, a change of language redrawing the date) is brought to the present at once.
 */
export function useTick(everyMs: number, onTick: (now: number) => void): void {
  const latest = useRef(onTick);
  useLayoutEffect(() => {
    latest.current = onTick;
    onTick(Date.now());
  });
  useEffect(() => subscribe(everyMs, (now) => latest.current(now)), [everyMs]);
}

/**
 * The longest single wait for a moment; a later one is waited for in steps, each reading the clock
 * again. Timers count the time a machine slept out, and do not notice a clock set forward: a wall
 * that woke or was corrected turns within this, not when its old timer ends.
 */
const MAX_WAIT_MS = 60_000;

/**
 * Whether the moment `at` has passed, rendering once when it does: for a state that turns at a known
 * time (data overdue), where reading `useNow(1000)` re-rendered its reader every second to compare.
 */
export function useHasPassed(at: number): boolean {
  const subscribe = useCallback(
    (onPassed: () => void) => {
      let timer = 0;
      const arm = () => {
        const wait = at - Date.now();
        if (wait < 0) onPassed();
        else if (Number.isFinite(wait)) timer = window.setTimeout(arm, Math.min(wait + 1, MAX_WAIT_MS));
      };
      arm();
      return () => window.clearTimeout(timer);
    },
    [at],
  );
  return useSyncExternalStore(subscribe, () => Date.now() >= at);
}

/**
 * The time, renewed only at the moments `nextAfter` names: for a screen that changes at known moments
 * (a highlight ends, an age turns its minute), which a fixed tick re-rendered many times in between.
 */
export function useNowAt(nextAfter: (now: number) => number): number {
  const [now, setNow] = useState(Date.now);
  const next = nextAfter(now);
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    let timer = 0;
    const arm = () => {
      timer = window.setTimeout(fire, Math.min(Math.max(0, next - Date.now()), MAX_WAIT_MS));
    };
    // Rendered at the moment itself, never before, so that what reads the clock in that render (the
    // events' "heard by") sees the moment too: a timer fired a little early, or one step of a long wait, waits on.
    const fire = () => (next > Date.now() ? arm() : setNow(Date.now()));
    arm();
    return () => window.clearTimeout(timer);
  }, [next]);
  return now;
}
