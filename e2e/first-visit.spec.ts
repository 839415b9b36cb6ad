import type { Page } from '@playwright/test';
import { CompositePage } from './support/composite-page';
import { extraPort, specDataDir, startConsole, type ConsoleProcess } from './support/console-process';
import { servers } from './support/servers';
import { SignInPage } from './support/sign-in-page';
import { expect, test } from './support/test';

// What a new person meets first (issue 31): the page the console opens on, and the sign-in page.

test.describe('the console’s first screen', () => {
  test('is the incident queue, first in the navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/composite-events$/);
    await expect(new CompositePage(page).timelineHeading()).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link').first()).toHaveAccessibleName(/^Composite events/);
  });

  const framedPages = [
    {
      path: '/composite-events',
      subtitle: 'Incidents: groups of sound events that a composite rule turned into one.',
      drawn: (page: Page) => new CompositePage(page).timelineHeading(),
    },
    {
      path: '/insights',
      subtitle:
        'What the console notices across all mics: sounds more frequent than usual, mics that seem deaf, thresholds worth raising.',
      drawn: (page: Page) => page.getByRole('heading', { name: 'Insights', level: 2 }),
    },
  ];
  for (const { path, subtitle, drawn } of framedPages) {
    test(`${path} says which page it is before its scripts arrive, in the place the page then draws it`, async ({
      page,
    }) => {
      let release = () => {};
      const scripts = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await scripts;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      // The first frame (src/app/first-frame.ts) is hidden from assistive technology: React's copy is the one read.
      const framed = page.locator('.frame-heading').getByText(subtitle);
      await expect(framed).toBeVisible();
      await expect(drawn(page)).toHaveCount(0);
      const before = (await framed.boundingBox())!;

      release();
      await expect(drawn(page)).toBeVisible();
      await expect(framed).toHaveCount(0);
      const after = (await page.getByRole('main').getByText(subtitle).boundingBox())!;
      expect(Math.abs(after.y - before.y), 'the subtitle does not move when the page takes over').toBeLessThanOrEqual(
        1,
      );
      expect(after.x).toBe(before.x);
      expect(Math.abs(after.height - before.height), 'it wraps into as many lines').toBeLessThanOrEqual(1);
    });
  }
});

test.describe('the sign-in page of a console with no account yet', () => {
  let server: ConsoleProcess;

  test.beforeAll(async () => {
    // Proxying to the run's standalone edge: no demo to seed, and no ADMIN_* so a setup link waits.
    server = await startConsole(extraPort(4), {
      EDGE_API_URL: servers.upstreamEdge,
      EDGE_API_TOKEN: 'unused-here',
      BACKFILL_MAX_RPS: '0',
      DATA_DIR: specDataDir('first-visit'),
    });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('says the first admin’s setup link is in the server log, and switches language before signing in', async ({
    page,
  }) => {
    expect(server.output()).toMatch(/Create the first admin at \S+\/setup#/);
    await page.goto(`${server.url}/composite-events`);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('No account yet')).toBeVisible();
    await expect(page.getByText(/one-time setup link the console server printed in its log/)).toBeVisible();

    await page.getByRole('button', { name: 'Switch the language to Korean' }).click();
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    await expect(page.getByText('아직 계정이 없습니다')).toBeVisible();
    await expect(page.getByLabel('사용자 이름')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.reload();
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    await page.getByRole('button', { name: '언어를 영어로 바꾸기' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('the sign-in page of a console with accounts', () => {
  test.use({ baseURL: servers.serverToken });

  test('gives no setup hint', async ({ page }) => {
    const signIn = new SignInPage(page);
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/setup');
    await page.goto('/sign-in');
    await expect(signIn.username).toBeVisible();
    expect(await (await asked).json()).toEqual({ pending: false });
    await expect(page.getByText('No account yet')).toHaveCount(0);
  });
});
