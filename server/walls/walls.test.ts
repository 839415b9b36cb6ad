import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { pageOfAudit } from '../audit/query.js';
import { cookiesFrom, signedIn } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { describeEachDatabase } from '../testing/databases.js';
import { fakeMic, fakeMicEdge, type FakeMicEdge } from '../testing/fake-mic-edge.js';
import { WALL_COOKIE } from './wall-access.js';

const noFilter = { person: null, action: null, mic: null, from: null, to: null };

describeEachDatabase('wall links', (getDb) => {
  let edge: FakeMicEdge;
  let console_: TestConsole;
  const cookie: Record<string, string> = {};
  let adminName = '';

  beforeAll(async () => {
    edge = await fakeMicEdge([fakeMic('mic-0001', 'Gate')]);
    console_ = await startTestConsole(getDb(), edge.url);
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const account = await signedIn(getDb(), role);
      cookie[role] = account.cookie;
      if (role === 'admin') adminName = account.username;
    }
  });
  afterAll(async () => {
    await Promise.all([console_.close(), edge.close()]);
  });
  beforeEach(() => {
    edge.seen.length = 0;
  });

  const create = (name: string, query = '', who = cookie.admin) =>
    console_.call('/api/admin/walls', { method: 'POST', body: JSON.stringify({ name, query }), cookie: who });

  /** A screen's first visit: the cookie it is given and where it is sent. */
  async function open(url: string) {
    const visit = await console_.call(new URL(url).pathname);
    return { visit, cookie: cookiesFrom(visit) };
  }

  it('lets only admins list, create, revoke and remove wall links', async () => {
    const made = await create('Who may');
    const { link } = (await made.json()) as { link: { id: string } };
    const screen = (await open(((await (await create('Screen')).json()) as { url: string }).url)).cookie;
    const calls = [
      () => console_.call('/api/admin/walls'),
      () => console_.call('/api/admin/walls', { method: 'POST', body: '{"name":"x"}' }),
      () => console_.call(`/api/admin/walls/${link.id}/revoke`, { method: 'POST', body: '{}' }),
      () => console_.call(`/api/admin/walls/${link.id}`, { method: 'DELETE' }),
    ];
    for (const call of calls) expect((await call()).status).toBe(401);
    for (const who of [cookie.viewer, cookie.operator, screen]) {
      expect((await console_.call('/api/admin/walls', { cookie: who })).status).toBe(403);
      expect((await create('Not mine', '', who)).status).toBe(403);
      const revoke = await console_.call(`/api/admin/walls/${link.id}/revoke`, {
        method: 'POST',
        body: '{}',
        cookie: who,
      });
      expect(revoke.status).toBe(403);
      const remove = await console_.call(`/api/admin/walls/${link.id}`, { method: 'DELETE', cookie: who });
      expect(remove.status).toBe(403);
    }
    expect(
      (await console_.call(`/api/admin/walls/${link.id}`, { method: 'DELETE', cookie: cookie.admin })).status,
    ).toBe(409);
    expect((await console_.call('/api/admin/walls', { cookie: cookie.admin })).status).toBe(200);
    expect(edge.seen).toEqual([]);
  });

  it('a link opens the wall without sign-in, reads only, shows as alive, and stops at revocation', async () => {
    const created = await create('Lobby', '?edge_id=edge-1&window=15m&lang=ko');
    expect(created.status).toBe(201);
    const { link, url } = (await created.json()) as { link: { id: string }; url: string };
    const key = /\/w\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1];
    expect(key).toBeDefined();

    const { visit, cookie: wall } = await open(url);
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe('/wall?edge_id=edge-1&window=15m&lang=ko');
    const setCookie = visit.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(new RegExp(`${WALL_COOKIE}=${key}`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    expect(await (await console_.call('/auth/me', { cookie: wall })).json()).toEqual({ kind: 'wall', name: 'Lobby' });
    expect((await console_.call('/api/v1/mics/mic-0001', { cookie: wall })).status).toBe(200);

    // Writes are refused before the gateway: the edge never sees the PATCH (nor its audit read).
    edge.seen.length = 0;
    const patch = await console_.call('/api/v1/mics/mic-0001', {
      method: 'PATCH',
      body: '{"status":"inactive"}',
      cookie: wall,
    });
    expect(patch.status).toBe(403);
    expect(edge.seen).toEqual([]);
    expect(edge.mics.get('mic-0001')?.status).toBe('active');
    expect((await console_.call('/api/mics/mic-0001/history', { cookie: wall })).status).toBe(403);

    const listed = (await (await console_.call('/api/admin/walls', { cookie: cookie.admin })).json()) as {
      results: { id: string; last_seen_at: string | null; last_seen_ip: string | null; created_by: string }[];
    };
    const row = listed.results.find((l) => l.id === link.id);
    expect(row).toMatchObject({ last_seen_ip: '127.0.0.1', created_by: adminName });
    expect(row?.last_seen_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(key);

    const revoked = await console_.call(`/api/admin/walls/${link.id}/revoke`, {
      method: 'POST',
      body: '{}',
      cookie: cookie.admin,
    });
    expect(revoked.status).toBe(200);
    edge.seen.length = 0;
    const after = await console_.call('/api/v1/mics', { cookie: wall });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ detail: 'This wall link was revoked.', code: 'wall_revoked' });
    expect(edge.seen).toEqual([]);
    expect((await (await console_.call('/auth/me', { cookie: wall })).json()).code).toBe('wall_revoked');
    // Opening the revoked link again still says "revoked", not "sign in".
    const again = await open(url);
    expect(again.visit.headers.get('location')).toBe('/wall?edge_id=edge-1&window=15m&lang=ko');
    expect((await (await console_.call('/api/v1/mics', { cookie: again.cookie })).json()).code).toBe('wall_revoked');

    const trail = await pageOfAudit(getDb(), { ...noFilter, person: adminName }, 1, 50);
    const actions = trail.results.filter((r) => r.target?.id === link.id).map((r) => r.action);
    expect(actions).toEqual(['wall.revoke', 'wall.create']);
  });

  it('removes a revoked link for good, in the audit trail by name; one in use must be revoked first', async () => {
    const created = (await (await create('Old lobby')).json()) as { link: { id: string }; url: string };
    const id = created.link.id;
    const remove = () => console_.call(`/api/admin/walls/${id}`, { method: 'DELETE', cookie: cookie.admin });
    const inUse = await remove();
    expect(inUse.status).toBe(409);
    expect(await inUse.json()).toEqual({ detail: 'This wall link is in use: revoke it before removing it' });
    const listed = async () =>
      (
        (await (await console_.call('/api/admin/walls', { cookie: cookie.admin })).json()) as {
          results: { id: string }[];
        }
      ).results;
    expect((await listed()).map((l) => l.id)).toContain(id);

    await console_.call(`/api/admin/walls/${id}/revoke`, { method: 'POST', body: '{}', cookie: cookie.admin });
    const removed = await remove();
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ link: { id, name: 'Old lobby' } });
    expect((await listed()).map((l) => l.id)).not.toContain(id);
    // Gone: its screen now has no access at all, and removing again finds nothing.
    const screen = (await open(created.url)).cookie;
    expect((await console_.call('/api/v1/mics', { cookie: screen })).status).toBe(401);
    const again = await remove();
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ detail: 'No revoked wall link has this id' });

    const trail = await pageOfAudit(getDb(), { ...noFilter, action: 'wall.remove' }, 1, 50);
    expect(trail.results.filter((r) => r.target?.id === id)).toMatchObject([
      { actor: { kind: 'account', name: adminName }, details: { name: 'Old lobby' }, outcome: 'ok' },
    ]);
  });

  it('an unknown key gets no access and its cookie cleared', async () => {
    const visit = await console_.call(`/w/${'A'.repeat(43)}`);
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe('/wall');
    expect(visit.headers.getSetCookie().join('\n')).toMatch(new RegExp(`${WALL_COOKIE}=;.*Max-Age=0`, 'i'));
    const forged = `${WALL_COOKIE}=${'A'.repeat(43)}`;
    const refused = await console_.call('/api/v1/mics', { cookie: forged });
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBeUndefined();
  });

  it('refuses bad names and options, and a name already in use', async () => {
    expect((await create('')).status).toBe(422);
    const unknownOption = await create('Options', 'colour=red');
    expect(unknownOption.status).toBe(422);
    expect((await unknownOption.json()).detail).toEqual([
      { loc: ['body', 'query'], msg: expect.stringMatching(/colour/) },
    ]);
    expect((await create('Twice')).status).toBe(201);
    expect((await create('Twice')).status).toBe(409);
  });

  it('never writes a link’s key to the request log', async () => {
    const logged = await startTestConsole(getDb(), edge.url, { QUIET: '0' });
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((line: unknown) => lines.push(String(line)) > 0);
    try {
      const { url } = (await (await create('Logged')).json()) as { url: string };
      const key = url.split('/w/')[1]!;
      await logged.call(`/w/${key}`);
      await logged.close();
      expect(lines.some((line) => line.includes('GET /w/… 303'))).toBe(true);
      expect(lines.join('\n')).not.toContain(key);
    } finally {
      spy.mockRestore();
    }
  });
});
