import type { Locator } from '@playwright/test';
import { MapPage } from './support/map-page';
import { expect, test } from './support/test';
import { WallPage } from './support/wall-page';

test.describe('wall display', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('is a dark screen without navigation, configured by its URL', async ({ page, request }) => {
    const busan = await MapPage.micTotal(request, 'edge-busan-01');
    const wall = new WallPage(page);
    await wall.goto('?edge_id=edge-busan-01&window=30m&refresh=7');
    await expect(wall.wall).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(wall.clock).toBeVisible();
    await expect(wall.map).toBeVisible();
    await expect(wall.wall).toContainText('edge-busan-01');
    await expect(wall.wall).toContainText('last 30 min');
    // Pushed by the hub's stream; `refresh` is the pace the wall polls at without it (e2e/live.spec.ts).
    await expect(wall.setup).toContainText('live');
    await expect(wall.wall).toContainText(`${busan} mics`);
    await expect(wall.freshness).toContainText('Updated');
  });

  test('shows a new event by itself, without a reload', async ({ page, demo }) => {
    const wall = new WallPage(page);
    await wall.goto('?refresh=1');
    await expect(wall.freshness).toContainText('Updated');
    // "Updated" on a live wall is the stream's; an event added before the feed's first answer is in
    // that answer, history rather than new (seen under load: data-new "false").
    await expect(wall.eventFeedAnswered).toBeVisible();
    await wall.markDocument();
    const created = await demo.addEvent({ mic_id: 'mic-0007', label_id: 'gunshot', confidence: 0.97 });
    const entry = wall.event(created.id);
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Gunshot');
    await expect(entry).toHaveAttribute('data-new', 'true');
    // Its mic pulses on the map while the event is new.
    await expect(wall.wall).toHaveAttribute('data-pulsing', 'true');
    expect(await wall.documentMarked()).toBe(true);
  });

  test('asks for the first incidents’ places in one request, beside their review states, not one per card', async ({
    page,
  }) => {
    const batches: string[][] = [];
    const single: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/insights/composite-events/sources') batches.push(url.searchParams.getAll('id'));
      const one = /^\/api\/insights\/composite-events\/([^/]+)\/source$/.exec(url.pathname);
      if (one !== null) single.push(decodeURIComponent(one[1]!));
    });
    const wall = new WallPage(page);
    await wall.goto('?window=1440m');
    const places = wall.compositeFeed.getByTestId('wall-place');
    await expect(places.first()).toBeVisible();
    await expect(places.filter({ hasText: /^…$/ })).toHaveCount(0);
    expect(batches).toHaveLength(1);
    // Only an incident that came after the first answer asks for its own place.
    expect(single.filter((id) => batches[0]!.includes(id))).toEqual([]);
    const shown = await wall.compositeFeed
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-composite-id')!));
    expect(shown.filter((id) => !batches[0]!.includes(id) && !single.includes(id))).toEqual([]);
  });

  test('marks data stale while the edge is down and recovers by itself', async ({ page, demo, consoleErrors }) => {
    const wall = new WallPage(page);
    await wall.goto('?refresh=1');
    await expect(wall.freshness).toContainText('Updated');
    await expect(wall.eventFeed.getByRole('listitem').first()).toBeVisible();
    const entries = await wall.eventFeed.getByRole('listitem').count();
    await wall.markDocument();

    await demo.setFault('down');
    await expect(wall.banner).toContainText(/DATA STALE since \d\d:\d\d:\d\d/);
    // The last good data stays on screen.
    await expect(wall.eventFeed.getByRole('listitem')).toHaveCount(entries);

    await demo.setFault('normal');
    await expect(wall.banner).toHaveCount(0);
    await expect(wall.freshness).toHaveAttribute('data-stale', 'false');
    expect(await wall.documentMarked()).toBe(true);
    // Chromium logs each failed refresh (502) as a console error; those were the point of this test.
    consoleErrors.length = 0;
  });

  test('its map shows the mics and the outlines as pictures, which a frame does not copy again', async ({ page }) => {
    const wall = new WallPage(page);
    await wall.goto();
    await expect(wall.mapCanvases).toHaveCount(2);
    // What each canvas shows, read back through an ImageBitmap (the way the wall hands it over).
    const shown = (canvas: Locator) =>
      canvas.evaluate(async (element: HTMLCanvasElement) => {
        const picture = await createImageBitmap(element);
        const paper = new OffscreenCanvas(picture.width, picture.height);
        const context = paper.getContext('2d')!;
        context.drawImage(picture, 0, 0);
        const alpha = context.getImageData(0, 0, paper.width, paper.height).data.filter((_, i) => i % 4 === 3);
        // A 2D canvas in the page is copied into every frame a software compositor commits (each
        // tick of the clock); one holding an ImageBitmap is not (src/components/map/bitmap-canvas.ts).
        return { painted: alpha.filter((a) => a > 0).length, twoD: element.getContext('2d') !== null };
      });
    for (const canvas of await wall.mapCanvases.all()) {
      await expect.poll(async () => (await shown(canvas)).painted).toBeGreaterThan(100);
      expect((await shown(canvas)).twoD).toBe(false);
    }
  });

  test('with chime=1 in a browser that holds sound back, says so in one small line; a click anywhere turns it on', async ({
    page,
  }) => {
    // As a browser's autoplay rule does: every audio context starts suspended.
    await page.addInitScript(() => {
      const Audio = window.AudioContext;
      window.AudioContext = class extends Audio {
        constructor(options?: AudioContextOptions) {
          super(options);
          void this.suspend();
        }
      };
    });
    const wall = new WallPage(page);
    await wall.goto('?chime=1');
    const muted = page.getByRole('status').filter({ hasText: 'Chime muted by this browser' });
    await expect(muted).toContainText('--autoplay-policy=no-user-gesture-required');
    await expect(page.getByRole('button', { name: /sound/i })).toHaveCount(0);
    const size = (locator: typeof muted) => locator.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(await size(muted)).toBeLessThan(await size(wall.setup));

    await wall.clock.click();
    await expect(muted).toHaveCount(0);
  });
});

