import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompositeEvent } from '@/api';
import type { LocatedSource, SourceAnswer } from '@/api/insights';
import { compositeEventFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { CompositePlaceLine } from './wall-place';

const GATE = { latitude: 37.5547, longitude: 126.9707 };

function answer(id: string, source: Partial<LocatedSource>): SourceAnswer {
  return {
    composite_id: id,
    speed_of_sound_mps: 343,
    timestamp_resolution_ms: 1,
    tracks: [],
    sources: [
      {
        at: '2026-11-21T07:00:10.000Z',
        ...GATE,
        radius_m: 500,
        ellipse: null,
        method: 'nearest-mic',
        mic_ids: ['mic-0001'],
        event_ids: ['be-0'],
        dropped: [],
        residuals: [],
        source_level_db: null,
        reason: 'only one mic heard it',
        reason_codes: ['one-mic'],
        label_id: 'scream',
        ...source,
      },
    ],
  };
}

describe('wall card place', () => {
  it('asks for the place again as soon as its incident gains sounds, not at the next refresh', async () => {
    const full = compositeEventFixture();
    const first: CompositeEvent = { ...full, events: full.events.slice(0, 1) };
    let asked = 0;
    server.use(
      http.get('/api/insights/composite-events/:id/source', ({ params }) => {
        asked += 1;
        // The edge's first answer holds one mic's sound; by the second the others have come.
        return HttpResponse.json(
          asked === 1
            ? answer(String(params.id), {})
            : answer(String(params.id), {
                method: 'arrival-time',
                radius_m: 12,
                latitude: GATE.latitude + 120 / 111_195,
                mic_ids: ['mic-0001', 'mic-0002', 'mic-0003'],
                reason: null,
                reason_codes: [],
              }),
        );
      }),
    );
    const { rerender } = renderWithProviders(<CompositePlaceLine composite={first} index={0} />);
    const line = await screen.findByTestId('wall-place');
    await expect.poll(() => line.textContent).toContain('(not located)');
    expect(line).toHaveAttribute('data-located', 'false');

    rerender(<CompositePlaceLine composite={full} index={0} />);
    await expect.poll(() => screen.getByTestId('wall-place').textContent).toContain('120 m north of');
    expect(screen.getByTestId('wall-place')).toHaveAttribute('data-located', 'true');
    expect(asked).toBe(2);
  });

  it('does not ask again while its incident stays as it was', async () => {
    const composite = compositeEventFixture();
    let asked = 0;
    server.use(
      http.get('/api/insights/composite-events/:id/source', ({ params }) => {
        asked += 1;
        return HttpResponse.json(answer(String(params.id), {}));
      }),
    );
    const { rerender } = renderWithProviders(<CompositePlaceLine composite={composite} index={0} />);
    await expect.poll(() => screen.getByTestId('wall-place').textContent).toContain('(not located)');
    rerender(<CompositePlaceLine composite={{ ...composite }} index={0} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(1);
  });
});
