import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The console's own review API as a signed-in viewer on a fresh database sees it: every item new.
 * Kept as defaults so pages that show review state beside edge data need no handlers of their own.
 */
export const reviewDefaults = [
  http.get('/api/review/items', ({ request }) => {
    const keys = new URL(request.url).searchParams.getAll('key');
    return HttpResponse.json({
      items: keys.map((key) => {
        const at = key.indexOf(':');
        return {
          kind: key.slice(0, at),
          id: key.slice(at + 1),
          state: 'new',
          assignee: null,
          outcome: null,
          note: null,
          version: 0,
          fired_at: null,
          acknowledged_by: null,
          acknowledged_at: null,
          resolved_by: null,
          resolved_at: null,
          created_at: null,
          updated_at: null,
          updated_by: null,
        };
      }),
    });
  }),
  http.get('/api/review/me', () => HttpResponse.json({ username: 'viewer', can_act: false })),
  http.get('/api/review/people', () => HttpResponse.json({ people: [] })),
  // No base event belongs to a composite event.
  http.get('/api/review/membership', () => HttpResponse.json({ memberships: [], complete: true })),
  http.get('/api/review/items/:kind/:id', ({ params }) =>
    HttpResponse.json({
      item: {
        kind: params.kind,
        id: params.id,
        state: 'new',
        assignee: null,
        outcome: null,
        note: null,
        version: 0,
        fired_at: null,
        acknowledged_by: null,
        acknowledged_at: null,
        resolved_by: null,
        resolved_at: null,
        created_at: null,
        updated_at: null,
        updated_by: null,
      },
      comments: [],
      history: [],
    }),
  ),
];

/** The console holds none of the events asked about (yet): pages showing "heard by" need no handler of their own. */
export const heardByDefault = http.get('/api/insights/heard-by', () =>
  HttpResponse.json({ radius_m: 500, window_s: 10, complete: true, events: {} }),
);

/** A console that reads no events itself (the browser holds the edge token): pages learn names from events. */
export const labelNamesDefault = http.get('/api/labels', () =>
  HttpResponse.json({ kept: false, labels: [], complete: true }),
);

/** Signed in as the demo admin unless a test says otherwise (`server.use(signedInAs('viewer'))`). */
export const signedInAs = (role: 'viewer' | 'operator' | 'admin', username = role === 'admin' ? 'demo' : role) =>
  http.get('/auth/me', () => HttpResponse.json({ kind: 'account', username, role }));

/** The network edge for unit tests: each test installs the handlers it needs with `server.use`. */
export const server = setupServer(signedInAs('admin'), ...reviewDefaults, heardByDefault, labelNamesDefault);
