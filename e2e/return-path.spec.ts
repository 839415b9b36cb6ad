import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { extraPort, startConsole, type ConsoleProcess } from './support/console-process';
import { ADMIN, EDGE_TOKEN, servers } from './support/servers';
import { SignInPage } from './support/sign-in-page';
import { expect, test, type Page } from './support/test';

/**
 * After signing in, the console sends the browser back where it came from (`from`): only ever to
 * one of its own pages. A console of this spec's own requires sign-in and offers single sign-on
 * through an OIDC provider started here (oauth2-mock-server).
 */
const consoleUrl = `http://127.0.0.1:${extraPort(3)}`;
let server: ConsoleProcess;
let provider: OAuth2Server;
let dataDir: string;

/**
 * `/<TAB>/evil.localhost/phish`: a browser drops the tab and reads `//evil.localhost/phish`, another
 * origin. `.localhost` names stay on this machine, so a redirect that escapes never leaves it.
 */
const HOSTILE_FROM = [
  '/\t/evil.localhost/phish',
  '/\\evil.localhost/phish',
  '/.//evil.localhost/phish',
  '//evil.localhost',
];

test.use({ baseURL: consoleUrl });

test.beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) =>
    Object.assign(token.payload, { sub: 'e2e-return', preferred_username: 'Rita.Return', groups: [] }),
  );
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-return-'));
  server = await startConsole(extraPort(3), {
    EDGE_API_URL: servers.upstreamEdge,
    EDGE_API_TOKEN: EDGE_TOKEN,
    DATA_DIR: dataDir,
    QUIET: '1',
    BACKFILL_MAX_RPS: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    OIDC_ISSUER: provider.issuer.url!,
    OIDC_CLIENT_ID: 'console',
    OIDC_CLIENT_SECRET: 'e2e-client-secret',
    OIDC_LABEL: 'Test IdP',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signed in, on one of the console's pages (whichever it opens with), not on the host named in `from`. */
async function expectOnConsole(page: Page, from: string, account: RegExp): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/^\/(sign-in|auth\/)/);
  expect(new URL(page.url()).origin, JSON.stringify(from)).toBe(consoleUrl);
  await expect(page.getByRole('button', { name: account })).toBeVisible();
}

test('single sign-on started with a hostile return path comes back to the console', async ({ page }) => {
  for (const from of HOSTILE_FROM) {
    await page.context().clearCookies();
    await page.goto(`/auth/oidc/start?from=${encodeURIComponent(from)}`);
    await expectOnConsole(page, from, /^Account menu: rita\.return/);
  }
});

test('the password form with a hostile return path signs in and stays on the console', async ({ page }) => {
  for (const from of HOSTILE_FROM) {
    await page.context().clearCookies();
    await page.goto(`/sign-in?from=${encodeURIComponent(from)}`);
    await new SignInPage(page).signIn(ADMIN.username, ADMIN.password);
    await expectOnConsole(page, from, /^Account menu: admin,/);
  }
});
