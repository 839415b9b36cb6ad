import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ColorSchemeToggle } from './header-controls';

describe('the colour-scheme toggle', () => {
  it('cycles light → dark → system, naming the scheme and showing a sun, a moon, then both (never a screen)', async () => {
    renderWithProviders(<ColorSchemeToggle />);
    const icon = () => screen.getByRole('button').querySelector('svg')!.getAttribute('class')?.split(' ');
    expect(screen.getByRole('button', { name: 'Colour scheme: Light. Switch to Dark' })).toBeInTheDocument();
    expect(icon()).toContain('tabler-icon-sun');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark. Switch to System' })).toBeInTheDocument();
    expect(icon()).toContain('tabler-icon-moon');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button', { name: 'Colour scheme: System. Switch to Light' })).toBeInTheDocument();
    expect(icon()).toContain('tabler-icon-sun-moon');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button', { name: 'Colour scheme: Light. Switch to Dark' })).toBeInTheDocument();
  });
});
