import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Browser } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { AccountsPage } from './support/accounts-page';
import { extraPort, specDataDir, startConsole, type ConsoleProcess } from './support/console-process';
import { MicsPage } from './support/mics-page';
import { recordingEdge, type RecordingEdge } from './support/recording-edge';
import { ADMIN, EDGE_TOKEN, servers } from './support/servers';
import { accountMenu, SignInPage } from './support/sign-in-page';
import { expect, signInTo, test, type Credentials } from './support/test';

/**
 * People at a console of this spec's own: it requires sign-in, offers single sign-on through an
 * OIDC provider started here (oauth2-mock-server), and reaches the standalone demo edge through
 * a door that records every request, so a spec can show what the edge never received.
 */
const consoleUrl = `http://127.0.0.1:${extraPort(2)}`;
let server: ConsoleProcess;
let edge: RecordingEdge;
let provider: OAuth2Server;
let dataDir: string;
/** The claims the provider puts in the next ID token. */
let claims: Record<string, unknown> = {};

test.use({ baseURL: consoleUrl });

test.beforeAll(async () => {
  edge = await recordingEdge(servers.upstreamEdge);
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  dataDir = specDataDir('accounts');
  server = await startConsole(extraPort(2), {
    EDGE_API_URL: edge.url,
    EDGE_API_TOKEN: EDGE_TOKEN,
    DATA_DIR: dataDir,
    QUIET: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    OIDC_ISSUER: provider.issuer.url!,
    OIDC_CLIENT_ID: 'console',
    OIDC_CLIENT_SECRET: 'e2e-client-secret',
    OIDC_LABEL: 'Test IdP',
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLE_MAP: 'sec-admins=admin,sec-ops=operator',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await Promise.all([edge?.close(), provider?.stop()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A new account of that role with a password, made by the admin through the API. */
async function addAccount(request: APIRequestContext, role: 'viewer' | 'operator'): Promise<Credentials> {
  await signInTo(request, consoleUrl);
  const account = { username: `${role}-${crypto.randomBytes(3).toString('hex')}`, password: 'e2e-password-8h' };
  const created = await request.post(`${consoleUrl}/api/admin/accounts`, { data: { ...account, role } });
  expect(created.status()).toBe(201);
  return account;
}

async function englishBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: consoleUrl, locale: 'en-US' });
  const page = await context.newPage();
  return { context, page };
}

test('signs in with the form and out from the account menu, which says who is signed in', async ({ page, request }) => {
  const viewer = await addAccount(request, 'viewer');
  const signIn = new SignInPage(page);
  await page.goto('/events');
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn.signIn(viewer.username, 'not-the-password');
  await expect(signIn.alert).toHaveText('Wrong username or password.');
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn.password.fill(viewer.password);
  await signIn.submit.click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu: ${viewer.username}, Viewer`);
  await accountMenu(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(`Signed in as${viewer.username}`);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(signIn.username).toBeVisible();
  expect((await page.request.get('/auth/me')).status()).toBe(401);
  await page.goto('/mics');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a viewer sees read-only pages; the server answers 403 to its PATCH and the edge never receives it', async ({
  page,
  request,
}) => {
  const viewer = await addAccount(request, 'viewer');
  await signInTo(page.request, consoleUrl, viewer);
  const mics = new MicsPage(page);
  await page.goto('/mics');
  await expect(mics.rows.first()).toBeVisible();
  await expect(mics.table.getByRole('switch')).toHaveCount(0);
  await page.goto('/mics/mic-0003');
  await expect(mics.drawer.getByText('mic-0003 · ')).toBeVisible();
  await expect(mics.field('Name')).toHaveAttribute('readonly');
  await expect(mics.save).toHaveCount(0);
  await expect(mics.status('Inactive')).toHaveCount(0);

  const patches = () => edge.requests.filter((r) => r.method === 'PATCH').map((r) => r.path);
  expect(patches()).toEqual([]);
  const refused = await page.request.patch('/api/v1/mics/mic-0003', { data: { status: 'inactive' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/admin/i);
  expect(patches()).toEqual([]);

  // The door does count: an admin's write (the name it already has) goes through and is seen.
  const name = ((await (await request.get('/api/v1/mics/mic-0003')).json()) as { data: { name: string } }).data.name;
  expect((await request.patch('/api/v1/mics/mic-0003', { data: { name } })).status()).toBe(200);
  expect(patches()).toEqual(['/api/v1/mics/mic-0003']);
});

test('disabling an account in Admin → Accounts ends its open sessions: each open tab says so within seconds', async ({
  browser,
}) => {
  const admin = await englishBrowser(browser);
  await signInTo(admin.page.request, consoleUrl);
  const accounts = new AccountsPage(admin.page);
  await accounts.goto();
  const username = `viewer-${crypto.randomBytes(3).toString('hex')}`;
  await accounts.newAccount.click();
  await accounts.field('Username').fill(username);
  await accounts.field('Initial password').fill('e2e-password-8h');
  await accounts.create.click();
  await expect(accounts.role(username)).toHaveValue('Viewer');
  await expect(accounts.row(username)).toContainText('Active');

  const viewer = await englishBrowser(browser);
  const signIn = new SignInPage(viewer.page);
  await viewer.page.goto('/mics');
  await signIn.signIn(username, 'e2e-password-8h');
  await expect(viewer.page).toHaveURL(/\/mics$/);
  await expect(accountMenu(viewer.page)).toHaveAccessibleName(`Account menu: ${username}, Viewer`);

  const otherTab = await viewer.context.newPage();
  await otherTab.goto('/map');
  await expect(accountMenu(otherTab)).toBeVisible();

  const disabled = admin.page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/admin/accounts/'),
  );
  await accounts.disable(username).click();
  expect((await disabled).status()).toBe(200);
  // The open tab finds out by itself, without a reload or a click: the server ends its live stream.
  await expect(viewer.page).toHaveURL(/\/sign-in$/);
  await expect(signIn.alert).toHaveText('Your session has ended. Sign in to continue.');
  await expect(accounts.row(username)).toContainText('Disabled');
  // Another tab, reloaded, says why too.
  await otherTab.reload();
  await expect(otherTab).toHaveURL(/\/sign-in$/);
  await expect(new SignInPage(otherTab).alert).toHaveText('Your session has ended. Sign in to continue.');
  await signIn.signIn(username, 'e2e-password-8h');
  await expect(signIn.alert).toHaveText('This account is disabled. Ask an admin to enable it.');
  await Promise.all([admin.context.close(), viewer.context.close()]);
});

test('single sign-on: “Sign in with …” runs the provider’s flow and comes back signed in with the claimed role', async ({
  page,
}) => {
  claims = { sub: `e2e-${crypto.randomBytes(3).toString('hex')}`, preferred_username: 'Olga.Ops', groups: ['sec-ops'] };
  const signIn = new SignInPage(page);
  await page.goto('/events?range=1h');
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn.sso('Test IdP').click();
  await expect(page).toHaveURL(/\/events\?range=1h$/);
  await expect(accountMenu(page)).toHaveAccessibleName(/^Account menu: olga\.ops(-\d+)?, Operator$/);
  const me = (await (await page.request.get('/auth/me')).json()) as { username: string; role: string };
  expect(me.role).toBe('operator');
  expect(me.username).toMatch(/^olga\.ops/);
});

test.describe('rate limiting', () => {
  const limitedUrl = `http://127.0.0.1:${extraPort(3)}`;
  test.use({ baseURL: limitedUrl });

  test('after 10 failed sign-ins the form says to wait and the server answers 429 with Retry-After', async ({
    page,
  }) => {
    // A console of its own: its failure counts start at zero and limit no other test's address.
    const limited = await startConsole(extraPort(3), {
      EDGE_API_URL: servers.upstreamEdge,
      EDGE_API_TOKEN: EDGE_TOKEN,
      DATA_DIR: specDataDir('limit'),
      QUIET: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const signIn = new SignInPage(page);
      await page.goto('/sign-in');
      await signIn.username.fill(ADMIN.username);
      const attempt = async (password: string) => {
        await signIn.password.fill(password);
        const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
        await signIn.submit.click();
        return answer;
      };
      for (let n = 1; n <= 10; n++) {
        expect((await attempt(`wrong-${n}`)).status(), `attempt ${n}`).toBe(401);
        await expect(signIn.alert).toHaveText('Wrong username or password.');
      }
      // Now even the right password waits: the limit holds for the account and the address.
      const limitedAnswer = await attempt(ADMIN.password);
      expect(limitedAnswer.status()).toBe(429);
      await expect(signIn.alert).toHaveText('Too many failed sign-ins. Try again in 15 minutes.');
      await expect(page).toHaveURL(/\/sign-in$/);

      const api = await page.request.post('/auth/login', { data: ADMIN });
      expect(api.status()).toBe(429);
      const retryAfter = Number(api.headers()['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    } finally {
      await limited.stop();
    }
  });
});
