import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the screen a map starts: about a phone screen, so it is drawn before it is reached. */
const MARGIN = '800px 0px';

/**
 * A map of the drill-down, started once it comes within a screen of view. Each map started with
 * the page (three on it: where, replay, mics) drew its offline basemap and forced the layout of
 * the whole new page inside the first draw, though on a phone all three lie screens below it.
 * Until then its region holds the map's place and name, so nothing moves and it can be found.
 */
export function NearView({ height, label, children }: { height: number; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || node === null) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: MARGIN,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return <div ref={ref} style={{ height }} role="region" aria-label={label} />;
}
