import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CompositeEvent } from '@/api';
import { compositeEventFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { Providers } from '@/testing/render';
import { MicsSection } from './mics-section';
import './locales';

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('the mic cards', () => {
  const first = compositeEventFixture();
  const mic = first.mics[0]!;

  function draw(composite: CompositeEvent) {
    return (
      <Providers>
        <MemoryRouter>
          <MicsSection composite={composite} />
        </MemoryRouter>
      </Providers>
    );
  }

  it('show what changed of a mic when the incident is drawn again, though most of the card did not change', () => {
    const view = render(draw(first));
    expect(within(card(mic.name)).getByText('online')).toBeInTheDocument();

    // The incident gains a sound; the edge now reports the mic offline, its console moved.
    const grown: CompositeEvent = {
      ...first,
      events: [...first.events, { ...first.events[2]!, id: 'be-3', label: { ...first.events[2]!.label } }],
      mics: [{ ...mic, edge_status: 'offline', console: { ...mic.console, port: 8080 } }],
    };
    view.rerender(draw(grown));
    const after = card(mic.name);
    expect(within(after).getByText('offline')).toBeInTheDocument();
    expect(after).toHaveTextContent(`http://${mic.host}:8080/`);
  });

  it('name a threshold’s category in the new words when the label is renamed', () => {
    const view = render(draw(first));
    expect(card(mic.name)).toHaveTextContent('Scream:');
    const renamed = { ...first.labels[0]!, name: { ko: '비명 소리', en: 'Screaming' } };
    view.rerender(draw({ ...first, labels: [renamed] }));
    expect(card(mic.name)).toHaveTextContent('Screaming:');
  });

  it('name a threshold’s category that no sound of this incident carried, by the console’s names', async () => {
    server.use(
      http.get('/api/labels', () =>
        HttpResponse.json({
          kept: true,
          labels: [{ id: 'car_horn', name: { ko: '경적', en: '<b>Car horn</b>' } }],
          complete: true,
        }),
      ),
    );
    const thresholds = {
      scream: { sound_level_ge: 75, confidence: 0.7 },
      car_horn: { sound_level_ge: 72.5, confidence: 0.65 },
    };
    render(draw({ ...first, mics: [{ ...mic, thresholds }] }));
    // The edge's text as text, markup and all.
    await waitFor(() => expect(card(mic.name)).toHaveTextContent('<b>Car horn</b>: 65%'));
    expect(card(mic.name)).toHaveTextContent('Scream:');
  });
});
