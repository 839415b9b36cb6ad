import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { visitAppPages } from './support/a11y';
import { CompositePage } from './support/composite-page';
import { extraPort, specDataDir, startConsole, staticDir } from './support/console-process';
import { EventsPage } from './support/events-page';
import { MapPage } from './support/map-page';
import { MicsPage } from './support/mics-page';
import { ADMIN, EDGE_TOKEN, servers } from './support/servers';
import { SignInPage } from './support/sign-in-page';
import { expect, signInTo, test } from './support/test';
import { WallPage } from './support/wall-page';

/** Markup that would set `window.__xss` if anything rendered it as HTML. */
const payload = (tag: string) =>
  `<img src=x onerror="window.__xss='${tag}'"><script>window.__xss='${tag}-script'</script>`;

async function expectNoMarkupRan(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
}

test.describe('untrusted text renders as text', () => {
  test('a device name with markup: table, tooltip, drawer, map popup, events table and wall feed', async ({
    page,
    demo,
    request,
  }) => {
    const micId = 'mic-0058';
    const name = payload('mic');
    const before = ((await (await request.get(`/api/v1/mics/${micId}`)).json()) as { data: { name: string } }).data
      .name;
    expect((await request.patch(`/api/v1/mics/${micId}`, { data: { name } })).status()).toBe(200);
    try {
      await demo.addEvent({ mic_id: micId, label_id: 'scream', confidence: 0.93 });

      const mics = new MicsPage(page);
      await mics.goto('/mics?name=%3Cimg');
      const link = mics.rowOf(micId).getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await link.hover();
      await expect(page.getByRole('tooltip')).toHaveText(name);
      await expectNoMarkupRan(page);

      await link.click();
      await expect(mics.field('Name')).toHaveValue(name);
      await expectNoMarkupRan(page);

      const map = new MapPage(page);
      await map.goto();
      await map.findMic.fill('onerror');
      await map.option(new RegExp(micId)).click();
      await expect(map.micPopup.getByText(name, { exact: true })).toBeVisible();
      await expectNoMarkupRan(page);

      const events = new EventsPage(page);
      await events.goto('?range=1h');
      await expect(events.rows().filter({ hasText: name }).first()).toBeVisible();
      await expectNoMarkupRan(page);

      const wall = new WallPage(page);
      await wall.goto();
      await expect(wall.eventFeed.getByText(name, { exact: true }).first()).toBeVisible();
      await expectNoMarkupRan(page);
    } finally {
      await request.patch(`/api/v1/mics/${micId}`, { data: { name: before } });
    }
  });

  test.describe('from a malicious upstream', () => {
    test.use({ baseURL: servers.serverToken, account: ADMIN });

    test('rule names, rule descriptions, event descriptions and mic names of composite events', async ({ page }) => {
      // The demo seed's rules are fixed, so the upstream's answers are rewritten on their way
      // in, as an edge under someone else's control could send them.
      await page.route('**/api/v1/composite-events**', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        type Composite = {
          rule: { name: string; description: string };
          mics: { name: string }[];
          events: { description: string | null }[];
        };
        const poison = (c: Composite) => {
          c.rule.name = payload('rule');
          c.rule.description = payload('description');
          for (const mic of c.mics) mic.name = payload('mic');
          for (const event of c.events) event.description = payload('event');
        };
        if (Array.isArray(body.results)) for (const c of body.results as Composite[]) poison(c);
        else poison(body as unknown as Composite);
        await route.fulfill({ response, json: body });
      });

      const composite = new CompositePage(page);
      await composite.gotoTimeline();
      await expect(composite.entries().first().getByText(payload('rule'), { exact: true }).first()).toBeVisible();
      await expectNoMarkupRan(page);

      await composite.entryLink(0).click();
      await expect(page.getByRole('heading', { level: 2, name: payload('rule'), exact: true })).toBeVisible();
      await expect(composite.ruleSection().getByText(payload('rule'))).toBeVisible();
      await expect(composite.ruleSection().getByText(payload('description'), { exact: true })).toBeVisible();
      await expect(composite.micsSection().getByText(payload('mic'), { exact: true }).first()).toBeVisible();
      await expect(composite.baseEventsTable().getByText(payload('event'), { exact: true }).first()).toBeVisible();
      await expectNoMarkupRan(page);

      const wall = new WallPage(page);
      await wall.goto('?window=24h');
      // A line's title starts with its priority's word once the score is in ("Critical<img …").
      await expect(wall.compositeFeed.getByText(payload('rule')).first()).toBeVisible();
      await expectNoMarkupRan(page);
    });
  });
});

