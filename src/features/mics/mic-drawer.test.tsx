import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Mic, MicPatch } from '@/api';
import { eventFixture, inventoryFixture, micFixture, pageFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { demoConfig, renderRoutes, testQueryClient } from '@/testing/render';
import { Component as MicDrawer } from './mic-drawer-route';

const mic = micFixture({
  id: 'mic-0007',
  name: 'Gate 7',
  thresholds: { scream: { sound_level_ge: 75, confidence: 0.7 } },
});

/** The edge for the drawer: the mic, the lists it reads for categories and previews, and a recorder for PATCHes. */
function edge(patchHandler: (body: MicPatch) => Response | Promise<Response>) {
  const patches: MicPatch[] = [];
  server.use(
    // The History section (tested in mic-history.test.tsx): nothing recorded yet.
    http.get('/api/mics/:id/history', () => HttpResponse.json(pageFixture([]))),
    http.get('/api/v1/mics/:id', ({ params }) =>
      params.id === mic.id
        ? HttpResponse.json({ data: mic })
        : HttpResponse.json({ detail: 'Not Found' }, { status: 404 }),
    ),
    http.get('/api/inventory/mics', () => HttpResponse.json(inventoryFixture([mic]))),
    http.get('/api/v1/events', () =>
      HttpResponse.json(pageFixture([eventFixture({ mic: { ...eventFixture().mic, id: mic.id } })], { size: 100 })),
    ),
    // The offline basemap's outlines; an empty topology is enough for the form.
    http.get(/countries-50m/, () =>
      HttpResponse.json({
        type: 'Topology',
        objects: { countries: { type: 'GeometryCollection', geometries: [] } },
        arcs: [],
      }),
    ),
    http.patch('/api/v1/mics/:id', async ({ request }) => {
      const body = (await request.json()) as MicPatch;
      patches.push(body);
      return patchHandler(body);
    }),
  );
  return patches;
}

function renderDrawer(path = `/mics/${mic.id}`, config = demoConfig, queryClient = testQueryClient()) {
  return renderRoutes([{ path: '/mics', element: null, children: [{ path: ':micId', Component: MicDrawer }] }], {
    path,
    config,
    queryClient,
  });
}

describe('mic drawer', () => {
  it('sends only the changed field and shows what the edge now reports', async () => {
    const saved: Mic = { ...mic, name: 'Gate 7 north', updated_at: '2026-11-22T00:00:00.000Z' };
    const patches = edge(() => HttpResponse.json({ data: saved }));
    const user = userEvent.setup();
    renderDrawer();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Gate 7 north');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Sent name = “Gate 7 north”', { selector: 'p' })).toBeInTheDocument();
    expect(patches).toEqual([{ name: 'Gate 7 north' }]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Gate 7 north');
    expect(screen.getByText('No changes')).toBeInTheDocument();
  });

  it('says what the edge reports to a digit finer than the field, not as the float it sent', async () => {
    edge(() => HttpResponse.json({ data: mic }));
    const floaty = {
      ...mic,
      thresholds: { scream: { sound_level_ge: 64.60000000000001, confidence: 0.49239569483324885 } },
    };
    server.use(http.get('/api/v1/mics/:id', () => HttpResponse.json({ data: floaty })));
    renderDrawer();
    expect(await screen.findByText('Edge reports: confidence 0.4924, sound level ≥ 64.6')).toBeInTheDocument();
  });

  it('fills a suggested threshold in, unsaved, and saves it with the usual PATCH', async () => {
    const patches = edge(() => HttpResponse.json({ data: mic }));
    const user = userEvent.setup();
    renderDrawer(`/mics/${mic.id}?suggest=scream&to=0.82`);
    expect(await screen.findByTestId('threshold-proposal')).toHaveTextContent('scream raised to 0.82');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toEqual([{ thresholds: { scream: 0.82 } }]));
  });

  it('opens without the map; the position is typed, or set on the map once asked for', async () => {
    const patches = edge((body) =>
      HttpResponse.json({ data: { ...mic, location: { ...mic.location, ...body.location } } }),
    );
    const user = userEvent.setup();
    renderDrawer();
    const latitude = await screen.findByRole('textbox', { name: 'Latitude' });
    expect(screen.queryByRole('region', { name: /Device position/ })).not.toBeInTheDocument();

    await user.clear(latitude);
    await user.type(latitude, '37.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toEqual([{ location: { latitude: 37.5, longitude: mic.location.longitude } }]));

    const setOnMap = screen.getByRole('button', { name: 'Set on map' });
    expect(setOnMap).toHaveAttribute('aria-expanded', 'false');
    await user.click(setOnMap);
    expect(await screen.findByRole('region', { name: /Device position/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide map' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('maps a 422 loc to its field and keeps the input', async () => {
    const patches = edge(() =>
      HttpResponse.json(
        {
          detail: [
            {
              type: 'string_too_short',
              loc: ['body', 'host'],
              msg: 'Host is not reachable from this edge',
              input: 'x',
            },
          ],
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderDrawer();
    const host = await screen.findByRole('textbox', { name: 'Host' });
    await user.clear(host);
    await user.type(host, '10.99.0.1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Not saved: the edge refused the values marked above.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Host' })).toHaveValue('10.99.0.1');
    expect(screen.getByRole('textbox', { name: 'Host' })).toHaveAccessibleDescription(
      'Host is not reachable from this edge',
    );
    expect(patches).toHaveLength(1);
  });

  it('maps a 422 on a threshold category to that category', async () => {
    edge(() =>
      HttpResponse.json(
        {
          detail: [
            {
              type: 'less_than_equal',
              loc: ['body', 'thresholds', 'scream'],
              msg: 'Input should be less than or equal to 1',
            },
          ],
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderDrawer();
    const threshold = await screen.findByRole('textbox', { name: 'Threshold for Scream' });
    await user.clear(threshold);
    await user.type(threshold, '0.8');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Threshold for Scream' })).toHaveAccessibleDescription(
        'Input should be less than or equal to 1',
      ),
    );
  });

  it('adds a category picked from the list by its key, and sends that key', async () => {
    const gunshot = eventFixture({ label: { id: 'gunshot', name: { ko: '총성', en: 'Gunshot' } } });
    const patches = edge(() => HttpResponse.json({ data: mic }));
    server.use(
      http.get('/api/v1/events', ({ request }) => {
        const label = new URL(request.url).searchParams.get('label_id');
        const events = label === null ? [eventFixture(), gunshot] : label === 'gunshot' ? [gunshot] : [eventFixture()];
        return HttpResponse.json(pageFixture(events, { size: 100 }));
      }),
    );
    const user = userEvent.setup();
    renderDrawer();
    const picker = await screen.findByRole('combobox', { name: 'New category' });
    // Found by its Korean name; the option shows the name, the field takes the key.
    await user.type(picker, '총');
    expect(await screen.findByRole('option', { name: 'Gunshot (gunshot)', hidden: true })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picker).toHaveValue('gunshot');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Threshold for Gunshot' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toEqual([{ thresholds: { gunshot: 0.5 } }]));
  });

  it('says in words, across the row, when the edge refuses a category', async () => {
    const patches = edge(() =>
      HttpResponse.json(
        {
          detail: [
            {
              type: 'literal_error',
              loc: ['body', 'thresholds', 'wolf_howl', '[key]'],
              msg: "Input should be 'scream' or 'gunshot'",
            },
          ],
        },
        { status: 422 },
      ),
    );
    // No events: the new row is named by its key alone.
    server.use(http.get('/api/v1/events', () => HttpResponse.json(pageFixture([], { size: 100 }))));
    const user = userEvent.setup();
    renderDrawer();
    await user.type(await screen.findByRole('combobox', { name: 'New category' }), 'wolf_howl');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        "The edge does not accept the category “wolf_howl”: pick one from the list, or check the spelling. The edge said: Input should be 'scream' or 'gunshot'",
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Not saved: the edge refused the values marked above.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Threshold for wolf_howl' })).not.toHaveAccessibleDescription();
    expect(patches).toEqual([{ thresholds: { wolf_howl: 0.5 } }]);
  });

  it('flags a threshold out of range as it is typed, keeps it, and leaves the slider where it was', async () => {
    const patches = edge(() => HttpResponse.json({ data: mic }));
    const user = userEvent.setup();
    renderDrawer();
    const threshold = await screen.findByRole('textbox', { name: 'Threshold for Scream' });
    const slider = screen.getByRole('slider', { name: 'Threshold slider for Scream' });
    expect(slider).toHaveAttribute('aria-valuenow', '0.7');
    await user.clear(threshold);
    await user.click(threshold);
    await user.paste('1.5');
    expect(threshold).toHaveAccessibleDescription('Enter a number from 0 to 1.');
    expect(threshold).toHaveValue('1.5');
    expect(slider).toHaveAttribute('aria-valuenow', '0.7');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Fix the marked fields before saving.')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('does not send invalid input, and says why per field', async () => {
    const patches = edge(() => HttpResponse.json({ data: mic }));
    const user = userEvent.setup();
    renderDrawer();
    const latitude = await screen.findByRole('textbox', { name: 'Latitude' });
    await user.clear(latitude);
    await user.type(latitude, '95');
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Latitude must be a number from −90 to 90.')).toBeInTheDocument();
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('sends one request when Save is pressed twice quickly', async () => {
    let release: () => void = () => undefined;
    const patches = edge(
      () =>
        new Promise<Response>(
          (resolve) => (release = () => resolve(HttpResponse.json({ data: { ...mic, status: 'inactive' } }))),
        ),
    );
    const user = userEvent.setup();
    renderDrawer();
    await user.click(await screen.findByRole('radio', { name: 'Inactive' }));
    const save = screen.getByRole('button', { name: 'Save changes' });
    await user.click(save);
    await user.click(save);
    await waitFor(() => expect(patches).toHaveLength(1));
    release();
    expect(await screen.findByText('Sent status = inactive', { selector: 'p' })).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'inactive' }]);
  });

  it('previews every category the device has from one read of its day, each with its own events', async () => {
    const two: Mic = {
      ...mic,
      thresholds: { ...mic.thresholds, gunshot: { sound_level_ge: 80, confidence: 0.5 } },
    };
    const gunshot = { id: 'gunshot', name: { ko: '총성', en: 'Gunshot' } };
    const asked: string[][] = [];
    edge(() => HttpResponse.json({ data: two }));
    server.use(
      http.get('/api/v1/mics/:id', () => HttpResponse.json({ data: two })),
      http.get('/api/v1/events', ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('mic_id') === null) return HttpResponse.json(pageFixture([], { size: 100 }));
        asked.push(query.getAll('label_id'));
        return HttpResponse.json(
          pageFixture(
            [
              eventFixture({ id: 'e1', confidence: 0.9 }),
              eventFixture({ id: 'e2', label: gunshot, confidence: 0.4 }),
              eventFixture({ id: 'e3', label: gunshot, confidence: 0.6 }),
            ],
            { size: 100 },
          ),
        );
      }),
    );
    renderDrawer();
    expect(await screen.findByText(/^1 of 1 recent events at or above this value/)).toBeInTheDocument();
    expect(screen.getByText(/^1 of 2 recent events at or above this value/)).toBeInTheDocument();
    expect(asked).toEqual([['gunshot', 'scream']]);
  });

  it('shows not-found with a way back for an unknown device', async () => {
    edge(() => HttpResponse.json({ data: mic }));
    renderDrawer('/mics/mic-9999?page=2');
    expect(await screen.findByRole('heading', { name: 'No device “mic-9999”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the mic list' })).toHaveAttribute('href', '/mics?page=2');
  });

  it('offers no edit controls in a read-only deployment', async () => {
    edge(() => HttpResponse.json({ data: mic }));
    renderDrawer(`/mics/${mic.id}`, { ...demoConfig, readOnly: true });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it.each(['viewer', 'operator'] as const)('shows a %s the device read-only, saying why', async (role) => {
    const patches = edge(() => HttpResponse.json({ data: mic }));
    renderDrawer(`/mics/${mic.id}`, demoConfig, testQueryClient({ kind: 'account', username: 'kim', role }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByText(/can view devices but not change them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(patches).toEqual([]);
  });
});