test.describe('wall on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the clock stays put as the wall settles; an unusual line cut short ends in … and its hint holds it whole', async ({
    page,
    demo,
  }) => {
    // A mic and label the demo's seeded history rarely pairs: a burst of it is unusual at once (insights.spec.ts).
    for (let i = 0; i < 8; i += 1) await demo.addEvent({ mic_id: 'mic-0011', label_id: 'gunshot' });
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { headerShifts: string[] }).headerShifts = shifts;
      new PerformanceObserver((list) => {
        type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        for (const entry of list.getEntries() as unknown as { sources: Source[] }[])
          for (const { node, previousRect: from, currentRect: to } of entry.sources)
            if (node instanceof Element && node.closest('header') !== null)
              shifts.push(`${node.outerHTML.slice(0, 60)} ${from.x},${from.y} -> ${to.x},${to.y}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const wall = new WallPage(page);
    const items = wall.unusual.getByRole('listitem');
    // The server computes every 10 s: load again until the burst is in.
    await expect(async () => {
      await wall.goto();
      await expect(items.first()).toBeVisible({ timeout: 12_000 });
    }).toPass({ timeout: 60_000 });
    await expect(wall.freshness).toContainText('Updated');
    expect(await page.evaluate(() => (window as unknown as { headerShifts: string[] }).headerShifts)).toEqual([]);

    // The burst, or whatever else the shared demo made unusual first: each line's hint holds it whole.
    const first = items.first();
    const hint = await first.getAttribute('data-hint');
    expect(hint).toMatch(/^.+: .+ ×\d+ in 15 min, usually/);
    // Nothing runs past the item's edge to be cut there mid-word; what is longer than its room ends in "…".
    for (const item of await items.all()) {
      if (!(await item.isVisible())) continue;
      const fit = await item.evaluate((li) => ({
        clipped: li.scrollWidth > li.clientWidth + 1,
        cutWithoutEllipsis: [...li.children].some(
          (part) => part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).textOverflow !== 'ellipsis',
        ),
      }));
      expect(fit).toEqual({ clipped: false, cutWithoutEllipsis: false });
    }
    // Reachable without a pointer too: a focus shows the whole line.
    await first.focus();
    await expect(page.getByRole('tooltip')).toHaveText(hint!);
  });
});