test.describe('content security policy', () => {
  test('every page is served with the policy and runs under it without a violation', async ({ page }) => {
    // Every page of the app, each until its data shows.
    test.setTimeout(90_000);
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __csp: string[] }).__csp ??= [];
        (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    // The boot script's worker, which loads ICU's data off the main thread (public/intl-warm.js).
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    const checkPolicy = (response: Awaited<ReturnType<Page['goto']>>) => {
      const policy = response?.headers()['content-security-policy'] ?? '';
      // The page's own scripts, and inline only the boot script, by the hash of its text (server/boot-script.ts).
      expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    };
    await visitAppPages(page, '', async (response, appPage) => {
      checkPolicy(response);
      expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []), appPage.name).toEqual(
        [],
      );
    });
    // The map draws its basemap and markers; a popup and the lazily loaded shortcut list run more code.
    const map = new MapPage(page);
    checkPolicy(await map.goto());
    await map.findMic.fill('mic-0001');
    await map.option(/mic-0001/).click();
    await expect(map.micPopup).toBeVisible();
    await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);

    checkPolicy(await page.goto(`${servers.browserToken}/sign-in`));
    await expect(new SignInPage(page).username).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(violations).toEqual([]);
    expect(workers).toContain('/intl-warm.js');
  });
});

test.describe('the edge token', () => {
  test('is never in the bundle, browser storage, a URL, a response or the server log', async ({ page }) => {
    test.setTimeout(90_000);
    const server = await startConsole(extraPort(0), {
      EDGE_API_URL: servers.upstreamEdge,
      EDGE_API_TOKEN: EDGE_TOKEN,
      DATA_DIR: specDataDir('security'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      await signInTo(page.request, server.url);
      const urls: string[] = [];
      const bodies: string[] = [];
      page.on('request', (r) => urls.push(r.url()));
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'image') bodies.push(await r.text().catch(() => ''));
      });
      await visitAppPages(page, server.url);
      // A write, and a browser trying to smuggle credentials of its own: neither is logged.
      const mic = (await (await page.request.get(`${server.url}/api/v1/mics/mic-0001`)).json()) as {
        data: { host: string };
      };
      const patch = await page.request.patch(`${server.url}/api/v1/mics/mic-0001?access_token=query-secret-9d`, {
        data: { host: mic.data.host },
        headers: { authorization: 'Bearer browser-secret-7f' },
      });
      expect(patch.status()).toBe(200);

      expect(urls.length).toBeGreaterThan(10);
      for (const url of urls) expect(url).not.toContain(EDGE_TOKEN);
      expect(bodies.length).toBeGreaterThan(10);
      for (const body of bodies) expect(body).not.toContain(EDGE_TOKEN);
      expect(
        await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })),
      ).not.toContain(EDGE_TOKEN);

      const log = server.output();
      // The log is on and names the requests, so its silence about secrets means something.
      expect(log).toMatch(/ PATCH \/api\/v1\/mics\/mic-0001 200 \d+ms/);
      expect(log).toMatch(/ GET \/api\/v1\/composite-events 200 \d+ms/);
      for (const secret of [EDGE_TOKEN, 'browser-secret-7f', 'query-secret-9d', 'Bearer', 'authorization'])
        expect(log).not.toContain(secret);

      const files = fs.readdirSync(staticDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
      expect(files.length).toBeGreaterThan(5);
      for (const file of files) {
        const full = path.join(file.parentPath, file.name);
        expect(fs.readFileSync(full).includes(EDGE_TOKEN), full).toBe(false);
      }
    } finally {
      await server.stop();
    }
  });
});

test.describe('read-only mode', () => {
  test('the server refuses every PATCH, whatever the browser sends, and the UI offers no edit', async ({
    page,
    request,
  }) => {
    const server = await startConsole(extraPort(1), {
      EDGE_API_URL: servers.upstreamEdge,
      EDGE_API_TOKEN: EDGE_TOKEN,
      READ_ONLY: '1',
      QUIET: '1',
      DATA_DIR: specDataDir('security'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      // An admin: the refusal is READ_ONLY's, not a missing role's.
      await signInTo(request, server.url);
      await signInTo(page.request, server.url);
      const upstreamMic = async () =>
        (
          await request.get(`${servers.upstreamEdge}/api/v1/mics/mic-0002`, {
            headers: { authorization: `Bearer ${EDGE_TOKEN}` },
          })
        ).text();
      const before = await upstreamMic();
      const attempts: { data: unknown; headers?: Record<string, string> }[] = [
        { data: { name: 'read-only breach' } },
        { data: { name: 'read-only breach' }, headers: { authorization: `Bearer ${EDGE_TOKEN}` } },
        { data: '{"status":"inactive"}', headers: { 'content-type': 'text/plain', 'x-http-method-override': 'GET' } },
      ];
      for (const attempt of attempts) {
        const response = await request.patch(`${server.url}/api/v1/mics/mic-0002`, attempt);
        expect(response.status()).toBe(403);
        expect(((await response.json()) as { detail: string }).detail).toContain('read-only');
      }
      expect(await upstreamMic()).toBe(before);

      const mics = new MicsPage(page);
      await page.goto(`${server.url}/mics/mic-0002`);
      await expect(mics.drawer).toBeVisible();
      await expect(mics.drawer.getByText('mic-0002 · ')).toBeVisible();
      await expect(mics.save).toHaveCount(0);
      await page.goto(`${server.url}/mics`);
      await expect(mics.rows.first()).toBeVisible();
      await expect(mics.table.getByRole('switch')).toHaveCount(0);
    } finally {
      await server.stop();
    }
  });
});
