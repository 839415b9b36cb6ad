import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WallLink } from '@/api/walls';
import { renderWithProviders } from '@/testing/render';
import { WallsTable } from './walls-table';
import './walls-locales';

const link = (patch: Partial<WallLink>): WallLink => ({
  id: 'w-1',
  name: 'Lobby',
  query: '',
  created_at: '2026-11-20T09:00:00.000Z',
  created_by: 'kim',
  last_seen_at: null,
  last_seen_ip: null,
  revoked_at: null,
  revoked_by: null,
  ...patch,
});

describe('the wall links table', () => {
  it('says each link’s options in words, and offers revoke for a link in use, remove for a revoked one', async () => {
    const onRevoke = vi.fn();
    const onRemove = vi.fn();
    const inUse = link({ query: 'chime=1&lang=en' });
    const revoked = link({
      id: 'w-2',
      name: 'Old hall',
      query: 'edge_id=edge-seoul-01&window=30m&refresh=7&label=scream',
      revoked_at: '2026-11-21T09:00:00.000Z',
      revoked_by: 'kim',
    });
    renderWithProviders(<WallsTable links={[inUse, revoked]} onRevoke={onRevoke} onRemove={onRemove} />);

    expect(screen.getByText('Chime on · English')).toHaveAttribute('data-hint', 'chime=1&lang=en');
    expect(
      screen.getByText('Edge edge-seoul-01 · Last 30 min · Refresh every 7 s · Label: scream'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/chime=1/)).not.toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Remove Lobby' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Old hall' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Lobby' }));
    expect(onRevoke).toHaveBeenCalledWith(inUse);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Old hall' }));
    expect(onRemove).toHaveBeenCalledWith(revoked);
  });
});
