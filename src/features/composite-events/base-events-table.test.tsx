import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BaseEvent } from '@/api';
import { compositeEventFixture } from '@/testing/fixtures';
import { heardByFixture } from '@/testing/insight-fixtures';
import { server } from '@/testing/msw-server';
import { Providers } from '@/testing/render';
import { BaseEventsTable } from './base-events-table';
import './locales';

// The cells are memoised (a growing incident redraws only its new row): what changes must still show.
describe('the base events table', () => {
  const events = compositeEventFixture().events;

  function draw(list: BaseEvent[]) {
    return (
      <Providers>
        <MemoryRouter>
          <BaseEventsTable events={list} />
        </MemoryRouter>
      </Providers>
    );
  }
  // Every sound of the fixture is heard by the same mic: rows are told apart by their place (the header is row 0).
  const firstRow = () => screen.getAllByRole('row')[1]!;

  it('shows a changed sound in new copies of the same events, and a sound gained', async () => {
    const first = events[0]!;
    const view = render(draw(events));
    expect(within(firstRow()).getByText(first.description)).toBeInTheDocument();

    // The next answer: every event a new copy, the first one now read on the edge and its label renamed, one sound more.
    const copies = events.map((e) => structuredClone(e));
    copies[0] = {
      ...copies[0]!,
      is_read: true,
      read_at: '2026-11-28T05:00:00Z',
      label: { ...copies[0]!.label, name: { ko: '비명 소리', en: '<i>Screaming</i>' } },
      audio_file: { file_path: '/records/new/<b>clip</b>.wav' },
    };
    const gained: BaseEvent = { ...structuredClone(events[1]!), id: 'be-gained', description: 'a sound gained' };
    view.rerender(draw([...copies, gained]));

    const row = firstRow();
    expect(within(row).getByText('<i>Screaming</i>')).toBeInTheDocument();
    expect(within(row).getByText(/<b>clip<\/b>\.wav/)).toBeInTheDocument();
    expect(within(row).queryByText(/unread/i)).not.toBeInTheDocument();
    expect(screen.getByText('a sound gained')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(events.length + 2);
  });

  it('shows who heard a sound once the console answers', async () => {
    const first = events[0]!;
    server.use(
      http.get('/api/insights/heard-by', () =>
        HttpResponse.json(
          heardByFixture({
            [first.id]: [
              { id: 'mic-x', name: '<b>North gate</b>' },
              { id: 'mic-y', name: 'South gate' },
            ],
          }),
        ),
      ),
    );
    render(draw(events));
    const heard = await within(firstRow()).findByText('Heard by 2 mics');
    // The mics' names, from the edge, as text in the hint.
    expect(heard.getAttribute('data-hint')).toContain('<b>North gate</b>');
  });
});
