import { CopyButton } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '@/testing/render';
import { DateTime } from './date-time';

function Page() {
  return (
    <>
      <a href="#gate">Gate 7 north entrance</a>
      <a href="#gate" data-hint="Gate 7 north entrance, beside the ticket hall">
        Gate 7 north…
      </a>
      <DateTime value="2026-11-21T07:41:29Z" />
      <p>No hint here</p>
      <CopyButton value="/data/audio/0001.wav">
        {({ copied, copy }) => (
          <button type="button" onClick={copy} data-hint={copied ? 'Copied' : 'Copy path'}>
            Copy
          </button>
        )}
      </CopyButton>
    </>
  );
}

// jsdom lays nothing out: every element, the viewport included, is a 0×0 box, which the
// tooltip's placement reads as "scrolled out of view" and hides. Give them real sizes.
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    return this === document.documentElement || this === document.body
      ? DOMRect.fromRect({ x: 0, y: 0, width: 1366, height: 768 })
      : DOMRect.fromRect({ x: 100, y: 100, width: 120, height: 20 });
  };
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1366 });
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 768 });
});

describe('hints', () => {
  it('shows the hint of the hovered element and hides it when the pointer moves on', async () => {
    const user = userEvent.setup();
    render(<Page />, { wrapper: Providers });
    await user.hover(screen.getByText('Gate 7 north…'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Gate 7 north entrance, beside the ticket hall');
    await user.hover(screen.getByText('No hint here'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows a timestamp in UTC on hover', async () => {
    const user = userEvent.setup();
    render(<Page />, { wrapper: Providers });
    await user.hover(screen.getByText(/2026-11-21/));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('2026-11-21 07:41:29 UTC');
  });

  it('shows the hint to keyboard users on focus, and Escape hides it', async () => {
    const user = userEvent.setup();
    render(<Page />, { wrapper: Providers });
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Gate 7 north…' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('beside the ticket hall');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.tab({ shift: true });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('follows a hint that changes while it is shown', async () => {
    const user = userEvent.setup();
    render(<Page />, { wrapper: Providers });
    await user.hover(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy path');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Copied'));
  });
});
