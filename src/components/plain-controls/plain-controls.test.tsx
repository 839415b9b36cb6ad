import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainBadge } from './plain-badge';
import { PlainActionIcon, PlainButton } from './plain-button';
import { PlainSwitch } from './plain-switch';

describe('plain controls', () => {
  it('a button acts on a click, and while loading takes no clicks and says it is busy', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<PlainButton onClick={onClick}>Acknowledge</PlainButton>);
    const button = screen.getByRole('button', { name: 'Acknowledge' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <PlainButton onClick={onClick} loading>
        Acknowledge
      </PlainButton>,
    );
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('an icon button is named by its label, in the colour it was given', () => {
    render(
      <PlainActionIcon color="gray" aria-label="Clip of Gate 7 cannot be played">
        <svg />
      </PlainActionIcon>,
    );
    const button = screen.getByRole('button', { name: 'Clip of Gate 7 cannot be played' });
    expect(button.style.getPropertyValue('--pc-color')).toBe('var(--mantine-color-gray-light-color)');
  });

  it('a switch is a switch a keyboard can flip, and a disabled one cannot be', async () => {
    function Controlled({ disabled = false }: { disabled?: boolean }) {
      const [on, setOn] = useState(true);
      return (
        <PlainSwitch
          aria-label="Active: Gate 7"
          checked={on}
          disabled={disabled}
          onChange={(e) => setOn(e.currentTarget.checked)}
        />
      );
    }
    const { unmount } = render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Active: Gate 7' });
    expect(toggle).toBeChecked();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).not.toBeChecked();
    unmount();

    render(<Controlled disabled />);
    await userEvent.click(screen.getByRole('switch', { name: 'Active: Gate 7' }));
    expect(screen.getByRole('switch', { name: 'Active: Gate 7' })).toBeChecked();
  });

  it('a switch shows what it is told, not the click: switching off can wait for a question', async () => {
    const asked = vi.fn();
    render(<PlainSwitch aria-label="Active: Gate 7" checked onChange={asked} />);
    const toggle = screen.getByRole('switch', { name: 'Active: Gate 7' });
    await userEvent.click(toggle);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(toggle).toBeChecked();
  });

  it('a badge shows its words as text, with the colours of its variant', () => {
    render(
      <>
        <PlainBadge color="red.8" variant="filled">
          {'<b>New</b>'}
        </PlainBadge>
        <PlainBadge color="teal" variant="light" leftSection={<svg data-testid="icon" />}>
          Active
        </PlainBadge>
        <PlainBadge color="orange.8" variant="dot" role="img" aria-label="Priority: high">
          High
        </PlainBadge>
      </>,
    );
    const filled = screen.getByText('<b>New</b>').parentElement!;
    expect(filled.style.getPropertyValue('--pc-bg')).toBe('var(--mantine-color-red-8)');
    expect(filled.style.getPropertyValue('--pc-color')).toBe('var(--mantine-color-white)');
    const light = screen.getByText('Active').parentElement!;
    expect(light.style.getPropertyValue('--pc-bg')).toBe('var(--mantine-color-teal-light)');
    expect(light).toContainElement(screen.getByTestId('icon'));
    const dot = screen.getByRole('img', { name: 'Priority: high' });
    expect(dot.style.getPropertyValue('--pc-dot')).toBe('var(--mantine-color-orange-8)');
  });

  it("a shade's light and subtle colours are Mantine's: the shade itself, darkened or faded", () => {
    render(
      <>
        <PlainBadge color="grape.3" variant="light">
          Light
        </PlainBadge>
        <PlainButton color="cyan.8" variant="subtle">
          Subtle
        </PlainButton>
      </>,
    );
    const light = screen.getByText('Light').parentElement!;
    expect(light.style.getPropertyValue('--pc-bg')).toBe('var(--mantine-color-grape-3)');
    expect(light.style.getPropertyValue('--pc-hover')).toBe(
      'color-mix(in srgb, var(--mantine-color-grape-3) 90%, black)',
    );
    const subtle = screen.getByRole('button', { name: 'Subtle' });
    // Mantine draws a subtle shade's text no darker than 6.
    expect(subtle.style.getPropertyValue('--pc-color')).toBe('var(--mantine-color-cyan-6)');
  });
});
