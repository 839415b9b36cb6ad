import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { eventFixture, micFixture, pageFixture } from '@/testing/fixtures';
import { heardByFixture } from '@/testing/insight-fixtures';
import { server } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { MicPopupContent } from './mic-popup';

describe('mic popup', () => {
  it('says who heard each of its latest events', async () => {
    server.use(
      http.get('/api/v1/events', () =>
        HttpResponse.json(pageFixture([eventFixture({ id: 'evt-1' }), eventFixture({ id: 'evt-2' })])),
      ),
      http.get('/api/insights/heard-by', () =>
        HttpResponse.json(
          heardByFixture({
            'evt-1': [
              { id: 'mic-0001', name: '서울역 광장 북측 기둥' },
              { id: 'mic-0002', name: 'Gate B' },
              { id: 'mic-0003', name: null },
            ],
            'evt-2': [{ id: 'mic-0001', name: '서울역 광장 북측 기둥' }],
          }),
        ),
      ),
    );
    const element = (
      <MicPopupContent mic={micFixture()} marker={undefined} lastHeardAt={undefined} windowMinutes={15} label={null} />
    );
    renderRoutes([{ path: '/', element }]);
    const popup = await screen.findByTestId('mic-popup');
    const first = await within(popup).findByText('Heard by 3 mics');
    expect(first.closest('li')).toHaveAttribute('data-event-id', 'evt-1');
    expect(first).toHaveAttribute('data-hint', 'Same sound within 10 s at: 서울역 광장 북측 기둥, Gate B, mic-0003');
    expect(within(popup).getByText('Only its own mic').closest('li')).toHaveAttribute('data-event-id', 'evt-2');
  });
});
