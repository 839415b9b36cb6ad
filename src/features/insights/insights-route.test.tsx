import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { eventFixture, inventoryFixture, pageFixture } from '@/testing/fixtures';
import { healthFixture, thresholdsFixture, unusualFixture } from '@/testing/insight-fixtures';
import { server } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { Component } from './insights-route';

const routes = [{ path: '/insights', Component }];

function answer({ unusual = unusualFixture(), health = healthFixture(), thresholds = thresholdsFixture() } = {}) {
  server.use(
    http.get('/api/insights/unusual', () => HttpResponse.json(unusual)),
    http.get('/api/insights/health', () => HttpResponse.json(health)),
    http.get('/api/insights/thresholds', () => HttpResponse.json(thresholds)),
    // The page's precision section, not under test here: nothing reviewed yet.
    http.get('/api/priority/precision', () =>
      HttpResponse.json({ by_label: [], by_mic: [], by_hour: [], resolved: 0 }),
    ),
    // Label names, as every page learns them: the newest events' labels.
    http.get('/api/inventory/mics', () => HttpResponse.json(inventoryFixture([]))),
    http.get('/api/v1/events', () =>
      HttpResponse.json(
        pageFixture([
          eventFixture({ label: { id: 'glass_break', name: { en: 'Glass breaking', ko: '유리 깨짐' } } }),
          eventFixture({ id: 'evt-2', label: { id: 'car_horn', name: { en: 'Car horn', ko: '자동차 경적' } } }),
        ]),
      ),
    ),
  );
}

describe('/insights', () => {
  it('says what is unusual in words, with the odds', async () => {
    answer();
    renderRoutes(routes, { path: '/insights' });
    const list = await screen.findByRole('list', { name: 'Mics' });
    expect(list).toHaveTextContent('Gangnam Exit 11: Car horn ×12 in 15 min, usually 1');
    expect(within(list).getByText('By chance: under 1 in a million')).toBeInTheDocument();
  });

  it('gives a deaf mic its evidence', async () => {
    answer();
    renderRoutes(routes, { path: '/insights' });
    const row = await screen.findByRole('listitem', { name: 'Gangnam Station Exit 11 South pole' });
    expect(row).toHaveTextContent('Missed 5 events its neighbours heard');
    expect(row).toHaveTextContent('heard by Exit 10, mic-0004');
    // A label with no name known anywhere stays its id.
    expect(row).toHaveTextContent('scream · heard by');
  });

  it('names the labels the health and edge rows give by id only', async () => {
    const [suspect] = healthFixture().mics;
    const missed = [{ ...suspect!.missed[0]!, label_id: 'glass_break' }];
    answer({
      health: healthFixture({ mics: [{ ...suspect!, missed }] }),
      unusual: unusualFixture({
        edges: [{ edge_id: 'edge-seoul-01', label_id: 'car_horn', observed: 30, expected: 2, p_value: 1e-9, mics: 4 }],
      }),
    });
    renderRoutes(routes, { path: '/insights' });
    const row = await screen.findByRole('listitem', { name: 'Gangnam Station Exit 11 South pole' });
    expect(await within(row).findByText(/Glass breaking/)).toBeInTheDocument();
    expect(row).not.toHaveTextContent('glass_break');
    expect(await screen.findByRole('list', { name: 'Edge servers' })).toHaveTextContent('Car horn ×30');
    expect(row).toHaveTextContent('Silent for 2 d (usually every 30 min)');
    expect(row).toHaveTextContent('and 4 more');
  });

  it('links a suggestion to the drawer with the value filled in, and says only raising is possible', async () => {
    answer();
    renderRoutes(routes, { path: '/insights' });
    const link = await screen.findByRole('link', { name: 'Review Dog bark on Noisy pole in the drawer' });
    expect(link).toHaveAttribute('href', '/mics/mic-0009?suggest=dog_bark&to=0.72');
    expect(screen.getByText(/Only raising can be suggested/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Noisy pole · Dog bark' })).toHaveTextContent(
      'Events a day: 31 → 4.2 −87%',
    );
  });

  it('lists the eight biggest cuts first and the rest on request', async () => {
    const [one] = thresholdsFixture().suggestions;
    const suggestions = Array.from({ length: 11 }, (_, i) => ({ ...one!, mic_id: `mic-${i}`, mic_name: `Pole ${i}` }));
    answer({ thresholds: thresholdsFixture({ suggestions }) });
    renderRoutes(routes, { path: '/insights' });
    const list = await screen.findByRole('list', { name: 'Threshold advice' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 11 suggestions' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(11);
    expect(within(list).getByRole('listitem', { name: 'Pole 10 · Dog bark' })).toBeInTheDocument();
  });

  it('lists the eight most suspect mics first and the rest on request, without reading the mic inventory', async () => {
    const [one] = healthFixture().mics;
    const mics = Array.from({ length: 11 }, (_, i) => ({ ...one!, mic_id: `mic-${i}`, mic_name: `Pole ${i}` }));
    answer({ health: healthFixture({ mics }) });
    let inventoryAsked = false;
    server.use(
      http.get('/api/inventory/mics', () => {
        inventoryAsked = true;
        return HttpResponse.json(inventoryFixture([]));
      }),
    );
    renderRoutes(routes, { path: '/insights' });
    const list = await screen.findByRole('list', { name: 'Mic health' });
    expect(within(list).getAllByRole('listitem', { name: /^Pole/ })).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 11 mics' }));
    expect(within(list).getByRole('listitem', { name: 'Pole 10' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the 8 most suspect' }));
    expect(within(list).getAllByRole('listitem', { name: /^Pole/ })).toHaveLength(8);
    // A city's inventory is thousands of mics; this page names labels from the kept names alone.
    await screen.findByRole('list', { name: 'Threshold advice' });
    expect(inventoryAsked).toBe(false);
  });

  it('shows the back-fill while it runs and says when nothing is unusual', async () => {
    answer({
      unusual: unusualFixture({
        mics: [],
        backfill: { status: 'running', days: 28, covered_from: null, progress: 0.4, requests: 12, error: null },
      }),
      health: healthFixture({ mics: [] }),
    });
    renderRoutes(routes, { path: '/insights' });
    expect(await screen.findByTestId('backfill')).toHaveTextContent('40% done (12 requests)');
    expect(await screen.findByText('Nothing is unusual right now.')).toBeInTheDocument();
    expect(screen.getByText('No mic looks deaf.')).toBeInTheDocument();
  });

  it('does not say no threshold needs raising while the history is still being read', async () => {
    const reading = {
      status: 'running',
      days: 28,
      covered_from: null,
      progress: 0.4,
      requests: 12,
      error: null,
    } as const;
    answer({ thresholds: thresholdsFixture({ suggestions: [], backfill: reading }) });
    renderRoutes(routes, { path: '/insights' });
    expect(await screen.findByText('No suggestion yet: the history is still being read.')).toBeInTheDocument();
    expect(screen.getByText('Suggestions appear as the last days come in (40% read).')).toBeInTheDocument();
    expect(screen.queryByText('No threshold needs raising.')).not.toBeInTheDocument();
  });

  it('names the wrong field of a malformed answer', async () => {
    answer({ unusual: { ...unusualFixture(), window_minutes: 'x' } as never });
    renderRoutes(routes, { path: '/insights' });
    expect(await screen.findByText(/window_minutes/)).toBeInTheDocument();
  });
});
