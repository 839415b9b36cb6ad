import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { eventFixture, inventoryFixture, micFixture, pageFixture } from '@/testing/fixtures';
import { heardByFixture } from '@/testing/insight-fixtures';
import { renderRoutes } from '@/testing/render';
import { windowStart } from '@/lib/time-window';
import { Component } from './events-route';
import { liveState, type SoundEvent } from '@/api';

const routes = [{ path: '/events', Component }];

/** `arrived`: an event the edge has from the second list request on (it came in meanwhile). */
function serveEvents(record: URL[] = [], newer = 0, arrived?: SoundEvent) {
  let lists = 0;
  server.use(
    http.get('/api/inventory/mics', () =>
      HttpResponse.json(inventoryFixture([micFixture(), micFixture({ id: 'mic-0002', name: 'Busan pier' })])),
    ),
    http.get('/api/insights/corroboration', () =>
      HttpResponse.json(
        heardByFixture({
          'evt-1': [
            { id: 'mic-0001', name: '서울역 광장 북측 기둥' },
            { id: 'mic-0017', name: 'Seoul Station Plaza South pole' },
            { id: 'mic-0033', name: null },
          ],
          'evt-2': [{ id: 'mic-0001', name: '서울역 광장 북측 기둥' }],
        }),
      ),
    ),
    http.get('/api/v1/events', ({ request }) => {
      const url = new URL(request.url);
      record.push(url);
      if (url.searchParams.get('size') === '1')
        return HttpResponse.json(pageFixture([], { total_cnt: newer, max_page: newer }));
      lists += 1;
      return HttpResponse.json(
        pageFixture(
          [
            ...(arrived !== undefined && lists > 1 ? [arrived] : []),
            eventFixture(),
            eventFixture({
              id: 'evt-2',
              confidence: 0.5,
              label: { id: 'siren', name: { ko: '사이렌', en: 'Siren' } },
              created_at: '2026-11-21T06:00:00.000Z',
            }),
          ],
          { size: 25 },
        ),
      );
    }),
  );
  return record;
}

