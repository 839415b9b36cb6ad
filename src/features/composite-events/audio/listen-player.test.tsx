import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompositeEvent } from '@/api';
import { compositeEventFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { Providers } from '@/testing/render';
import type { ClipAnalysis } from './analysis';
import ListenPlayer from './listen-player';

// jsdom decodes no audio: every clip that arrives is "analysed" as a 2 s clip with its sound at 0.5 s.
vi.mock('./decode-clip', () => ({
  analyseClip: async (): Promise<ClipAnalysis> => ({
    sampleRate: 16000,
    duration: 2,
    columns: 4,
    peaks: new Float32Array(8),
    bins: 2,
    spectrogram: new Uint8Array(8),
    onset: 0.5,
    peak: 0.5,
  }),
}));

/** Four mics hearing one scream within a second, named after what their clip does. */
function incident(): CompositeEvent {
  const base = compositeEventFixture();
  const template = base.events[0]!;
  const mics = ['Heard', 'Lacking', 'Slow', 'Hostile'];
  return {
    ...base,
    events: mics.map((name, i) => ({
      ...template,
      id: `be-${name.toLowerCase()}`,
      created_at: `2026-11-21T07:00:10.${String(i * 200).padStart(3, '0')}Z`,
      microphone: { ...template.microphone, id: `mic-${i}`, name },
    })),
  };
}

beforeAll(() => {
  // jsdom has no 2D context: one that hands out pixel buffers and ignores drawing stands in.
  HTMLCanvasElement.prototype.getContext = (() =>
    new Proxy(
      {},
      {
        get: (_target, key) =>
          key === 'createImageData'
            ? (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) })
            : () => undefined,
      },
    )) as unknown as HTMLCanvasElement['getContext'];
});

const wav = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0]);
const refusal = (status: number, reason: string) => HttpResponse.json({ detail: reason, reason }, { status });

describe('the Listen player', () => {
  beforeEach(() => {
    // Not located unless a test says otherwise.
    server.use(
      http.get('/api/insights/composite-events/:id/source', () =>
        HttpResponse.json({ detail: 'not found' }, { status: 404 }),
      ),
    );
  });

  it('says on each row why its clip is missing, slow or refused, while the other rows play', async () => {
    server.use(
      http.get('/api/audio/composite-events/ce-1/events/:eventId', ({ params }) => {
        switch (params.eventId) {
          case 'be-heard':
            return new HttpResponse(wav, { headers: { 'content-type': 'audio/wav' } });
          case 'be-lacking':
            return refusal(404, 'missing');
          case 'be-slow':
            return refusal(504, 'timeout');
          default:
            return refusal(502, 'refused_path');
        }
      }),
    );
    render(
      <Providers>
        <ListenPlayer composite={incident()} />
      </Providers>,
    );
    const rows = within(screen.getByRole('group', { name: 'Listen' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(Heard|Lacking|Slow|Hostile)$/).textContent)).toEqual([
      'Heard',
      'Lacking',
      'Slow',
      'Hostile',
    ]);
    expect(await within(rows[1]!).findByText('The edge has no clip for this detection.')).toBeInTheDocument();
    expect(await within(rows[2]!).findByText('The edge is too slow: no clip in time.')).toBeInTheDocument();
    expect(
      await within(rows[3]!).findByText('Refused: the edge gave an unsafe file path, so nothing was fetched.'),
    ).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: /^Spectrogram of Heard/ })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+0.000 s')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('+0.600 s')).toBeInTheDocument();
    expect(await within(rows[0]!).findByRole('button', { name: 'Play Heard' })).toBeEnabled();
    expect(within(rows[1]!).getByRole('button', { name: 'Play Lacking' })).toBeDisabled();
    // The level against the threshold is read out, with the margin.
    expect(within(rows[0]!).getByRole('meter')).toHaveAccessibleName(
      '80.0 dB against a threshold of 75.0 dB (+5.0 dB)',
    );
  });

  it('says how far each mic was from the estimated place, once the sound is located', async () => {
    const residual = (name: string, distance_m: number) => ({
      mic_id: `mic-${['heard', 'lacking', 'slow', 'hostile'].indexOf(name)}`,
      event_id: `be-${name}`,
      distance_m,
      arrival_ms: null,
      level_db: null,
    });
    server.use(
      http.get('/api/audio/composite-events/ce-1/events/:eventId', () =>
        HttpResponse.json({ detail: 'gone', reason: 'missing' }, { status: 404 }),
      ),
      http.get('/api/insights/composite-events/ce-1/source', () =>
        HttpResponse.json({
          composite_id: 'ce-1',
          speed_of_sound_mps: 343,
          timestamp_resolution_ms: 1,
          tracks: [],
          sources: [
            {
              at: '2026-11-21T07:00:10.000Z',
              latitude: 37.5,
              longitude: 127,
              radius_m: 40,
              ellipse: null,
              method: 'arrival-time',
              mic_ids: ['mic-0', 'mic-1', 'mic-2'],
              event_ids: ['be-heard', 'be-lacking', 'be-slow'],
              dropped: [],
              residuals: [residual('heard', 62), residual('lacking', 118), residual('slow', 1260)],
              source_level_db: null,
              reason: null,
              reason_codes: [],
              label_id: 'scream',
            },
          ],
        }),
      ),
    );
    render(
      <Providers>
        <ListenPlayer composite={incident()} />
      </Providers>,
    );
    const rows = within(screen.getByRole('group', { name: 'Listen' })).getAllByRole('listitem');
    expect(await within(rows[0]!).findByText('60 m from the estimated place')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('120 m from the estimated place')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1.3 km from the estimated place')).toBeInTheDocument();
    // Not among the located sound's mics: no distance made up for it.
    expect(within(rows[3]!).queryByText(/from the estimated place/)).toBeNull();
  });

  it('moves between clips with j and k', async () => {
    server.use(
      http.get('/api/audio/composite-events/ce-1/events/:eventId', () =>
        HttpResponse.json({ detail: 'gone', reason: 'missing' }, { status: 404 }),
      ),
    );
    render(
      <Providers>
        <ListenPlayer composite={incident()} />
      </Providers>,
    );
    const player = screen.getByRole('group', { name: 'Listen' });
    const rows = within(player).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    player.focus();
    await userEvent.keyboard('jj');
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('k');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
  });
});
