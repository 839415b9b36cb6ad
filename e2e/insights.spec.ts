import { CompositePage } from './support/composite-page';
import { InsightsPage } from './support/insights-page';
import { expect, test } from './support/test';

// A mic and label the demo's seeded history rarely pairs: a burst of it is unusual at once.
const BURST_MIC = 'mic-0011';
const BURST_LABEL = 'gunshot';
const BURST = 8;

test.describe('acoustic insights', () => {
  test('lists an injected burst as unusual, with the usual count beside it', async ({ page, demo }) => {
    for (let i = 0; i < BURST; i += 1) await demo.addEvent({ mic_id: BURST_MIC, label_id: BURST_LABEL });
    const insights = new InsightsPage(page);
    await insights.goto();
    // The server computes at most every 10 s and reads new events through the hub: ask again until it has.
    await expect(async () => {
      await insights.refresh().click();
      await expect(insights.unusualMics().getByRole('link', { name: /./ }).first()).toBeVisible({ timeout: 2000 });
      await expect(
        insights
          .unusualMics()
          .getByRole('listitem')
          .filter({ hasText: `Gunshot ×${BURST} in 15 min` }),
      ).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    const row = insights
      .unusualMics()
      .getByRole('listitem')
      .filter({ hasText: `Gunshot ×${BURST}` });
    await expect(row).toContainText(/usually (none|\d)/);
    await expect(row.getByRole('link')).toHaveAttribute('href', `/mics/${BURST_MIC}`);
  });

  test("names the demo's deaf mic with what it missed", async ({ page }) => {
    const insights = new InsightsPage(page);
    await insights.goto();
    const deaf = insights.suspect('Gangnam Station Exit 11 South pole');
    await expect(deaf).toBeVisible({ timeout: 30_000 });
    await expect(deaf).toContainText('Missed events');
    await expect(deaf).toContainText('heard by');
  });

  test('opens a threshold suggestion in the drawer, filled in and unsaved', async ({ page }) => {
    const insights = new InsightsPage(page);
    await insights.goto();
    await expect(insights.suggestions().first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Only raising can be suggested/)).toBeVisible();
    await insights.reviewInDrawer(0).click();
    await expect(page).toHaveURL(/\/mics\/[^/?]+\?suggest=[^&]+&to=[\d.]+$/);
    const to = new URL(page.url()).searchParams.get('to')!;
    await expect(insights.drawer().getByText(new RegExp(`raised to ${to.replace('.', '\\.')}`))).toBeVisible();
    await expect(insights.drawer().getByText('1 unsaved change')).toBeVisible();
  });

  test('replays a composite event: the slider moves and a mic lights', async ({ page }) => {
    const composite = new CompositePage(page);
    await composite.gotoTimeline();
    await composite.entryLink(0).click();
    const insights = new InsightsPage(page);
    await expect(insights.replay()).toBeVisible();
    await expect(insights.replay().getByTestId('replay-motion')).toContainText(/stationary|moving|Too few/);
    await expect(insights.heardEvents()).toHaveCount(0);
    await insights.play().click();
    await expect
      .poll(async () => Number(await insights.replaySlider().getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    await expect(insights.heardEvents().first()).toBeVisible({ timeout: 15_000 });
  });
});
