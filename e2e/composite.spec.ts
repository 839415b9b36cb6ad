import { CompositePage } from './support/composite-page';
import { expect, test } from './support/test';

interface ApiComposite {
  id: string;
  rule: { name: string; window_seconds: number; min_events: number };
  events: { id: string; microphone: { name: string } }[];
}

test.describe('composite events', () => {
  test('opens a composite event from the timeline and shows its rule and every base event', async ({ page }) => {
    const composite = new CompositePage(page);
    await composite.gotoTimeline();
    await expect(composite.timelineHeading()).toBeVisible();
    await expect(composite.entries().first()).toBeVisible();
    await composite.entryLink(0).click();
    await expect(page).toHaveURL(/\/composite-events\/[^/?]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    const response = await page.request.get(`/api/v1/composite-events/${encodeURIComponent(id)}`);
    expect(response.ok()).toBe(true);
    const expected = (await response.json()) as ApiComposite;

    await expect(page.getByRole('heading', { name: expected.rule.name, level: 2 })).toBeVisible();
    await expect(composite.ruleSection()).toContainText(expected.rule.name);
    await expect(composite.ruleSection()).toContainText(`${expected.rule.min_events} events`);
    await expect(composite.baseEventRows()).toHaveCount(expected.events.length);
    for (const event of expected.events) await expect(composite.baseEventsTable()).toContainText(event.microphone.name);
    await expect(composite.whyCaption()).toContainText(
      new RegExp(`^${expected.events.length} events? within .* window; rule needs ${expected.rule.min_events}\\.`),
    );
    await expect(composite.whySection().getByRole('img')).toBeVisible();
    await expect(composite.micsSection().getByText('Credentials hidden').first()).toBeVisible();

    await page.getByRole('link', { name: 'Composite events' }).first().click();
    await expect(composite.timelineHeading()).toBeVisible();
  });

  test('a deep link to a composite event works after a reload', async ({ page }) => {
    const composite = new CompositePage(page);
    const list = await page.request.get('/api/v1/composite-events?size=1&order_by=asc');
    const first = ((await list.json()) as { results: ApiComposite[] }).results[0]!;
    await composite.gotoDetail(first.id);
    await expect(page.getByRole('heading', { name: first.rule.name, level: 2 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: first.rule.name, level: 2 })).toBeVisible();
    await expect(composite.baseEventRows()).toHaveCount(first.events.length);
  });

  test('the replay and mics-involved maps show every mic above the basemap', async ({ page, consoleErrors }) => {
    const composite = new CompositePage(page);
    const list = await page.request.get('/api/v1/composite-events?size=1&order_by=asc');
    const first = ((await list.json()) as { results: ApiComposite[] }).results[0]!;
    await composite.gotoDetail(first.id);
    for (const map of [composite.replayMap(), composite.micsMap()]) {
      await map.scrollIntoViewIfNeeded();
      // The offline basemap is the map's one canvas: its pane must lie under the markers' pane, so
      // no layer drawn later (or on canvas, as on the mic drawer's map) can be painted over by it.
      const basemap = map.locator('canvas');
      await expect(basemap).toHaveCount(1);
      const markers = composite.markers(map);
      await expect(markers.first()).toBeVisible();
      const paneZ = (element: Element) => Number(getComputedStyle(element.closest('.leaflet-pane')!).zIndex);
      expect(await basemap.evaluate(paneZ)).toBeLessThan(await markers.first().evaluate(paneZ));
      for (const marker of await markers.all()) {
        // What a pointer (and the eye) meets at the marker's centre is a marker, not the basemap's land.
        const onTop = await marker.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit?.matches('path.leaflet-interactive') ?? false;
        });
        expect(onTop, 'marker drawn above the basemap').toBe(true);
      }
    }
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown id shows a clear not-found message with a way back', async ({ page }) => {
    const composite = new CompositePage(page);
    await composite.gotoDetail('no-such-composite-event');
    await expect(composite.notFound()).toBeVisible();
    await expect(page.getByText('There is no composite event with id “no-such-composite-event”')).toBeVisible();
    await composite.backToTimeline().click();
    await expect(page).toHaveURL(/\/composite-events$/);
    await expect(composite.entries().first()).toBeVisible();
  });

  test('a composite arriving while the timeline is open waits behind "N new" and shows on click', async ({
    page,
    demo,
  }) => {
    const composite = new CompositePage(page);
    await composite.gotoTimeline();
    await expect(composite.entries().first()).toBeVisible();
    const before = await composite.entries().evaluateAll((all) => all.map((a) => a.getAttribute('data-composite-id')));
    // Two blasts within 30 s: the demo's "Gunshot or explosion" rule fires.
    const blast = await demo.addEvent({ mic_id: 'mic-0003', label_id: 'gunshot' });
    await demo.addEvent({ mic_id: 'mic-0019', label_id: 'gunshot' });
    let id = '';
    await expect(async () => {
      const list = await page.request.get('/api/v1/composite-events?size=10&order_by=desc');
      const found = ((await list.json()) as { results: ApiComposite[] }).results.find((c) =>
        c.events.some((e) => e.id === blast.id),
      );
      expect(found).toBeDefined();
      id = found!.id;
    }).toPass({ timeout: 10_000 });

    const notice = composite.newEntries();
    await expect(notice).toBeVisible({ timeout: 20_000 });
    // Nothing moved: the entries on screen are the ones drawn before it arrived.
    expect(await composite.entries().evaluateAll((all) => all.map((a) => a.getAttribute('data-composite-id')))).toEqual(
      before,
    );
    await expect(composite.entry(id)).toHaveCount(0);

    await notice.click();
    await expect(composite.entry(id)).toBeVisible();
    await expect(notice).toBeHidden();
    // The button left with what it announced: focus went to the newest entry, not back to the page's start.
    await expect(composite.entryLink(0)).toBeFocused();
  });

  test('the order toggle asks the service for oldest first and keeps it in the URL', async ({ page }) => {
    const composite = new CompositePage(page);
    await composite.gotoTimeline();
    await expect(composite.entries().first()).toBeVisible();
    const request = page.waitForRequest(
      (req) => new URL(req.url()).pathname === '/api/v1/composite-events' && req.url().includes('order_by=asc'),
    );
    await composite.orderOption('Oldest first').click();
    const params = new URL((await request).url()).searchParams;
    expect(params.get('order_by')).toBe('asc');
    await expect(page).toHaveURL(/order=asc/);
  });
});
