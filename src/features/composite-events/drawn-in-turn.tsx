import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';
import { nextTask } from '@/lib/next-task';

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
    // A message, not a timer: in a background tab (a drill-down opened with a middle click) a timer
    // waits a second, and the sections came in one a second.
    let live = true;
    void nextTask().then(() => live && startTransition(() => setDrawn(true)));
    return () => {
      live = false;
    };
  }, [drawn]);
  if (!drawn) return null;
  return (
    <>
      {first}
      {rest.length > 0 && <DrawnInTurn>{rest}</DrawnInTurn>}
    </>
  );
}
