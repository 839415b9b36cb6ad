import { useEffect, useState } from 'react';

/** A wall whose feeds never answer (an edge down at start) still shows its map after this long. */
const MAP_AT_LATEST_MS = 4000;

/**
 * Whether the wall's map may mount: once what the wall shows first is drawn (`ready`) and the
 * browser is idle, or after a few seconds at most. Leaflet's first layout and draw ran in the same
 * task as the feeds' first render (the wall's longest, 1.0-1.3 s at 4x CPU) and held the cards back.
 */
export function useMapTurn(ready: boolean): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    const latest = window.setTimeout(() => setTurn(true), MAP_AT_LATEST_MS);
    return () => window.clearTimeout(latest);
  }, []);
  useEffect(() => {
    if (turn || !ready) return;
    // After the frame that paints the cards: the next idle moment, or a timer where idle callbacks are missing.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setTurn(true), 100);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => setTurn(true), { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, [turn, ready]);
  return turn;
}
