import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { cookiesFrom, signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { describeEachDatabase } from '../testing/databases.js';
import { fakeMic, fakeMicEdge, type FakeMicEdge } from '../testing/fake-mic-edge.js';
import type { AuditView } from './query.js';

interface AuditPage {
  total_cnt: number;
  size: number;
  results: AuditView[];
  retention_days?: number;
}

describeEachDatabase('audit trail over HTTP', (getDb) => {
  let edge: FakeMicEdge;
  let console_: TestConsole;
  const cookie: Record<string, string> = {};
  const name: Record<string, string> = {};
  let wall = '';

  beforeAll(async () => {
    edge = await fakeMicEdge([fakeMic('mic-0001', 'Gate'), fakeMic('mic-0002', '=HYPERLINK("http://x")')]);
    console_ = await startTestConsole(getDb(), edge.url, { AUDIT_DAYS: '90' });
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const account = await signedIn(getDb(), role);
      cookie[role] = account.cookie;
      name[role] = account.username;
    }
    const created = await console_.call('/api/admin/walls', {
      method: 'POST',
      body: JSON.stringify({ name: 'Audit wall', query: '' }),
      cookie: cookie.admin,
    });
    const { url } = (await created.json()) as { url: string };
    wall = cookiesFrom(await console_.call(new URL(url).pathname));
  });
  afterAll(async () => {
    await Promise.all([console_.close(), edge.close()]);
  });
  beforeEach(() => {
    edge.seen.length = 0;
  });

  const patch = (micId: string, body: unknown, who = cookie.admin) =>
    console_.call(`/api/v1/mics/${micId}`, { method: 'PATCH', body: JSON.stringify(body), cookie: who });
  const audit = async (query: string, who = cookie.admin) =>
    (await (await console_.call(`/api/admin/audit${query}`, { cookie: who })).json()) as AuditPage;

  it('lets only admins read the trail and its CSV; any signed-in person a mic’s history, no wall', async () => {
    for (const path of ['/api/admin/audit', '/api/admin/audit.csv']) {
      expect((await console_.call(path)).status, path).toBe(401);
      for (const who of [cookie.viewer, cookie.operator, wall]) {
        expect((await console_.call(path, { cookie: who })).status, path).toBe(403);
      }
      expect((await console_.call(path, { cookie: cookie.admin })).status, path).toBe(200);
    }
    expect((await console_.call('/api/mics/mic-0001/history')).status).toBe(401);
    expect((await console_.call('/api/mics/mic-0001/history', { cookie: wall })).status).toBe(403);
    for (const role of ['viewer', 'operator', 'admin']) {
      expect((await console_.call('/api/mics/mic-0001/history', { cookie: cookie[role] })).status).toBe(200);
    }
    expect(edge.seen).toEqual([]);
  });

  it('records an admin’s mic edit with the changed fields before and after', async () => {
    const response = await patch('mic-0001', { name: 'North gate', thresholds: { scream: 0.8 } });
    expect(response.status).toBe(200);
    // One read of the mic for "before", then the PATCH itself, once.
    expect(edge.seen.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    const [entry] = (await audit('?action=mic.update&mic=mic-0001')).results;
    expect(entry).toMatchObject({
      actor: { kind: 'account', name: name.admin },
      action: 'mic.update',
      target: { type: 'mic', id: 'mic-0001' },
      outcome: 'ok',
      ip: '127.0.0.1',
      details: {
        before: { name: 'Gate', thresholds: { scream: { sound_level_ge: 65, confidence: 0.5 } } },
        after: { name: 'North gate', thresholds: { scream: { sound_level_ge: 65, confidence: 0.8 } } },
      },
    });
    // Only what was asked: the untouched glass threshold and host are not in the entry.
    expect(JSON.stringify(entry!.details)).not.toMatch(/glass|host/);

    const history = (await (
      await console_.call('/api/mics/mic-0001/history', { cookie: cookie.viewer })
    ).json()) as AuditPage;
    expect(history.results[0]?.id).toBe(entry!.id);
  });

  it('names a status switch as such', async () => {
    expect((await patch('mic-0001', { status: 'inactive' })).status).toBe(200);
    const [entry] = (await audit('?action=mic.status')).results;
    expect(entry).toMatchObject({ details: { before: { status: 'active' }, after: { status: 'inactive' } } });
  });

  it('records a write the edge refused, with its answer, and one it failed', async () => {
    edge.refuseNext(422, { detail: [{ loc: ['body', 'host'], msg: 'Host is not reachable', input: 'x' }] });
    expect((await patch('mic-0001', { host: 'nowhere' })).status).toBe(422);
    edge.refuseNext(500, { detail: 'database is locked' });
    expect((await patch('mic-0001', { name: 'Broken' })).status).toBe(500);
    const [failed, refused] = (await audit('?mic=mic-0001&size=2')).results;
    expect(refused).toMatchObject({
      outcome: 'refused',
      details: {
        before: { host: '10.0.0.5' },
        requested: { host: 'nowhere' },
        answer: { status: 422, detail: 'host: Host is not reachable' },
      },
    });
    expect(failed).toMatchObject({
      outcome: 'failed',
      details: { answer: { status: 500, detail: 'database is locked' } },
    });
    expect(edge.mics.get('mic-0001')?.host).toBe('10.0.0.5');
  });

  it('records a viewer’s and a wall’s refused PATCH without the edge seeing it', async () => {
    expect((await patch('mic-0002', { status: 'inactive' }, cookie.viewer)).status).toBe(403);
    expect((await patch('mic-0002', { name: 'x' }, wall)).status).toBe(403);
    expect(edge.seen).toEqual([]);
    const [byWall, byViewer] = (await audit('?mic=mic-0002&size=2')).results;
    // Refused before the body is read: what was asked is not known, who asked and the answer are.
    expect(byViewer).toMatchObject({
      actor: { kind: 'account', name: name.viewer },
      action: 'mic.update',
      outcome: 'refused',
      details: { requested: null, answer: { status: 403, detail: 'This action needs the admin role.' } },
    });
    expect(byWall).toMatchObject({ actor: { kind: 'wall', name: 'Audit wall' }, outcome: 'refused' });
  });

  it('filters by person, action, mic and time; pages newest first; caps the size', async () => {
    const all = await audit('?size=100');
    expect(all.retention_days).toBe(90);
    expect(all.results.map((r) => r.id)).toEqual([...all.results.map((r) => r.id)].sort((a, b) => b - a));
    // Part of a name, in any case.
    const part = name.viewer!.slice(0, 8);
    const byPerson = await audit(`?person=${encodeURIComponent(part.toUpperCase())}`);
    expect(byPerson.results.length).toBeGreaterThan(0);
    expect(byPerson.results.every((r) => r.actor.name?.toLowerCase().includes(part))).toBe(true);
    const future = await audit(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.total_cnt).toBe(0);
    const past = await audit(`?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(past.total_cnt).toBe(all.total_cnt);
    const page2 = await audit('?size=2&page=2');
    expect(page2.results.map((r) => r.id)).toEqual(all.results.slice(2, 4).map((r) => r.id));
    expect((await audit('?size=5000')).size).toBe(100);
    expect((await console_.call('/api/admin/audit?from=yesterday', { cookie: cookie.admin })).status).toBe(422);
    expect((await console_.call('/api/admin/audit?page=0', { cookie: cookie.admin })).status).toBe(422);
  });

  it('exports CSV with the same filter, cells a spreadsheet cannot run', async () => {
    // A mic id that is a formula: the edge answers 404, recorded as refused with that target.
    expect((await patch(encodeURIComponent('=1+1'), { name: '@SUM(1)' })).status).toBe(404);
    const response = await console_.call('/api/admin/audit.csv?mic=%3D1%2B1', { cookie: cookie.admin });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="audit-.*\.csv"/);
    expect(response.headers.get('x-export-total')).toBe('1');
    expect(response.headers.get('x-export-truncated')).toBe('0');
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'id',
      'at_utc',
      'actor_kind',
      'actor',
      'action',
      'outcome',
      'target_type',
      'target_id',
      'changes',
      'ip',
      'details_json',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(3, 8)).toEqual([name.admin, 'mic.update', 'refused', 'mic', "'=1+1"]);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@]/);

    const all = await console_.call('/api/admin/audit.csv', { cookie: cookie.admin });
    expect(parseCsv(await all.text())).toHaveLength(1 + Number(all.headers.get('x-export-total')));
  });
});

/** RFC 4180 as the export writes it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}
