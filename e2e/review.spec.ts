import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { extraPort, specDataDir, startConsole, type ConsoleProcess } from './support/console-process';
import { addAccounts, signInAs } from './support/review-accounts';
import { ReviewPage } from './support/review-page';
import { WallPage } from './support/wall-page';
import { expect, test } from './support/test';

/**
 * Incident review with several browsers on a console of this spec's own (embedded demo edge,
 * its own console database): operators act, a viewer watches, changes reach every screen.
 */
let server: ConsoleProcess;
let dataDir: string;
let tokens: Record<string, string>;
let compositeIds: string[];
/** The incidents the handover's test acts on first: no earlier test may touch them. */
const handoverIds = () => [compositeIds[8]!, compositeIds[9]!, compositeIds[10]!] as const;
const startedAt = new Map<string, string>();

// Not serial: each test acts on composite events of its own or reads the state it needs, so a retry
// re-runs only the test that failed (on a console started afresh by beforeAll).

test.beforeAll(async ({ request }) => {
  // Seeding this console's demo edge waits its turn for the CPU on a busy machine.
  test.setTimeout(120_000);
  dataDir = specDataDir('review');
  server = await startConsole(extraPort(4), { DATA_DIR: dataDir, DEMO_EVENTS: '4000', DEMO_EVENT_INTERVAL_MS: '0' });
  tokens = addAccounts(dataDir, [
    { username: 'opal', role: 'operator' },
    { username: 'otto', role: 'operator' },
    { username: 'vera', role: 'viewer' },
    { username: 'ada', role: 'admin' },
  ]);
  // Known state: every composite event needs a person, whatever priority the demo world's newest ones
  // happen to score (priority gating itself is priority.spec's to test).
  const level = await request.patch(`${server.url}/api/priority/settings`, {
    headers: { cookie: `esc_session=${tokens.ada}` },
    data: { review_level: 'low' },
  });
  expect(level.status(), await level.text()).toBe(200);
  const page = await request.get(`${server.url}/api/v1/composite-events?size=12&order_by=desc`, {
    headers: { cookie: `esc_session=${tokens.opal}` },
  });
  expect(page.ok()).toBe(true);
  const results = ((await page.json()) as { results: { id: string; started_at: string }[] }).results;
  compositeIds = results.map((c) => c.id);
  for (const c of results) startedAt.set(c.id, c.started_at);
  expect(compositeIds.length).toBe(12);
});

test.afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function browse(
  browser: Browser,
  username: string,
): Promise<{ page: Page; review: ReviewPage; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'en-US' });
  await signInAs(context, server.url, tokens[username]!);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('edge-sound-console.language', 'en'));
  return { page, review: new ReviewPage(page, server.url), close: () => context.close() };
}

