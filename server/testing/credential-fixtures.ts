/** Composite-event and mic bodies carrying recognisable device credentials, as a real edge sends them. */

export const CANARY = { username: 'canary-user-7f3a', password: 'canary-pass-91bd' };
export const compositeBody = () => ({
  id: 'ce-1',
  group_key: 'scream',
  rule: {
    id: 'r',
    name: 'n',
    description: 'd',
    window_seconds: 60,
    min_events: 2,
    enabled: true,
    group_by: 'label_id',
    include_label_ids: [],
    include_mic_ids: [],
  },
  events: [
    {
      id: 'e1',
      extra_field_kept: 42,
      microphone: {
        id: 'm1',
        channel: { scheme: 'rtsp', port: 554, path: '/s', ...CANARY },
        console: { scheme: 'http', port: 80, path: '/', ...CANARY },
      },
    },
  ],
  mics: [
    {
      id: 'm1',
      channel: { scheme: 'rtsp', port: 554, path: '/s', ...CANARY },
      console: { scheme: 'http', port: 80, path: '/', ...CANARY },
    },
  ],
  labels: [],
  started_at: '2026-11-21T00:00:00Z',
});

/** An extended mic as some edges list it from /api/v1/mics: credentials in the channel and console. */
export const micWithCredentials = (id = 'mic-1') => ({
  id,
  name: 'North gate',
  host: '10.0.0.5',
  edge_id: 'edge-1',
  status: 'active',
  thresholds: {},
  location: { latitude: 37.5, longitude: 127 },
  channel: { scheme: 'rtsp', port: 554, path: '/s', ...CANARY },
  console: { scheme: 'http', port: 80, path: '/', ...CANARY },
  created_at: '2026-11-21T00:00:00Z',
  updated_at: '2026-11-21T00:00:00Z',
});
