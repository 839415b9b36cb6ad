import { LocationPage, type ApiSourceAnswer } from './support/location-page';
import { expect, test } from './support/test';
import { WallPage } from './support/wall-page';

const COMPASS = '(north|north-east|east|south-east|south|south-west|west|north-west)';
/** "120 m north-east of Plaza gate 7", "1.2 km west of …", or "at Plaza gate 7". */
const PLACE_IN_WORDS = new RegExp(`(\\d+(\\.\\d)? k?m ${COMPASS} of \\S|at \\S)`);

test.describe('where it was', () => {
  test('the drill-down shows a located sound, its 95 % circle and why it is there', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { id } = await LocationPage.findComposite(request, (a) => a.sources.some((s) => s.method !== 'nearest-mic'));
    const where = new LocationPage(page);
    // The page is held to the answer it was served: the shared demo may add a sound to the composite
    // between the lookup above and the page's own request.
    const served = page.waitForResponse((r) => r.url().endsWith(`/composite-events/${encodeURIComponent(id)}/source`));
    await page.goto(`/composite-events/${encodeURIComponent(id)}`);
    const answer = (await (await served).json()) as ApiSourceAnswer;
    const located = answer.sources.filter((s) => s.method !== 'nearest-mic');
    const best = located.reduce((a, b) => (b.radius_m < a.radius_m ? b : a));

    await expect(where.whereSection()).toBeVisible();
    await expect(where.whereSection().getByTestId('where-best')).toContainText(PLACE_IN_WORDS);
    await expect(where.placeMarks(where.whereMap())).toHaveCount(located.length);
    // The chosen (best) sound's circle: one, drawn on the map.
    await expect(where.circles(where.whereMap())).toHaveCount(1);
    await expect(where.circles(where.whereMap())).toBeVisible();
    await expect(where.sounds()).toHaveCount(answer.sources.length);
    const chosen = where.chosenSound();
    await expect(chosen).toContainText('Why this place');
    await expect(chosen).toContainText(best.method === 'arrival-time' ? 'By arrival times' : 'By sound levels');
    await expect(where.residuals(chosen).locator('tbody tr')).toHaveCount(best.mic_ids.length);
    expect(consoleErrors).toEqual([]);
  });

  test('a sound heard by one mic says it cannot be located, and why', async ({ page, request }) => {
    const { id } = await LocationPage.findComposite(request, (a) =>
      a.sources.some((s) => s.method === 'nearest-mic' && (s.reason ?? '').includes('only one mic')),
    );
    const where = new LocationPage(page);
    await page.goto(`/composite-events/${encodeURIComponent(id)}`);
    await expect(where.whereSection()).toBeVisible();
    await expect(where.sounds().filter({ hasText: 'Cannot locate: only one mic heard it' }).first()).toBeVisible();
    await expect(where.sounds().filter({ hasText: '(not located)' }).first()).toBeVisible();
  });

  test.describe('on the wall', () => {
    test.use({ viewport: { width: 1920, height: 1080 } });

    test('an incident card names the place in words and the wall map marks it', async ({ page, request }) => {
      const wall = new WallPage(page);
      const where = new LocationPage(page);
      await wall.goto();
      await expect(wall.freshness).toContainText('Updated');
      const id = await LocationPage.stageExplosion(request);
      const card = wall.composite(id);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('wall-place')).toHaveText(PLACE_IN_WORDS);
      await expect(card.getByTestId('wall-place')).toHaveAttribute('data-located', 'true');
      const number = (await card.getByTestId('wall-place').locator('[aria-hidden]').first().textContent())!;
      await expect(where.placeMarks(wall.map).filter({ hasText: number })).toHaveCount(1);
    });
  });

  test('the coverage layer shades where three mics can hear a sound', async ({ page }) => {
    const where = new LocationPage(page);
    await page.goto('/map');
    await expect(page.getByTestId('mic-map')).toHaveAttribute('data-mics-drawn', /[1-9]/);
    await expect(where.coverageCanvas()).toHaveCount(0);
    await where.coverageSwitch().click({ force: true });
    await expect(page).toHaveURL(/[?&]coverage=/);
    await expect(where.coverageCanvas()).toHaveAttribute('data-locate-cells', /^[1-9]\d*$/);
    // Something is painted: the canvas holds pixels that are not transparent.
    const painted = await where.coverageCanvas().evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
      return count;
    });
    expect(painted).toBeGreaterThan(0);
    await where.coverageSwitch().click({ force: true });
    await expect(where.coverageCanvas()).toHaveCount(0);
  });
});
