import { useEffect, useRef, useState } from 'react';

/**
 * The value as it was at most `everyMs` ago: a change shows at once after a quiet spell, and a
 * stream of changes shows once per `everyMs`, each time the newest.
 */
export function useThrottled<T>(value: T, everyMs: number): T {
  const [shown, setShown] = useState(value);
  const lastShownAt = useRef(0);
  useEffect(() => {
    if (value === shown) return;
    const wait = Math.max(0, lastShownAt.current + everyMs - Date.now());
    const timer = window.setTimeout(() => {
      lastShownAt.current = Date.now();
      setShown(value);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [value, shown, everyMs]);
  return shown;
}
