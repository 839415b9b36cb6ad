import { MapPage } from './support/map-page';
import { expect, test } from './support/test';

test.describe('mic map', () => {
  test('shows a marker or cluster for every mic the edge reports', async ({ page, request, consoleErrors }) => {
    const total = await MapPage.micTotal(request);
    expect(total).toBeGreaterThan(0);
    const map = new MapPage(page);
    await map.goto();
    await expect(map.summary).toContainText(`${total} of ${total} mics shown`);
    await expect(map.map).toHaveAttribute('data-mics-shown', String(total));
    // Fitted to all mics on load: every one is drawn, alone or inside a cluster.
    await expect(map.map).toHaveAttribute('data-mics-drawn', String(total));
    await expect(page.getByRole('region', { name: 'Mic map' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a mic found by name opens its popup, whose link goes to the edit drawer', async ({ page }) => {
    const map = new MapPage(page);
    await map.goto();
    await expect(map.map).toHaveAttribute('data-mics-shown', /[1-9]/);
    await map.findMic.fill('mic-0003');
    await map.option(/mic-0003/).click();
    await expect(map.micPopup).toBeVisible();
    await expect(map.micPopup).toContainText('mic-0003');
    await expect(map.micPopup).toContainText('edge-');
    await expect(map.micPopup.getByText('Latest events')).toBeVisible();
    // Finding a mic moves the map, so automatic fitting stops until "Reset view".
    await expect(map.map).toHaveAttribute('data-user-moved', 'true');
    await expect(map.editLink).toHaveAttribute('href', '/mics/mic-0003');
    await map.editLink.click();
    await expect(page).toHaveURL(/\/mics\/mic-0003$/);
  });

  test('filters live in the URL and narrow the mics on the map', async ({ page, request }) => {
    const busan = await MapPage.micTotal(request, 'edge-busan-01');
    const total = await MapPage.micTotal(request);
    const map = new MapPage(page);
    await map.goto();
    await expect(map.map).toHaveAttribute('data-mics-shown', String(total));
    await map.filter('Edge server').click();
    await map.option('edge-busan-01').click();
    await expect(page).toHaveURL(/edge_id=edge-busan-01/);
    await expect(map.summary).toContainText(`${busan} of ${total} mics shown`);
    await expect(map.map).toHaveAttribute('data-mics-drawn', String(busan));

    const inactive = await MapPage.inactiveOf(request, 'edge-busan-01');
    expect(inactive).toBeLessThan(busan);
    await page.goto('/map?edge_id=edge-busan-01&status=inactive');
    await expect(map.filter('Status')).toHaveValue('Inactive');
    await expect(map.map).toHaveAttribute('data-mics-shown', String(inactive));
  });

  test('reset view fits all mics again after the user zoomed', async ({ page, request }) => {
    const total = await MapPage.micTotal(request);
    const map = new MapPage(page);
    await map.goto();
    await expect(map.map).toHaveAttribute('data-mics-drawn', String(total));
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(map.map).toHaveAttribute('data-user-moved', 'true');
    await expect(map.map).not.toHaveAttribute('data-mics-drawn', String(total));
    await map.resetView.click();
    await expect(map.map).toHaveAttribute('data-user-moved', 'false');
    await expect(map.map).toHaveAttribute('data-mics-drawn', String(total));
  });
});
