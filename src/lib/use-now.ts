import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so "N minutes ago" and expiring highlights age without new data. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
