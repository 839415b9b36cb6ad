import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

function Page({ openHelp }: { openHelp: () => void }) {
  useKeyboardShortcuts(openHelp);
  return (
    <main>
      <p>at {useLocation().pathname}</p>
      <input type="search" aria-label="Name" />
    </main>
  );
}

function renderAtMics(openHelp = vi.fn()) {
  return renderRoutes([{ path: '*', element: <Page openHelp={openHelp} /> }], { path: '/mics' });
}

/** A key pressed at `pressedAt` ms on the events' clock, however late the page handles it. */
function press(key: string, pressedAt: number, target: EventTarget = window) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: pressedAt });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

describe('keyboard shortcuts', () => {
  it('g then e goes to the events when pressed within 1.5 s of each other, by when they were pressed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      renderAtMics();
      press('g', 10_000);
      // The page was busy: it handles e 3 s after g, though they were pressed 1.4 s apart.
      vi.setSystemTime(Date.now() + 3_000);
      press('e', 11_400);
      expect(screen.getByText('at /events')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not go anywhere when e comes too late, or after another key', () => {
    renderAtMics();
    press('g', 10_000);
    press('e', 11_600);
    expect(screen.getByText('at /mics')).toBeInTheDocument();
    press('g', 20_000);
    press('x', 20_100);
    press('e', 20_200);
    expect(screen.getByText('at /mics')).toBeInTheDocument();
    // e alone is no shortcut.
    press('e', 30_000);
    expect(screen.getByText('at /mics')).toBeInTheDocument();
  });

  it('leaves keys typed into a field alone', () => {
    renderAtMics();
    const field = screen.getByRole('searchbox', { name: 'Name' });
    press('g', 10_000, field);
    const e = press('e', 10_100, field);
    expect(e.defaultPrevented).toBe(false);
    expect(screen.getByText('at /mics')).toBeInTheDocument();
  });

  it('/ focuses the search box and ? opens the list', () => {
    const openHelp = vi.fn();
    renderAtMics(openHelp);
    const slash = press('/', 1);
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveFocus();
    expect(slash.defaultPrevented).toBe(true);
    (document.activeElement as HTMLElement).blur();
    press('?', 2);
    expect(openHelp).toHaveBeenCalledOnce();
  });
});
