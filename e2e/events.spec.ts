import fs from 'node:fs/promises';
import { EventsPage } from './support/events-page';
import { connectionBadge } from './support/live';
import { LocationPage } from './support/location-page';
import { expect, test } from './support/test';

test.describe('/events', () => {
  test('filters by a time range, two mics and two labels, sending repeated parameters', async ({ page }) => {
    const events = new EventsPage(page);
    await events.goto();
    await expect(events.table()).toBeVisible();

    await events.rangeOption('Last 7 days').click();
    for (const mic of ['mic-0001', 'mic-0002']) {
      await events.micsInput().fill(mic);
      await events.option(new RegExp(`\\(${mic}\\)`)).click();
    }
    await events.labelsInput().fill('scream');
    await events.option(/\(scream\)/).click();
    await events.labelsInput().fill('siren');
    const request = events.nextListRequest((params) => params.getAll('label_id').length === 2);
    await events.option(/\(siren\)/).click();
    const params = new URL((await request).url()).searchParams;

    expect(params.getAll('mic_id')).toEqual(['mic-0001', 'mic-0002']);
    expect(params.getAll('label_id')).toEqual(['scream', 'siren']);
    const start = Date.parse(params.get('start') ?? '');
    expect(Math.abs(Date.now() - 7 * 24 * 3_600_000 - start)).toBeLessThan(120_000);
    expect(params.has('end')).toBe(false);
    expect(params.get('page')).toBe('1');

    // The filter lives in the URL: a reload keeps it.
    await expect(page).toHaveURL(/range=7d&mic=mic-0001&mic=mic-0002&label=scream&label=siren/);
    await page.reload();
    await expect(page.getByText('(mic-0002)')).toBeVisible();
    const rows = events.rows();
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) {
      expect(text).toMatch(/mic-000[12]/);
      expect(text).toMatch(/Scream|Siren/);
    }
  });

  test('shows which mics heard each event, and filters to events other mics heard too', async ({ page, request }) => {
    // A sound of its own heard by four mics: the newest page's seeded events need not hold one.
    await LocationPage.stageExplosion(request);
    const events = new EventsPage(page);
    await events.goto('?size=100');
    await expect(events.heardByMany().first()).toBeVisible();
    await expect(events.heardByOwnOnly().first()).toBeVisible();
    const corroborated = await events.heardByMany().count();

    // The hint names the mics, the event's own first.
    const first = events.heardByMany().first();
    const count = Number((await first.innerText()).match(/\d+/)![0]);
    const names = (await first.getAttribute('data-hint'))!.replace(/^Same sound within 10 s at: /, '').split(', ');
    expect(names).toHaveLength(count);

    // The switch follows the URL, which the router updates a moment after the click.
    await events.corroboratedOnly().click();
    await expect(page).toHaveURL(/corroborated=1/);
    await expect(events.corroboratedOnly()).toBeChecked();
    await expect(events.heardByOwnOnly()).toHaveCount(0);
    await expect(events.rows()).toHaveCount(corroborated);
    await expect(events.heardByMany()).toHaveCount(corroborated);
  });

  test('the header and the page say the same about freshness: live with the stream, polling every 10 s without', async ({
    page,
  }) => {
    const events = new EventsPage(page);
    await events.goto();
    await expect(connectionBadge(page)).toHaveAttribute('data-live', 'live');
    await expect(connectionBadge(page)).toHaveText('Live');
    await expect(page.getByText('Live: new events are counted as they arrive')).toBeVisible();

    await page.route('**/live*', (route) => route.abort());
    await page.reload();
    await expect(events.rows().first()).toBeVisible();
    await expect(connectionBadge(page)).toHaveText('Polling');
    await expect(page.getByText('Checking for new events every 10 s')).toBeVisible();
    await expect(page.getByText(/^Live/)).toHaveCount(0);
  });

  test('new events wait behind a button instead of shoving the list', async ({ page, demo }) => {
    const events = new EventsPage(page);
    await events.goto('?range=7d');
    const firstRow = events.rows().first();
    // The row is whole once its "Heard by" cell has its final answer: "…" (not known yet) and "at
    // least" while the newest event's window is open, which closes 15 s after it (the page asks again).
    await expect(firstRow).toContainText(/Heard by \d+ mics|Only its own mic/, { timeout: 30_000 });
    const before = (await firstRow.textContent()) ?? '';

    await demo.addEvent({ mic_id: 'mic-0007', label_id: 'siren', confidence: 0.91 });
    // The probe polls every 10 s.
    await expect(events.newEventsButton()).toHaveText('1 new event', { timeout: 15_000 });
    await expect(firstRow).toHaveText(before);

    await events.newEventsButton().click();
    await expect(firstRow).toContainText('mic-0007');
    await expect(firstRow).toContainText('91%');
    await expect(events.newEventsButton()).toBeHidden();
  });

  test('exports the filter to CSV with both label names, telling about the cap', async ({ page }) => {
    const events = new EventsPage(page);
    await events.goto('?range=7d');
    await events.exportButton().click();
    await expect(events.exportDialog()).toContainText(/This filter matches \d{2},\d{3} events/);
    await expect(events.exportDialog()).toContainText(/Only the newest 10,000 of \d{2},\d{3} events will be exported/);
    await events.exportDialog().getByRole('button', { name: 'Close' }).click();

    await events.goto('?range=24h&mic=mic-0001');
    await expect(events.rows().first()).toBeVisible();
    const api = await page.request.get(
      '/api/v1/events?mic_id=mic-0001&size=1&start=' + new Date(Date.now() - 86_400_000).toISOString(),
    );
    const total = ((await api.json()) as { total_cnt: number }).total_cnt;
    await events.exportButton().click();
    const download = page.waitForEvent('download');
    await events.exportDialog().getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sound-events-\d{8}-\d{6}\.csv$/);
    const text = (await fs.readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'created_at_utc,event_id,label_id,label_en,label_ko,confidence,mic_id,mic_name,latitude,longitude',
    );
    // The count can only have grown by events that arrived in between (the live feed is off in tests).
    expect(lines.length - 1).toBe(total);
    expect(lines.slice(1).every((line) => line.includes(',mic-0001,'))).toBe(true);
    await expect(events.exportDialog()).toContainText(`Exported ${total.toLocaleString('en')} rows`);
  });
});
