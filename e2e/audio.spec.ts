import fs from 'node:fs';
import crypto from 'node:crypto';
import { unzipSync } from 'fflate';
import type { Browser, Locator } from '@playwright/test';
import { extraPort, specDataDir, startConsole, type ConsoleProcess } from './support/console-process';
import { ListenPage } from './support/listen-page';
import { addAccounts, signInAs } from './support/review-accounts';
import { expect, test } from './support/test';

/**
 * Listening on the drill-down, on a console of this spec's own (embedded demo edge, which serves a
 * synthesised clip at each base event's file_path): clips play and are drawn, a verdict reaches
 * another screen, the evidence pack holds what its manifest says.
 */
let server: ConsoleProcess;
let dataDir: string;
let tokens: Record<string, string>;
/** Composite events whose first sound was heard by three mics or more. */
let incidents: string[];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  dataDir = specDataDir('audio');
  server = await startConsole(extraPort(4), { DATA_DIR: dataDir, DEMO_EVENT_INTERVAL_MS: '0' });
  tokens = addAccounts(dataDir, [
    { username: 'opal', role: 'operator' },
    { username: 'vera', role: 'viewer' },
  ]);
  const page = await request.get(`${server.url}/api/v1/composite-events?size=50&order_by=desc`, {
    headers: { cookie: `esc_session=${tokens.opal}` },
  });
  expect(page.ok()).toBe(true);
  const results = ((await page.json()) as { results: { id: string; events: { created_at: string }[] }[] }).results;
  incidents = results
    .filter((c) => {
      const times = c.events.map((e) => Date.parse(e.created_at)).sort((a, b) => a - b);
      return times.filter((t) => t - times[0]! <= 2500).length >= 3;
    })
    .map((c) => c.id);
  expect(incidents.length).toBeGreaterThanOrEqual(3);
});

test.afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function browse(browser: Browser, username: string) {
  const context = await browser.newContext({ locale: 'en-US', acceptDownloads: true });
  await signInAs(context, server.url, tokens[username]!);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('edge-sound-console.language', 'en'));
  return { page, listen: new ListenPage(page, server.url), close: () => context.close() };
}

/** Pixels of a canvas that differ from its first pixel: a blank or one-colour canvas has none. */
const drawnPixels = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let differing = 0;
    for (let i = 4; i < data.length; i += 4) {
      if (Math.abs(data[i]! - data[0]!) + Math.abs(data[i + 1]! - data[1]!) + Math.abs(data[i + 2]! - data[2]!) > 30)
        differing++;
    }
    return differing;
  });

test('a viewer hears each clip and sees its spectrogram; the player loads only with the drill-down', async ({
  browser,
}) => {
  const viewer = await browse(browser, 'vera');
  const chunks: string[] = [];
  viewer.page.on('request', (request) => {
    if (/listen-player|analysis-worker/.test(request.url())) chunks.push(request.url());
  });
  await viewer.page.goto(`${server.url}/events`);
  await expect(viewer.page.getByRole('table', { name: 'Sound events' })).toBeVisible({ timeout: 30_000 });
  expect(chunks).toEqual([]);

  await viewer.listen.gotoDetail(incidents[0]!);
  await expect(viewer.listen.section()).toBeVisible({ timeout: 30_000 });
  expect(await viewer.listen.rows().count()).toBeGreaterThanOrEqual(3);
  await expect.poll(() => drawnPixels(viewer.listen.spectrogram(0)), { timeout: 20_000 }).toBeGreaterThan(1000);
  expect(chunks.some((url) => url.includes('listen-player'))).toBe(true);
  expect(chunks.some((url) => url.includes('analysis-worker'))).toBe(true);
  // A viewer listens, but records nothing and exports nothing.
  await expect(viewer.listen.button('Confirmed by listening')).toHaveCount(0);
  await expect(viewer.listen.button('Evidence pack')).toHaveCount(0);

  await viewer.listen.playButton(1).click();
  await expect(viewer.listen.playButton(1)).toHaveAccessibleName(/^Pause /);
  await expect.poll(() => viewer.listen.audio(1).evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);

  // Keyboard: k selects the row above, space plays it (and stops the other).
  await viewer.listen
    .rows()
    .nth(1)
    .click({ position: { x: 5, y: 5 } });
  await viewer.page.keyboard.press('k');
  await expect(viewer.listen.selectedRow()).toHaveAttribute('data-event-id', /.+/);
  await expect(viewer.listen.rows().nth(0)).toHaveAttribute('aria-current', 'true');
  await viewer.page.keyboard.press(' ');
  await expect(viewer.listen.playButton(0)).toHaveAccessibleName(/^Pause /);
  await expect(viewer.listen.playButton(1)).toHaveAccessibleName(/^Play /);
  await expect.poll(() => viewer.listen.audio(0).evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);
  await viewer.close();
});

test('"confirmed by listening" reaches the history on another screen', async ({ browser }) => {
  const operator = await browse(browser, 'opal');
  const viewer = await browse(browser, 'vera');
  const id = incidents[1]!;
  await viewer.listen.gotoDetail(id);
  await expect(viewer.listen.history()).toBeVisible({ timeout: 30_000 });
  await operator.listen.gotoDetail(id);
  await operator.listen.button('Confirmed by listening').click();
  await expect(operator.page.getByText('Recorded in the review history.')).toBeVisible();
  await expect(viewer.listen.history()).toContainText('opal: confirmed by listening', { timeout: 5000 });

  await operator.listen.wrongLabel().click();
  const dialog = operator.listen.relabelDialog();
  await dialog.getByRole('combobox', { name: 'The sound really was' }).fill('Car horn');
  await dialog.getByRole('option', { name: 'Car horn' }).click();
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(viewer.listen.history()).toContainText('opal: listened: the label is wrong, it was car_horn', {
    timeout: 5000,
  });
  await operator.close();
  await viewer.close();
});

test('the evidence pack downloads, and every file matches its SHA-256 in the manifest', async ({ browser }) => {
  const operator = await browse(browser, 'opal');
  const id = incidents[2]!;
  await operator.listen.gotoDetail(id);
  await expect(operator.listen.section()).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    operator.page.waitForEvent('download'),
    operator.listen.button('Evidence pack').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^evidence-.+\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
  const manifestBytes = files['manifest.json']!;
  expect(new TextDecoder().decode(files['manifest.sha256'])).toBe(`${sha256(manifestBytes)}  manifest.json\n`);
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as {
    exported_by: { username: string };
    files: { name: string; sha256: string }[];
    clips_missing: unknown[];
  };
  expect(manifest.exported_by.username).toBe('opal');
  expect(manifest.clips_missing).toEqual([]);
  const names = manifest.files.map((file) => file.name);
  expect(names).toEqual(expect.arrayContaining(['timeline.json', 'timeline.csv', 'review.json', 'audit.json']));
  expect(names.filter((name) => name.startsWith('clips/')).length).toBeGreaterThanOrEqual(3);
  for (const file of manifest.files) expect(sha256(files[file.name]!), file.name).toBe(file.sha256);
  expect(Object.keys(files).sort()).toEqual([...names, 'manifest.json', 'manifest.sha256'].sort());
  await operator.close();
});
