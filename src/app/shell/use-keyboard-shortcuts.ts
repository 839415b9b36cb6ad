import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** Two-key "go to" sequences, as in Gmail and GitHub: press g, then the page's key. */
export const GO_TO = { m: '/mics', p: '/map', e: '/events', c: '/composite-events' } as const;

const SEQUENCE_MS = 1500;

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

/**
 * Power-user keys: `/` focuses the page's search box, `g` then a letter goes to a page, `?`
 * opens the list. Keys typed into a field are left alone.
 */
export function useKeyboardShortcuts(openHelp: () => void): void {
  const navigate = useNavigate();
  // When g was pressed, on the events' own clock (`timeStamp`): the time the keys were pressed,
  // not the time a busy page got round to them, so a page still drawing does not eat the window.
  const pendingG = useRef<number | null>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        openHelp();
        return;
      }
      if (event.key === '/') {
        const search = document.querySelector<HTMLElement>('main input[type="search"], main [data-shortcut="search"]');
        if (search !== null) {
          event.preventDefault();
          search.focus();
        }
        return;
      }
      if (event.key === 'g') {
        pendingG.current = event.timeStamp;
        return;
      }
      const target = GO_TO[event.key as keyof typeof GO_TO];
      const since = pendingG.current === null ? Infinity : event.timeStamp - pendingG.current;
      pendingG.current = null;
      if (target !== undefined && since < SEQUENCE_MS) {
        event.preventDefault();
        navigate(target);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, openHelp]);
}