/** An operator's action through the review API, as a second screen would send it. */
async function act(request: APIRequestContext, username: string, id: string, body: object) {
  const response = await request.post(`${server.url}/api/review/items/composite/${encodeURIComponent(id)}/actions`, {
    headers: { cookie: `esc_session=${tokens[username]}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { item: { version: number } }).item;
}

test('an acknowledgement reaches a viewer within two seconds; resolving as a false alarm lowers the new count', async ({
  browser,
}) => {
  const operator = await browse(browser, 'opal');
  const viewer = await browse(browser, 'vera');
  const id = compositeIds[0]!;
  await viewer.review.gotoTimeline();
  await expect(viewer.review.entry(id)).toContainText('New');
  await operator.review.gotoDetail(id);
  const count = operator.review.newItemsCount();
  await expect(count).toHaveText(/^\d+\+?$/);
  const before = Number.parseInt((await count.textContent()) ?? '', 10);

  await operator.review.button('Acknowledge').click();
  await expect(operator.review.reviewSection()).toContainText('Acknowledged by opal');
  await expect(viewer.review.entry(id)).toContainText('Acknowledged by opal', { timeout: 2000 });
  await expect(count).toHaveText(String(before - 1).concat((await count.textContent())?.endsWith('+') ? '+' : ''));

  await operator.review.button('Resolve').click();
  const dialog = operator.review.resolveDialog();
  await dialog.getByRole('radio', { name: 'False alarm' }).check();
  await dialog.getByLabel('Note (optional)').fill('A door slammed by the wind');
  await operator.review.button('Resolve with this outcome').click();
  await expect(operator.review.reviewSection()).toContainText('Resolved by opal · False alarm');
  await expect(operator.review.reviewSection()).toContainText('A door slammed by the wind');
  await expect(operator.review.history()).toContainText('opal: resolved as False alarm (Acknowledged → Resolved)');
  // The viewer's timeline shows open items by default: the resolved one leaves it.
  await expect(viewer.review.entry(id)).toHaveCount(0, { timeout: 2000 });
  await operator.close();
  await viewer.close();
});

test('a viewer sees the review but no action, and the server refuses its attempts', async ({ browser }) => {
  const viewer = await browse(browser, 'vera');
  const id = compositeIds[1]!;
  await viewer.review.gotoDetail(id);
  // A composite event's page is heavy to build on a loaded machine.
  await expect(viewer.review.reviewSection()).toBeVisible({ timeout: 30_000 });
  await expect(viewer.review.reviewSection()).toContainText('acting on it needs the operator role');
  await expect(viewer.review.reviewSection()).toContainText('New');
  await expect(viewer.page.getByRole('button', { name: /Acknowledge|Resolve|Reopen|Comment/ })).toHaveCount(0);
  const attempt = await viewer.page.request.post(`${server.url}/api/review/items/composite/${id}/actions`, {
    data: { action: 'acknowledge', expected_version: 0 },
  });
  expect(attempt.status()).toBe(403);
  const bulk = await viewer.page.request.post(`${server.url}/api/review/bulk`, {
    data: { action: 'acknowledge', items: [{ kind: 'composite', id, expected_version: 0 }] },
  });
  expect(bulk.status()).toBe(403);
  await viewer.page.reload();
  await expect(viewer.review.reviewSection()).toContainText('New');
  await viewer.close();
});

test('the events list shows the review of a separate event; an operator acknowledges it there, filters by state; a viewer may not act', async ({
  browser,
  request,
}) => {
  // Known state: the events list's default page (last 24 h, 25 rows; no live feed on this console).
  const cookie = { cookie: `esc_session=${tokens.opal}` };
  const start = new Date(Date.now() - 24 * 3_600_000).toISOString();
  const list = await request.get(`${server.url}/api/v1/events?page=1&size=25&start=${encodeURIComponent(start)}`, {
    headers: cookie,
  });
  const events = ((await list.json()) as { results: { id: string; created_at: string }[] }).results;
  expect(events.length).toBe(25);
  const times = events.map((e) => e.created_at).sort();
  const asked = new URLSearchParams([...events.map((e) => ['id', e.id]), ['from', times[0]!], ['to', times.at(-1)!]]);
  const membership = await request.get(`${server.url}/api/review/membership?${asked}`, { headers: cookie });
  const members = ((await membership.json()) as { memberships: { event_id: string }[] }).memberships;
  const inIncident = new Set(members.map((m) => m.event_id));
  const target = events.find((e) => !inIncident.has(e.id))!.id;
  const state = await request.get(`${server.url}/api/review/items?key=event:${encodeURIComponent(target)}`, {
    headers: cookie,
  });
  expect(await state.json()).toMatchObject({ items: [{ state: 'new', version: 0 }] });

  const operator = await browse(browser, 'opal');
  const { review, page } = operator;
  await review.gotoEvents();
  const row = review.eventRow(target);
  await expect(row).toContainText('New', { timeout: 30_000 });
  if (members.length > 0) await expect(review.eventRow(members[0]!.event_id)).toContainText('In incident');
  await row.getByRole('button', { name: /^Acknowledge:/ }).click();
  await expect(row).toContainText('Acknowledged by opal');

  // The state filter narrows the page shown, in the URL, and says it looks at this page only.
  await page.getByRole('combobox', { name: 'Review' }).click();
  await page.getByRole('option', { name: 'Acknowledged', exact: true }).click();
  await expect(page).toHaveURL(/\/events\?review=acknowledged$/);
  await expect(review.eventRows()).toHaveCount(1);
  await expect(review.eventRow(target)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Review filters' })).toContainText(
    '1 of the 25 events on this page matches',
  );
  await operator.close();

  const viewer = await browse(browser, 'vera');
  await viewer.review.gotoEvents('?review=acknowledged');
  await expect(viewer.review.eventRow(target)).toContainText('Acknowledged by opal', { timeout: 30_000 });
  await expect(viewer.page.getByRole('button', { name: /^(Acknowledge|Resolve)/ })).toHaveCount(0);
  await viewer.close();
});

test('two operators acknowledge at once: the second is told who was first, and nothing is doubled', async ({
  browser,
}) => {
  const first = await browse(browser, 'opal');
  const second = await browse(browser, 'otto');
  // The second screen hears nothing live, and its review reads answer what they first read (as a
  // screen whose next poll is not yet due), so it still offers Acknowledge when the first has acted.
  await second.page.route('**/live*', (route) => route.abort());
  const firstRead = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const frozen = '**/api/review/items**';
  // Thawed by the second operator's action itself (not before: a poll in between would show the
  // truth and take the button away), so the re-reads after the refusal see the real state.
  let thawed = false;
  await second.page.route(frozen, async (route) => {
    if (route.request().method() !== 'GET') thawed = true;
    if (thawed) return route.continue();
    let answer = firstRead.get(route.request().url());
    if (answer === undefined) {
      const response = await route.fetch();
      answer = { status: response.status(), headers: response.headers(), body: await response.body() };
      firstRead.set(route.request().url(), answer);
    }
    await route.fulfill(answer);
  });
  const id = compositeIds[2]!;
  await first.review.gotoDetail(id);
  await second.review.gotoDetail(id);
  await expect(first.review.button('Acknowledge')).toBeVisible({ timeout: 30_000 });
  await expect(second.review.button('Acknowledge')).toBeVisible({ timeout: 30_000 });
  await first.review.button('Acknowledge').click();
  await expect(first.review.reviewSection()).toContainText('Acknowledged by opal');
  await second.review.button('Acknowledge').click();
  await expect(second.page.getByRole('alert').filter({ hasText: 'Already acknowledged by opal at' })).toBeVisible();
  await expect(second.review.reviewSection()).toContainText('Acknowledged by opal');
  await expect(second.review.button('Acknowledge')).toHaveCount(0);
  await expect(second.review.history().getByRole('listitem')).toHaveCount(1);
  await first.close();
  await second.close();
});

test('keyboard triage: j/k move, a acknowledges, x selects, r resolves the selection, Enter opens', async ({
  browser,
}) => {
  const operator = await browse(browser, 'opal');
  const { review, page } = operator;
  await review.gotoTimeline();
  const entries = review.entries();
  // The timeline orders by priority and leaves resolved items out once their scores and reviews
  // arrive (one read each for the page): read the order after both have.
  await expect(entries.first()).toHaveAttribute('data-priority', /\w/);
  await expect(entries.first()).toContainText(/New|Acknowledged/);
  // Other tests act on some of these incidents: triage three new ones in a row, wherever they are,
  // and none the handover's test needs untouched after this one.
  const states = await entries.evaluateAll(
    (articles, reserved) =>
      articles.map((article) => {
        const href = article.querySelector('a')?.getAttribute('href') ?? '';
        if (reserved.includes(decodeURIComponent(href.split('/').pop() ?? ''))) return 'reserved';
        // The state follows the priority word without a space ("CriticalNew").
        return /New(?![a-z])/.test(article.textContent ?? '') ? 'new' : 'other';
      }),
    [...handoverIds()],
  );
  const first = states.findIndex((_, i) => states.slice(i, i + 3).join() === 'new,new,new');
  expect(first, states.join()).toBeGreaterThanOrEqual(0);
  const idAt = async (index: number) =>
    decodeURIComponent(
      ((await entries.nth(index).getByRole('link').first().getAttribute('href')) ?? '').split('/').pop() ?? '',
    );
  const [a, b, c] = [await idAt(first), await idAt(first + 1), await idAt(first + 2)];
  // The cursor starts on the first entry.
  for (let i = 0; i <= first; i++) await page.keyboard.press('j');
  await page.keyboard.press('a');
  await expect(review.entry(b)).toContainText('Acknowledged by opal');
  await expect(review.entry(a)).toContainText('New');
  // Select the first and the third, resolve both as a test.
  await page.keyboard.press('k');
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.keyboard.press('r');
  await review.resolveDialog().getByRole('radio', { name: 'Test' }).check();
  await review.button('Resolve with this outcome').click();
  await expect(review.entry(a)).toHaveCount(0);
  await expect(review.entry(c)).toHaveCount(0);
  await expect(review.entry(b)).toContainText('Acknowledged by opal');
  await page.goto(`${server.url}/composite-events?review=resolved&outcome=test`);
  await expect(review.entry(a)).toContainText('Resolved by opal · Test');
  await expect(review.entry(c)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/composite-events\/[^?]+$/);
  await expect(review.reviewSection()).toContainText('Resolved by opal · Test');
  await operator.close();
});

test('the handover lists the resolved incident with its outcome and the open ones with their owners', async ({
  browser,
  request,
}) => {
  const [resolvedId, takenId, assignedId] = handoverIds();
  const acknowledged = await act(request, 'otto', resolvedId, { action: 'acknowledge', expected_version: 0 });
  await act(request, 'otto', resolvedId, {
    action: 'resolve',
    expected_version: acknowledged.version,
    outcome: 'real_incident',
    note: 'Window broken at the east gate',
  });
  await act(request, 'opal', takenId, { action: 'acknowledge', expected_version: 0 });
  await act(request, 'opal', assignedId, { action: 'assign', expected_version: 0, assignee: 'otto' });

  // A viewer reads the handover (the next shift's supervisor needs no operator role).
  const viewer = await browse(browser, 'vera');
  const { review, page } = viewer;
  await review.gotoHandover();
  await expect(review.handoverSummary()).toBeVisible({ timeout: 30_000 });
  const resolved = review.handoverRow('Resolved', resolvedId);
  await expect(resolved).toContainText('Real incident');
  await expect(resolved).toContainText('otto');
  await expect(resolved).toContainText('Window broken at the east gate');
  await expect(review.handoverRow('Still open', takenId)).toContainText(/Acknowledged.*opal/);
  await expect(review.handoverRow('Still open', assignedId)).toContainText(/New.*otto/);
  await expect(review.handoverSummary()).toContainText(/Median time to acknowledge\s*(under a minute|\d+ (min|h|d))/);
  await expect(review.handoverSection('What fired').getByRole('table', { name: 'By rule' })).toBeVisible();

  // The period is in the URL, and the lists stay for a longer one.
  await page.getByText('Last 24 h', { exact: true }).click();
  await expect(page).toHaveURL(/\/handover\?hours=24$/);
  await expect(review.handoverRow('Resolved', resolvedId)).toContainText('Real incident');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(`,composite,${resolvedId},resolved,real_incident,otto,`);
  expect(csv).toMatch(new RegExp(`^open,.*,composite,${assignedId},new,,otto,`, 'm'));

  // On paper: no navigation, header or buttons; the tables are all there.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(resolved).toBeVisible();
  await viewer.close();
});

test('the wall shows unacknowledged incidents first; one left new past ESCALATE_AFTER turns red and chimes again', async ({
  browser,
  request,
}) => {
  // Known state: of the composite events the wall reads, only the newest still new one stays new.
  const keys = compositeIds.map((id) => `key=composite:${encodeURIComponent(id)}`).join('&');
  const answer = await request.get(`${server.url}/api/review/items?${keys}`, {
    headers: { cookie: `esc_session=${tokens.opal}` },
  });
  const items = ((await answer.json()) as { items: { id: string; state: string; version: number }[] }).items;
  const stillNew = items.filter((item) => item.state === 'new');
  const [target, ...others] = stillNew;
  const bulk = await request.post(`${server.url}/api/review/bulk`, {
    headers: { cookie: `esc_session=${tokens.opal}` },
    data: {
      action: 'acknowledge',
      items: others.map((item) => ({ kind: 'composite', id: item.id, expected_version: item.version })),
    },
  });
  expect(bulk.status()).toBe(200);

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1920, height: 1080 } });
  await signInAs(context, server.url, tokens.vera!);
  const page = await context.newPage();
  // The wall's clock starts a minute after the incident fired, and is moved past ESCALATE_AFTER (3 min) below.
  await page.clock.install({ time: Date.parse(startedAt.get(target!.id)!) + 60_000 });
  await page.addInitScript(() => {
    const counted = window as unknown as { chimeTones: number };
    counted.chimeTones = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.chimeTones++;
      return create.call(this);
    };
  });
  await page.goto(`${server.url}/wall?window=1440m&chime=1&lang=en`);
  const wall = new WallPage(page);
  const entry = wall.composite(target!.id);
  await expect(wall.compositeFeed.getByRole('listitem').first()).toHaveAttribute('data-composite-id', target!.id);
  await expect(entry).toHaveAttribute('data-escalated', 'false');
  await expect(entry).toContainText('Not acknowledged');
  await expect(entry).toContainText('1 min');
  // Audio may start suspended (the browser's autoplay rule): a supervisor's click anywhere turns it on.
  const muted = page.getByText(/^Chime muted by this browser/);
  if (await muted.isVisible()) await wall.clock.click();
  await expect(muted).toHaveCount(0);
  const tones = await page.evaluate(() => (window as unknown as { chimeTones: number }).chimeTones);

  await page.clock.fastForward('03:00');
  await expect(entry).toHaveAttribute('data-escalated', 'true');
  await expect(entry).toContainText('Overdue: not acknowledged');
  await expect(entry).toContainText('4 min');
  await expect(entry).toHaveCSS('background-color', 'rgb(143, 29, 29)');
  // One more chime: two tones.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { chimeTones: number }).chimeTones))
    .toBe(tones + 2);

  // An operator takes it on another screen: then nothing is red or new, and newer taken ones lead (the
  // target, older, may leave the wall's few lines). How fast a change reaches a screen is the first
  // test's to say; here a loaded machine may take longer.
  await act(request, 'opal', target!.id, { action: 'acknowledge', expected_version: target!.version });
  await expect(wall.compositeFeed.locator('[data-escalated="true"]')).toHaveCount(0);
  await expect(wall.compositeFeed.locator('[data-review-state="new"]')).toHaveCount(0);
  await expect(wall.compositeFeed.getByRole('listitem').first()).toContainText(/Acknowledged by \w+|Resolved/);
  await context.close();
});
