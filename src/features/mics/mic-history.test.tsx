import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { micFixture, pageFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { MicHistory } from './mic-history';

const mic = micFixture({ id: 'mic-0007', name: 'Gate 7' });

/** Two recorded changes of the mic, newest first, as GET /api/mics/:id/history answers. */
const history = pageFixture(
  [
    {
      id: 2,
      at: '2026-11-21T09:30:00.000Z',
      actor: { kind: 'account', name: 'kim' },
      action: 'mic.update',
      target: { type: 'mic', id: mic.id },
      details: {
        before: { name: 'Gate 7', thresholds: { scream: { sound_level_ge: 70, confidence: 0.6 } } },
        after: { name: 'Gate 7 <b>north</b>', thresholds: { scream: { sound_level_ge: 75, confidence: 0.7 } } },
      },
      outcome: 'ok',
      ip: '10.1.2.3',
    },
    {
      id: 1,
      at: '2026-11-20T08:00:00.000Z',
      actor: { kind: 'account', name: 'lee' },
      action: 'mic.status',
      target: { type: 'mic', id: mic.id },
      details: {
        before: { status: 'active' },
        requested: { status: 'inactive' },
        answer: { status: 422, detail: 'busy' },
      },
      outcome: 'refused',
      ip: '10.1.2.4',
    },
  ],
  { size: 10 },
);

describe('mic history', () => {
  it('lists the mic’s recorded changes, newest first, as old → new, markup as text', async () => {
    server.use(
      http.get('/api/mics/:id/history', () => HttpResponse.json(history)),
      http.get('/api/insights/rate', ({ request }) => {
        const query = new URL(request.url).searchParams;
        return HttpResponse.json({
          mic_id: query.get('mic_id'),
          label_id: query.get('label_id'),
          at: query.get('at'),
          days: 7,
          before_per_day: 31.4,
          after_per_day: 4.2,
          before_hours: 168,
          after_hours: 30,
        });
      }),
    );
    renderWithProviders(<MicHistory micId={mic.id} />);
    const list = await screen.findByRole('list', { name: 'History of this device' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Mic edited');
    expect(items[0]).toHaveTextContent('by kim');
    expect(items[0]).toHaveTextContent('Name: Gate 7 → Gate 7 <b>north</b>');
    expect(items[0]).toHaveTextContent('Threshold scream: confidence 0.6 · ≥ 70 dB → confidence 0.7 · ≥ 75 dB');
    expect(list.querySelector('b')).toBeNull();
    expect(await within(items[0]!).findByTestId('rate-change')).toHaveTextContent(
      'scream: 31 → 4.2 events a day (7 days before and since)',
    );
    expect(within(items[1]!).queryByTestId('rate-change')).toBeNull();
    expect(items[1]).toHaveTextContent('Mic status switched');
    expect(items[1]).toHaveTextContent('Refused');
    expect(items[1]).toHaveTextContent('Status: active → inactive');
    expect(items[1]).toHaveTextContent('Refused: 422 busy');
  });
});
