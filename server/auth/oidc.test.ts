import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseRoleMap } from '../config.js';
import { describeEachDatabase } from '../testing/databases.js';
import { cookiesFrom } from '../testing/accounts.js';
import { startTestConsole, type TestConsole } from '../testing/console.js';
import { recordingUpstream } from '../testing/recording-upstream.js';
import { createAccount, findByUsername, setDisabled } from './accounts.js';
import { roleFromClaims, safeReturnPath } from './oidc.js';

describe('role from the provider’s claims', () => {
  const noMap = { roleClaim: null, roleMap: new Map() };
  it.each([
    [{ role: 'admin' }, noMap, 'admin'],
    [{ roles: ['viewer', 'operator'] }, noMap, 'operator'],
    [{ roles: ['boss'] }, noMap, 'viewer'],
    [{}, noMap, 'viewer'],
    [{ groups: ['ops', 'x'] }, { roleClaim: 'groups', roleMap: parseRoleMap('admins=admin,ops=operator') }, 'operator'],
    [{ groups: ['admin'] }, { roleClaim: 'groups', roleMap: parseRoleMap('ops=operator') }, 'viewer'],
    [
      { realm_access: { roles: ['admins'] } },
      { roleClaim: 'realm_access.roles', roleMap: parseRoleMap('admins=admin') },
      'admin',
    ],
  ] as const)('%j → %s', (claims, oidc, role) => {
    expect(roleFromClaims(claims as Record<string, unknown>, oidc)).toBe(role);
  });

  it('refuses an OIDC_ROLE_MAP naming an unknown role', () => {
    expect(() => parseRoleMap('ops=superuser')).toThrow(/OIDC_ROLE_MAP/);
  });

  it('returns only to paths of this console', () => {
    expect(safeReturnPath('/events?range=1h')).toBe('/events?range=1h');
    expect(safeReturnPath('/mics/mic-0001#map')).toBe('/mics/mic-0001#map');
  });
});

/** Return paths that would leave the console (or break its redirect) once a browser or the server reads them. */
const HOSTILE_RETURN_PATHS = [
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example/phish',
  '/\n/x',
  '/\r\nset-cookie: x=1',
  'https://evil.example',
  'javascript:alert(1)',
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e%2e//evil.example',
  '/\u0000/evil.example',
  ' /evil.example',
  'evil.example',
  '',
];

describe('the return path after sign-in', () => {
  it.each(HOSTILE_RETURN_PATHS)('%j returns to the console’s own root', (from) => {
    expect(safeReturnPath(from)).toBe('/');
  });

  it('keeps encoded characters encoded: they stay in the path, never become its host', () => {
    for (const from of ['/%2F%2Fevil.example', '/%5Cevil.example', '/%09/evil.example']) {
      const path = safeReturnPath(from);
      expect(new URL(path, 'http://console.test').origin).toBe('http://console.test');
      expect(path).toBe(from);
    }
  });

  it('refuses what is not a string', () => {
    for (const from of [undefined, null, 1, ['/events']]) expect(safeReturnPath(from)).toBe('/');
  });
});

