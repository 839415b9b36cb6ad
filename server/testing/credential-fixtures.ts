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

/** A secret a hostile edge hides in every place a credential can sit, named by the tests that grep for it. */
export const HOSTILE_SECRET = 'hostile-secret-5e07';

/** A mic whose every credential-looking key and string carries HOSTILE_SECRET (the shapes of finding 8). */
export const hostileMic = (id = 'mic-1') => ({
  ...micWithCredentials(id),
  host: `rtsp://admin:${HOSTILE_SECRET}@10.0.0.9/a?password=${HOSTILE_SECRET}&token=${HOSTILE_SECRET}`,
  backup_host: `admin:${HOSTILE_SECRET}@10.0.0.10/a`,
  snapshot_url: `https://cam.local/snap?key=${HOSTILE_SECRET}&sig=${HOSTILE_SECRET}&auth=${HOSTILE_SECRET}&channel=1`,
  pass: HOSTILE_SECRET,
  pwd: HOSTILE_SECRET,
  passwd: HOSTILE_SECRET,
  secret: HOSTILE_SECRET,
  token: HOSTILE_SECRET,
  api_key: HOSTILE_SECRET,
  credential: HOSTILE_SECRET,
  authorization: `Bearer ${HOSTILE_SECRET}`,
  private_key: HOSTILE_SECRET,
  settings: [{ onvif: { devicePassword: HOSTILE_SECRET, sessionCookie: HOSTILE_SECRET, port: 80 } }],
  notes: `installed with password=${HOSTILE_SECRET}, token: ${HOSTILE_SECRET}`,
});

/** A JSON error body with a password in its detail and a token in its trace. */
export const hostileErrorBody = () => ({
  detail: `login to admin:${HOSTILE_SECRET}@10.0.0.9 failed: password=${HOSTILE_SECRET}`,
  trace: { token: HOSTILE_SECRET, request: { headers: { Authorization: `Basic ${HOSTILE_SECRET}` } } },
});

/** The same as plain text. */
export const hostileErrorText = () =>
  `upstream failed: token=${HOSTILE_SECRET} Authorization: Bearer ${HOSTILE_SECRET} ` +
  `rtsp://10.0.0.9/a?api_key=${HOSTILE_SECRET} admin:${HOSTILE_SECRET}@10.0.0.9 secret: ${HOSTILE_SECRET}`;
