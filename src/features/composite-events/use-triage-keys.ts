import { useEffect } from 'react';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

export interface TriageKeys {
  move: (delta: 1 | -1) => void;
  acknowledge: () => void;
  resolve: () => void;
  open: () => void;
  toggle: () => void;
}

/** Timeline triage keys: j/k move, a acknowledges, r resolves, x selects, Enter opens. Fields keep their keys. */
export function useTriageKeys(keys: TriageKeys, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // Enter on a link or button does what that control does.
      if (event.key === 'Enter' && target !== null && target.closest('a, button') !== null) return;
      const handler = {
        j: () => keys.move(1),
        k: () => keys.move(-1),
        a: keys.acknowledge,
        r: keys.resolve,
        x: keys.toggle,
        Enter: keys.open,
      }[event.key];
      if (handler === undefined) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [keys, enabled]);
}