describeEachDatabase('single sign-on against a real OIDC provider', (getDb) => {
  let provider: OAuth2Server;
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let c: TestConsole;
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    // Every token the provider signs carries the claims the test sets.
    provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
    upstream = await recordingUpstream();
    c = await startTestConsole(getDb(), upstream.url, {
      OIDC_ISSUER: provider.issuer.url!,
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'console-secret',
      OIDC_LABEL: 'Test IdP',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'sec-admins=admin,ops=operator',
    });
  });
  afterAll(async () => {
    await Promise.all([c.close(), upstream.close(), provider.stop()]);
  });
  beforeEach(() => {
    claims = { sub: 'u-100', preferred_username: 'Jane.Doe', groups: ['ops'] };
  });

  /** What a browser does: start, follow the provider's redirect back, present the flow cookie. */
  async function ssoSignIn(from = '/events', tamper?: (callback: URL) => void) {
    const start = await c.call(`/auth/oidc/start?from=${encodeURIComponent(from)}`);
    expect(start.status).toBe(302);
    const flowCookie = cookiesFrom(start);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toEqual(expect.any(String));
    expect(authorize.searchParams.get('nonce')).toEqual(expect.any(String));
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${c.base}/auth/oidc/callback`);
    tamper?.(callback);
    const back = await c.call(`${callback.pathname}${callback.search}`, { cookie: flowCookie });
    return { back, flowCookie, callback };
  }

  it('offers the button in /config.json', async () => {
    expect((await (await c.call('/config.json')).json()).auth.oidc).toEqual({ label: 'Test IdP' });
  });

  it('signs in with PKCE, state and nonce, provisions the account by subject, maps its role, returns to the page', async () => {
    const { back, flowCookie } = await ssoSignIn('/events?range=1h');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/events?range=1h');
    expect(flowCookie).toMatch(/^esc_oidc=/);
    const session = cookiesFrom(back);
    expect(await (await c.call('/auth/me', { cookie: session })).json()).toEqual({
      kind: 'account',
      username: 'jane.doe',
      role: 'operator',
    });
    const account = (await findByUsername(getDb(), 'jane.doe'))!;
    expect(account.password_hash).toBeNull();
    const login = await getDb()
      .db.selectFrom('audit')
      .select(['actor_name', 'details'])
      .where('action', '=', 'auth.login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(login.actor_name).toBe('jane.doe');
    expect(JSON.parse(login.details!)).toMatchObject({ method: 'oidc' });
  });

  it('lands on the console whatever hostile return path the sign-in started with', async () => {
    const landings: Record<string, string> = {};
    // A NUL is refused before any route (server/nul-guard.ts): that sign-in never starts, so it leads nowhere.
    const nul = HOSTILE_RETURN_PATHS.filter((from) => from.includes('\u0000'));
    expect(nul).not.toEqual([]);
    for (const from of nul) {
      expect((await c.call(`/auth/oidc/start?from=${encodeURIComponent(from)}`)).status).toBe(422);
    }
    for (const from of HOSTILE_RETURN_PATHS.filter((path) => !nul.includes(path))) {
      const { back } = await ssoSignIn(from);
      const location = back.headers.get('location');
      landings[from] =
        back.status !== 302 || location === null ? `HTTP ${back.status}` : new URL(location, c.base).href;
    }
    const home = `${c.base}/`;
    expect(landings).toEqual(
      Object.fromEntries(HOSTILE_RETURN_PATHS.filter((path) => !nul.includes(path)).map((from) => [from, home])),
    );
  });

  it('keeps the role in step with the provider at each sign-in; no mapped value: viewer', async () => {
    claims.groups = ['sec-admins'];
    const admin = cookiesFrom((await ssoSignIn()).back);
    expect(await (await c.call('/auth/me', { cookie: admin })).json()).toMatchObject({ role: 'admin' });
    claims.groups = ['visitors'];
    const viewer = cookiesFrom((await ssoSignIn()).back);
    expect(await (await c.call('/auth/me', { cookie: viewer })).json()).toMatchObject({
      username: 'jane.doe',
      role: 'viewer',
    });
    // The role change ended the admin session.
    expect((await c.call('/auth/me', { cookie: admin })).status).toBe(401);
  });

  it('never takes over a local account with the same name', async () => {
    await createAccount(getDb(), { username: 'root', role: 'admin', password: 'local-password' });
    claims = { sub: 'u-200', preferred_username: 'root', groups: [] };
    const session = cookiesFrom((await ssoSignIn()).back);
    expect(await (await c.call('/auth/me', { cookie: session })).json()).toEqual({
      kind: 'account',
      username: 'root-2',
      role: 'viewer',
    });
  });

  it('refuses a callback whose state was changed, or without the flow cookie, or replayed', async () => {
    const tampered = await ssoSignIn('/mics', (callback) => callback.searchParams.set('state', 'forged'));
    expect(tampered.back.headers.get('location')).toBe('/sign-in?error=sso');
    expect(cookiesFrom(tampered.back)).not.toContain('esc_session');

    const { callback } = await ssoSignIn();
    const replay = await c.call(`${callback.pathname}${callback.search}`);
    expect(replay.headers.get('location')).toBe('/sign-in?error=sso');
    expect(cookiesFrom(replay)).not.toContain('esc_session');
  });

  it('refuses a disabled account', async () => {
    const account = (await findByUsername(getDb(), 'jane.doe'))!;
    await setDisabled(getDb(), account.id, true);
    const { back } = await ssoSignIn();
    expect(back.headers.get('location')).toBe('/sign-in?error=sso_disabled');
    expect(cookiesFrom(back)).not.toContain('esc_session');
    await setDisabled(getDb(), account.id, false);
  });
});
