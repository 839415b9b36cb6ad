import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** Two-key "go to" sequences, as in Gmail and GitHub: press g, then the page's key. */
export const GO_TO = { m: '/mics', p: '/map', e: '/events', c: '/composite-events' } as const;

const SEQUENCE_MS = 1200;

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
  const pendingG = useRef(0);
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
        pendingG.current = Date.now();
        return;
      }
      const target = GO_TO[event.key as keyof typeof GO_TO];
      if (target !== undefined && Date.now() - pendingG.current < SEQUENCE_MS) {
        event.preventDefault();
        pendingG.current = 0;
        navigate(target);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, openHelp]);
}
