import { expect, test } from './support/test';
import { WallPage } from './support/wall-page';
import { WallsPage } from './support/walls-page';

test.describe('wall links', () => {
  test('a wall link opens the wall without sign-in, cannot PATCH, and stops at revocation', async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    const name = `Lobby ${Date.now().toString(36)}`;
    const walls = new WallsPage(page);
    await walls.goto();
    await walls.newLink.click();
    await walls.field('Name').fill(name);
    await walls.field('Refresh every (seconds)').fill('2');
    await walls.language('한국어').click();
    await walls.create.click();
    await expect(walls.url).toHaveValue(/\/w\/[A-Za-z0-9_-]{43}$/);
    const url = await walls.url.inputValue();
    await walls.done.click();
    await expect(walls.row(name)).toContainText('Not opened yet');

    // A screen nobody signs in to: a fresh browser with no session, only the link.
    const screen = await browser.newContext({ baseURL });
    const wallPage = await screen.newPage();
    const wall = new WallPage(wallPage);
    await wallPage.goto(url);
    await expect(wallPage).toHaveURL(/\/wall\?refresh=2&lang=ko$/);
    await expect(wall.wall).toBeVisible();
    await expect(wall.freshness).toHaveAttribute('data-stale', 'false');
    await expect(wallPage.getByRole('heading', { name: '소리 이벤트' })).toBeVisible();
    await wall.markDocument();

    // Read-only: the console refuses the screen's write; the mic is unchanged.
    const before = await (await page.request.get('/api/v1/mics/mic-0001')).json();
    const write = await wallPage.request.patch('/api/v1/mics/mic-0001', { data: { name: 'Written by a wall' } });
    expect(write.status()).toBe(403);
    expect(await write.json()).toEqual({ detail: 'A wall link can only read.' });
    expect(await (await page.request.get('/api/v1/mics/mic-0001')).json()).toEqual(before);

    await page.reload();
    await expect(walls.row(name)).toContainText('Online');

    await walls.revoke(name).click();
    await walls.confirmRevoke.click();
    await expect(walls.row(name)).toContainText('Revoked');

    // At its next refresh the open wall says so, in its own language, without a reload or a sign-in form.
    await expect(wall.accessView).toContainText('이 상황판 링크는 폐기되었습니다');
    expect(await wall.documentMarked()).toBe(true);
    await expect(wallPage).toHaveURL(/\/wall\?/);
    await expect(wallPage.getByRole('button', { name: /로그인|Sign in/ })).toHaveCount(0);
    await screen.close();

    // A revoked link can be removed, after a confirmation; the trail says so, by name.
    await walls.remove(name).click();
    await expect(walls.dialog).toContainText(`Remove the revoked wall link “${name}”?`);
    await walls.confirmRemove.click();
    await expect(walls.row(name)).toHaveCount(0);
    await page.goto('/admin/audit?action=wall.remove');
    await expect(page.getByRole('table', { name: 'Audit entries' })).toContainText(`Wall link removed`);
    await expect(page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr').first()).toContainText(name);
    expect(consoleErrors).toEqual([]);
  });

  test('lists each link’s options in words, and offers removal only once a link is revoked', async ({ page }) => {
    const name = `Options ${Date.now().toString(36)}`;
    const walls = new WallsPage(page);
    await walls.goto();
    const created = await page.request.post('/api/admin/walls', { data: { name, query: 'chime=1&lang=en' } });
    expect(created.status()).toBe(201);
    await page.reload();
    await expect(walls.row(name)).toContainText('Chime on · English');
    await expect(walls.row(name)).not.toContainText('chime=1');
    await expect(walls.remove(name)).toHaveCount(0);
    await expect(walls.revoke(name)).toBeVisible();
  });
});
