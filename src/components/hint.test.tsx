import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    </>
  );
}

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
});
