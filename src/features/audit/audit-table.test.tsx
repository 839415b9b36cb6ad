import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/api';
import { setLanguage } from '@/lib/i18n';
import { renderRoutes } from '@/testing/render';
import { AuditTable, type TargetNames } from './audit-table';
import './audit-locales';

const ACCOUNT = '90a99794-1b2c-4d5e-8f90-123456789abc';
const GONE = '5c1e0f00-aaaa-bbbb-cccc-000000000000';
const WALL = 'f3b2c1d0-1111-2222-3333-444455556666';

let id = 0;
const entry = (action: string, target: AuditEntry['target'], details: AuditEntry['details'] = null): AuditEntry => ({
  id: (id += 1),
  at: '2026-11-21T07:00:00.000Z',
  actor: { kind: 'account', name: 'kim' },
  action,
  target,
  details,
  outcome: 'ok',
  ip: '127.0.0.1',
});

const names: TargetNames = {
  accounts: new Map([[ACCOUNT, 'alice']]),
  walls: new Map([[WALL, 'Lobby TV']]),
  mics: new Map([['mic-0042', 'Gangnam Exit 11']]),
};

const entries = [
  entry('review.acknowledge', { type: 'composite_event', id: 'ce-7f3a9b2c4d5e6f708192a3b4c5d6e7f8' }),
  entry('account.role', { type: 'account', id: ACCOUNT }, { username: 'alice', before: 'viewer', after: 'operator' }),
  entry('account.create', { type: 'account', id: GONE }, { username: 'bob', role: 'viewer' }),
  entry('wall.revoke', { type: 'wall', id: WALL }, { name: 'Lobby TV' }),
  entry('mic.update', { type: 'mic', id: 'mic-0042' }, { before: { status: 'active' }, after: { status: 'inactive' } }),
];

function show() {
  renderRoutes(
    [
      {
        path: '/admin/audit',
        element: (
          <AuditTable
            entries={entries}
            names={names}
            total={entries.length}
            page={1}
            size={25}
            fetching={false}
            onPageChange={() => undefined}
            onSizeChange={() => undefined}
          />
        ),
      },
    ],
    { path: '/admin/audit' },
  );
  const rows = screen.getAllByRole('row').slice(1);
  return (index: number) => within(rows[index]!);
}

describe('the audit trail table', () => {
  it('says actions in words and names targets (account, wall link, mic), never by their ids', () => {
    const row = show();
    expect(row(0).getByText('Acknowledged')).toBeInTheDocument();
    expect(row(0).getByRole('link', { name: 'Composite event' })).toHaveAttribute(
      'href',
      '/composite-events/ce-7f3a9b2c4d5e6f708192a3b4c5d6e7f8',
    );
    expect(row(1).getByText('Role changed')).toBeInTheDocument();
    expect(row(1).getByText(/alice/)).toBeInTheDocument();
    // A deleted account: the name the entry recorded.
    expect(row(2).getByText(/bob/)).toBeInTheDocument();
    expect(row(3).getByText(/Lobby TV/)).toBeInTheDocument();
    expect(row(4).getByRole('link', { name: 'Gangnam Exit 11' })).toHaveAttribute('href', '/mics/mic-0042');
    expect(screen.getByRole('table').textContent).not.toMatch(/90a99794|5c1e0f00|f3b2c1d0|review\.acknowledge/);
  });

  it('in Korean too', () => {
    setLanguage('ko');
    try {
      const row = show();
      expect(row(0).getByText('확인')).toBeInTheDocument();
      expect(row(0).getByRole('link', { name: '복합 이벤트' })).toBeInTheDocument();
      expect(row(3).getByText('상황판 링크 폐기')).toBeInTheDocument();
      expect(row(3).getByText('상황판 링크')).toBeInTheDocument();
    } finally {
      setLanguage('en');
    }
  });
});