describe('/events', () => {
  it('sends several mics and labels as repeated parameters, with the range resolved to a start time', async () => {
    const requests = serveEvents();
    const asked = Date.now();
    renderRoutes(routes, { path: '/events?range=1h&mic=mic-0001&mic=mic-0002&label=scream&label=siren' });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const list = requests.find((url) => url.searchParams.get('size') === '25');
    expect(list?.searchParams.getAll('mic_id')).toEqual(['mic-0001', 'mic-0002']);
    expect(list?.searchParams.getAll('label_id')).toEqual(['scream', 'siren']);
    // An hour back from the whole minute the page read its clock in (up to a minute more than asked).
    expect([windowStart(60, asked), windowStart(60)]).toContain(list?.searchParams.get('start'));
    expect(list?.searchParams.has('end')).toBe(false);
  });

  it("names a category by the console's kept names, one the page's events do not carry too, without reading events for names", async () => {
    const requests = serveEvents();
    server.use(
      http.get('/api/labels', () =>
        HttpResponse.json({
          kept: true,
          labels: [{ id: 'gunshot', name: { ko: '총성', en: '<b>Gunshot</b>' } }],
          complete: true,
        }),
      ),
    );
    renderRoutes(routes, { path: '/events?label=gunshot' });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    // The edge's text as text: the picked category shows its kept name, markup and all.
    expect(await screen.findByText('<b>Gunshot</b> (gunshot)')).toBeInTheDocument();
    expect(requests.filter((url) => url.searchParams.get('size') === '100')).toEqual([]);
  });

  it('shows label, confidence as a percentage and a mic link', async () => {
    serveEvents();
    renderRoutes(routes, { path: '/events' });
    const row = await screen.findByRole('row', { name: /Scream.*82%.*mic-0001/ });
    expect(within(row).getByRole('link', { name: '서울역 광장 북측 기둥' })).toHaveAttribute('href', '/mics/mic-0001');
    expect(screen.getByRole('row', { name: /Siren.*50%/ })).toBeInTheDocument();
  });

  it('says how new events arrive as the header does: counted as they come while live, polled every 10 s without the stream', async () => {
    serveEvents();
    renderRoutes(routes, { path: '/events' });
    expect(await screen.findByText('Checking for new events every 10 s')).toBeInTheDocument();
    act(() => liveState.set({ status: 'live' }));
    expect(await screen.findByText('Live: new events are counted as they arrive')).toBeInTheDocument();
    act(() => liveState.set({ status: 'off' }));
    expect(await screen.findByText('Checking for new events every 10 s')).toBeInTheDocument();
  });

  it('announces newer events without replacing the rows until asked', async () => {
    const glass = { id: 'glass_break', name: { ko: '유리 깨짐', en: 'Glass breaking' } };
    const requests = serveEvents(
      [],
      4,
      eventFixture({ id: 'evt-9', label: glass, created_at: '2026-11-21T07:30:00.000Z' }),
    );
    renderRoutes(routes, { path: '/events' });
    // The probe follows the first page; a busy machine can take longer than the default second.
    const button = await screen.findByRole('button', { name: '4 new events' }, { timeout: 8_000 });
    // Announced, not shown: the rows are still the first answer's.
    expect(await screen.findAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('Glass breaking')).not.toBeInTheDocument();
    const probe = requests.find((url) => url.searchParams.get('size') === '1');
    // Newer than the newest shown event, same filter.
    expect(probe?.searchParams.get('start')).toBe('2026-11-21T07:00:00.001Z');
    const before = requests.filter((url) => url.searchParams.get('size') === '25').length;
    await userEvent.click(button);
    expect(await screen.findByText('Glass breaking')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(requests.filter((url) => url.searchParams.get('size') === '25').length).toBe(before + 1);
  });

  it('says which mics heard each event, filters to corroborated ones and orders by it, in the URL', async () => {
    serveEvents();
    const { router } = renderRoutes(routes, { path: '/events' });
    // The page, then who heard its events: two answers in turn.
    const heard = await screen.findByText('Heard by 3 mics', {}, { timeout: 8_000 });
    expect(heard).toHaveAttribute(
      'data-hint',
      'Same sound within 10 s at: 서울역 광장 북측 기둥, Seoul Station Plaza South pole, mic-0033',
    );
    expect(screen.getByText('Only its own mic')).toBeInTheDocument();
    expect(screen.getByText('1 of the 2 events on this page was heard by other mics too.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getAllByRole('row')).toHaveLength(3);

    await userEvent.click(screen.getByRole('switch', { name: 'Corroborated only' }));
    expect(router.state.location.search).toBe('?corroborated=1');
    expect(await screen.findAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText('Only its own mic')).not.toBeInTheDocument();
  }, 20_000);

  it('says none so far, not "at least 0", while the events around the page are still being read', async () => {
    serveEvents();
    const own = { id: 'mic-0001', name: '서울역 광장 북측 기둥' };
    server.use(
      http.get('/api/insights/corroboration', () =>
        HttpResponse.json({ ...heardByFixture({ 'evt-1': [own], 'evt-2': [own] }), complete: false }),
      ),
    );
    renderRoutes(routes, { path: '/events' });
    expect(
      await screen.findByText(
        'None of the 2 events on this page has been heard by other mics so far.',
        {},
        { timeout: 8_000 },
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('shows the review of each separate event, links one in an incident to it, acknowledges and filters by state', async () => {
    serveEvents();
    let acted: unknown = null;
    const acknowledged = {
      kind: 'event',
      id: 'evt-1',
      state: 'acknowledged',
      assignee: 'opal',
      outcome: null,
      note: null,
      version: 1,
      fired_at: eventFixture().created_at,
      acknowledged_by: 'opal',
      acknowledged_at: new Date().toISOString(),
      resolved_by: null,
      resolved_at: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      updated_by: 'opal',
    };
    server.use(
      http.get('/api/review/me', () => HttpResponse.json({ username: 'opal', can_act: true })),
      http.get('/api/review/membership', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.getAll('id')).toEqual(['evt-1', 'evt-2']);
        expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([
          '2026-11-21T06:00:00.000Z',
          eventFixture().created_at,
        ]);
        return HttpResponse.json({
          memberships: [{ event_id: 'evt-2', composite_id: 'ce 7', rule: 'Sirens near the station' }],
          complete: true,
        });
      }),
      // Only evt-1 is asked about (evt-2 is reviewed with its incident); new until acted on.
      http.get('/api/review/items', ({ request }) => {
        expect(new URL(request.url).searchParams.getAll('key')).toEqual(['event:evt-1']);
        if (acted !== null) return HttpResponse.json({ items: [acknowledged] });
        return HttpResponse.json({
          items: [{ ...acknowledged, state: 'new', version: 0, assignee: null, acknowledged_by: null }],
        });
      }),
      http.post('/api/review/items/event/evt-1/actions', async ({ request }) => {
        acted = await request.json();
        return HttpResponse.json({ item: acknowledged });
      }),
    );
    const { router } = renderRoutes(routes, { path: '/events' });
    const incident = await screen.findByRole('link', { name: 'In incident: Sirens near the station' });
    expect(incident).toHaveAttribute('href', '/composite-events/ce%207');
    const scream = screen.getByRole('row', { name: /Scream/ });
    expect(within(scream).getByText('New')).toBeInTheDocument();
    // The incident's event offers no review of its own: its one button plays its clip.
    const siren = within(screen.getByRole('row', { name: /Siren/ }));
    expect(siren.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Play the clip of /),
    ]);

    await userEvent.click(await within(scream).findByRole('button', { name: /^Acknowledge: Scream/ }));
    expect(await within(scream).findByText('Acknowledged by opal')).toBeInTheDocument();
    expect(acted).toMatchObject({ action: 'acknowledge', expected_version: 0, fired_at: eventFixture().created_at });

    await router.navigate('/events?review=new');
    expect(await screen.findByDisplayValue('New')).toBeInTheDocument();
    // Acknowledged now, and the other belongs to an incident: nothing on this page is new.
    expect(await screen.findByText(/0 of the 2 events on this page match/)).toBeInTheDocument();
  }, 20_000);

  it('shows the error with a retry when the first load fails', async () => {
    server.use(
      http.get('/api/inventory/mics', () => HttpResponse.json(inventoryFixture([]))),
      http.get('/api/v1/events', () => HttpResponse.json({ page: 1, size: 25, results: [] })),
    );
    renderRoutes(routes, { path: '/events' });
    expect(await screen.findByRole('alert')).toHaveTextContent('total_cnt');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
