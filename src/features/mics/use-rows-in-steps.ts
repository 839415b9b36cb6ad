import { useEffect, useMemo, useState } from 'react';

/** Rows in the table's first draw; each later step doubles them (5, 10, 20, 25 for a page of 25). */
export const FIRST_ROWS = 5;

/**
 * The rows the table mounts now. A page's rows join the table in committed steps, each in a task of
 * its own. A 4x-CPU profile of /mics on a city's edge found the page drawing its first 25 rows as
 * one deferred (interruptible) render: every other answer of the load (the session, the live
 * stream, the label names) interrupted it, and React threw the half-mounted table away and began
 * again, so the rows appeared 7-9 s after the network went quiet, and the discarded renders and the
 * final commit of all 25 rows were long tasks. A committed step is never thrown away.
 * Once reached, a count stays: a later answer (a poll, a push, the next page) is drawn at once.
 */
export function useRowsInSteps<T>(rows: T[] | undefined): T[] | undefined {
  const [reached, setReached] = useState(FIRST_ROWS);
  const more = rows !== undefined && reached < rows.length;
  useEffect(() => {
    if (!more) return;
    const timer = setTimeout(() => setReached((count) => count * 2), 0);
    return () => clearTimeout(timer);
  }, [more, reached]);
  return useMemo(() => (rows !== undefined && more ? rows.slice(0, reached) : rows), [rows, more, reached]);
}
