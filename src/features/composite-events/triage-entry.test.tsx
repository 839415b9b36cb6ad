import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { compositeEventFixture } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { TriageEntry } from './triage-entry';
import './locales';

function renderEntry({ selected = false, canAct = true } = {}) {
  const handlers = { onCursor: vi.fn(), onToggle: vi.fn() };
  const event = compositeEventFixture();
  renderWithProviders(
    <MemoryRouter>
      <TriageEntry
        event={event}
        index={3}
        current={false}
        selected={selected}
        canAct={canAct}
        search=""
        priority={undefined}
        review={undefined}
        {...handlers}
      />
    </MemoryRouter>,
  );
  return { ...handlers, event };
}

describe('TriageEntry', () => {
  it('selects its incident with its box, and a range with Shift', async () => {
    const user = userEvent.setup();
    const { onToggle, event } = renderEntry();
    const box = screen.getByRole('checkbox', { name: `Select ${event.rule.name}` });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(onToggle).toHaveBeenLastCalledWith(3, false);
    await user.keyboard('{Shift>}');
    await user.click(box);
    await user.keyboard('{/Shift}');
    expect(onToggle).toHaveBeenLastCalledWith(3, true);
  });

  it('shows a selected incident ticked', () => {
    renderEntry({ selected: true });
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('has no box for a viewer', () => {
    renderEntry({ canAct: false });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
