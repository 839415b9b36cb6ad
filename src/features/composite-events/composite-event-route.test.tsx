import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compositeEventFixture } from '@/testing/fixtures';
import { heardByFixture } from '@/testing/insight-fixtures';
import { server } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { Component } from './composite-event-route';

const routes = [
  { path: '/composite-events/:compositeEventId', Component },
  { path: '/composite-events', element: <p>timeline</p> },
];

beforeAll(() => {
  // The mini map draws its markers on a canvas; jsdom has no 2D context, so a do-nothing one stands in.
  HTMLCanvasElement.prototype.getContext = (() =>
    new Proxy({}, { get: () => () => undefined })) as unknown as HTMLCanvasElement['getContext'];
  // The comment form's autosizing textarea listens for fonts loading; jsdom has no FontFaceSet.
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

// The replay (its own section, tested in replay-timeline.test.ts): two mics, the first heard first.
// The place, the checklist and the clips have their own tests: here each answers as the console
// does for a composite it cannot locate, with no procedure and no recording kept.
beforeEach(() => {
  server.use(
    http.get('/api/insights/composite-events/:id/source', ({ params }) =>
      HttpResponse.json({
        composite_id: params.id,
        speed_of_sound_mps: 343,
        timestamp_resolution_ms: 1,
        sources: [],
        tracks: [],
        reason: 'heard by one mic only',
      }),
    ),
    http.get('/api/review/items/composite/:id/procedure', () => HttpResponse.json({ procedure: null, ticks: [] })),
    http.get('/api/audio/composite-events/:id/events/:eventId', () =>
      HttpResponse.json({ reason: 'missing' }, { status: 404 }),
    ),
    // Not scored yet: the drill-down waits for this answer (or its error) before its first draw.
    http.get('/api/priority/items', () => HttpResponse.json({ priorities: {} })),
    http.get('/api/insights/replay/:id', ({ params }) =>
      HttpResponse.json({
        composite_id: params.id,
        label_id: 'scream',
        label_name: null,
        from: '2026-11-20T10:00:00.000Z',
        to: '2026-11-20T10:00:06.000Z',
        mics: [
          { id: 'mic-a', name: 'Gate A', lat: 37.5, lng: 127, role: 'member' },
          { id: 'mic-b', name: 'Gate B', lat: 37.501, lng: 127.001, role: 'neighbour' },
        ],
        events: [{ id: 'ev-1', mic_id: 'mic-a', at: '2026-11-20T10:00:01.000Z', confidence: 0.9 }],
        motion: { kind: 'stationary', origin_mic_id: 'mic-a', spread_s: 0, speed_mps: null },
      }),
    ),
  );
});

describe('/composite-events/:id', () => {
  it('replays the incident: says where it started and lights a mic as the slider passes it', async () => {
    server.use(http.get('/api/v1/composite-events/ce-1', () => HttpResponse.json(compositeEventFixture())));
    renderRoutes(routes, { path: '/composite-events/ce-1' });
    expect(await screen.findByTestId('replay-motion')).toHaveTextContent('stationary: it started near Gate A');
    expect(screen.getByText('0 of 1 mics have heard it')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next event' }));
    expect(screen.getByText('1 of 1 mics have heard it')).toBeInTheDocument();
    expect(screen.getByTestId('replay-position')).toHaveTextContent('+1.0 s');
    // Its confidence as everywhere else, whole (a shrinking chip cut it to "0.").
    expect(within(screen.getByRole('list', { name: 'Events in time order' })).getByText('90%')).toBeInTheDocument();
  });

  it('explains why it fired and never shows connection credentials', async () => {
    const event = compositeEventFixture();
    const withSecrets = {
      ...event,
      mics: event.mics.map((m) => ({
        ...m,
        channel: { ...m.channel, username: 'opz-user', password: 'hunter2-secret' },
      })),
    };
    server.use(http.get('/api/v1/composite-events/ce-1', () => HttpResponse.json(withSecrets)));
    const { container } = renderRoutes(routes, { path: '/composite-events/ce-1' });
    expect(await screen.findByRole('heading', { name: 'Repeated screams', level: 2 })).toBeInTheDocument();
    // The sections below the first screen are drawn in turn, each a moment after the one above it.
    expect(await screen.findByText('3 events within 20 s of a 1 min window; rule needs 3.')).toBeInTheDocument();
    expect(screen.getByText('All mics (the rule lists none)')).toBeInTheDocument();
    // The mics' section is drawn several turns down; on a loaded machine (npm test's parallel files)
    // those turns took longer than the usual 5 s wait.
    expect((await screen.findAllByText('Credentials hidden', {}, { timeout: 12_000 })).length).toBeGreaterThan(0);
    expect(screen.getByText('rtsp://10.10.1.10:554/stream1')).toBeInTheDocument();
    expect(screen.getByText('online')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/opz-user|hunter2-secret/);
  }, 25_000);

  it('draws the review panel with the page, so it never pushes the sections down a moment later', async () => {
    server.use(
      http.get('/api/v1/composite-events/ce-1', () => HttpResponse.json(compositeEventFixture())),
      // Whether this account may act comes last: the actions and the comment form (about 200 px on
      // a phone) wait for it, so the panel drawn without it would grow under the reader's eyes.
      http.get('/api/review/me', async () => {
        await delay(500);
        return HttpResponse.json({ username: 'op', can_act: true });
      }),
    );
    // The player's code, which the page also waits for, is here already (as after a first visit),
    // so the answer the page waits for last is /api/review/me.
    await import('./audio/listen-player');
    renderRoutes(routes, { path: '/composite-events/ce-1' });
    await screen.findByRole('heading', { name: 'Repeated screams', level: 2 });
    // Checked at the first draw, without waiting: present now, or the page moved.
    const review = screen.getByRole('region', { name: 'Review' });
    expect(within(review).getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument();
    expect(within(review).getByRole('textbox', { name: 'Comment text' })).toBeInTheDocument();
    expect(within(review).queryByText(/acting on it needs the operator role/)).toBeNull();
  });

  it('names the edge’s read flag apart from the console’s review: no “N unread” beside the review', async () => {
    server.use(http.get('/api/v1/composite-events/ce-1', () => HttpResponse.json(compositeEventFixture())));
    const { container } = renderRoutes(routes, { path: '/composite-events/ce-1' });
    const table = await screen.findByRole('table', { name: 'Base events' });
    expect(within(table).getByRole('columnheader', { name: 'On the edge' })).toBeInTheDocument();
    expect(within(table).getAllByText('edge: unread')).toHaveLength(2);
    expect(within(table).getByText('edge: read').closest('[data-hint]')).toHaveAttribute(
      'data-hint',
      expect.stringContaining('This console’s review (acknowledged, resolved) is separate.'),
    );
    expect(container.textContent).not.toMatch(/\d+ unread/i);
  });

  it('shows an unknown edge_status as sent', async () => {
    const event = compositeEventFixture();
    server.use(
      http.get('/api/v1/composite-events/ce-1', () =>
        HttpResponse.json({ ...event, mics: event.mics.map((m) => ({ ...m, edge_status: 'maintenance' })) }),
      ),
    );
    renderRoutes(routes, { path: '/composite-events/ce-1' });
    expect(await screen.findByText('maintenance')).toBeInTheDocument();
  });

  it('says which mics heard each base event, asking the console for the events shown only', async () => {
    let asked: string[] = [];
    server.use(
      http.get('/api/v1/composite-events/ce-1', () => HttpResponse.json(compositeEventFixture())),
      http.get('/api/insights/heard-by', ({ request }) => {
        asked = new URL(request.url).searchParams.getAll('id');
        return HttpResponse.json(
          heardByFixture({
            'be-0': [
              { id: 'mic-0001', name: '서울역 광장 북측 기둥' },
              { id: 'mic-0002', name: '<img src=x onerror=alert(1)>' },
            ],
            'be-1': [{ id: 'mic-0001', name: '서울역 광장 북측 기둥' }],
          }),
        );
      }),
    );
    renderRoutes(routes, { path: '/composite-events/ce-1' });
    const table = await screen.findByRole('table', { name: 'Base events' });
    const heard = await within(table).findByText('Heard by 2 mics');
    // The names are the edge's: text in a hint, never markup.
    expect(heard).toHaveAttribute(
      'data-hint',
      'Same sound within 10 s at: 서울역 광장 북측 기둥, <img src=x onerror=alert(1)>',
    );
    expect(table.querySelector('img')).toBeNull();
    expect(within(table).getByText('Only its own mic')).toBeInTheDocument();
    // The fixture's events are hours old: one the console does not hold by now it never will.
    expect(within(table).getByText('Not known')).toHaveAttribute(
      'data-hint',
      'The console does not hold this event (older than its history), so it cannot say which mics heard it',
    );
    expect(asked).toEqual(['be-0', 'be-1', 'be-2']);
  });

  it('says clearly when the id is unknown and offers the way back', async () => {
    server.use(
      http.get('/api/v1/composite-events/nope', () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 })),
    );
    renderRoutes(routes, { path: '/composite-events/nope' });
    expect(await screen.findByRole('heading', { name: 'Composite event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the timeline' })).toHaveAttribute('href', '/composite-events');
  });

  it('names the wrong field of a malformed answer and offers a retry', async () => {
    server.use(
      http.get('/api/v1/composite-events/ce-1', () =>
        HttpResponse.json({ ...compositeEventFixture(), started_at: 42 }),
      ),
    );
    renderRoutes(routes, { path: '/composite-events/ce-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('started_at');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
