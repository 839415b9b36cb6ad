import { useEffect, useState } from 'react';

/**
 * Whether a page may draw its first answer: once what it asked beside it is in too (its answer or
 * its error), or `holdMs` after the answer came. What would otherwise appear a moment later
 * (reviews, scores, the review panel) is drawn with the page instead of pushing it down.
 */
export function useFirstDraw(answered: boolean, complete: boolean, holdMs: number): boolean {
  const [released, setReleased] = useState(false);
  if (!released && answered && complete) setReleased(true);
  useEffect(() => {
    if (released || !answered) return;
    const timer = window.setTimeout(() => setReleased(true), holdMs);
    return () => window.clearTimeout(timer);
  }, [released, answered, holdMs]);
  return released;
}
