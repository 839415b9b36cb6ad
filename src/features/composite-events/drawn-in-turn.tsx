import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Sections drawn one after the other, in page order, each in its own task and in a render React
 * slices (a transition): the drill-down drew its first screen and all the sections below it in one
 * task of 210-310 ms main-thread CPU on the city's composite (about 1 s at 4x CPU, most of the
 * page's blocking time). Each section is added below every one already drawn, so nothing on the
 * screen moves; on a phone they lie a screen or more down and are all there long before a reader
 * scrolls to them.
 */
export function DrawnInTurn({ children }: { children: ReactNode }) {
  const [first, ...rest] = Children.toArray(children);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn) return;
    const timer = window.setTimeout(() => startTransition(() => setDrawn(true)), 0);
    return () => window.clearTimeout(timer);
  }, [drawn]);
  if (!drawn) return null;
  return (
    <>
      {first}
      {rest.length > 0 && <DrawnInTurn>{rest}</DrawnInTurn>}
    </>
  );
}
