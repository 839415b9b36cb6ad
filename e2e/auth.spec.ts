import { EDGE_TOKEN, servers } from './support/servers';
import { expect, test } from './support/test';

test.describe('a console whose browser holds the token', () => {
  test.use({ baseURL: servers.browserToken });

  test('asks for the token, refuses a wrong one, then returns to the page the user wanted', async ({ page }) => {
    await page.goto('/events?range=1h');
    await expect(page).toHaveURL(/\/sign-in$/);
    const token = page.getByLabel('Access token');

    await token.fill('wrong-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The edge rejected this token');
    await expect(page).toHaveURL(/\/sign-in$/);

    await token.fill(EDGE_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/events\?range=1h$/);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');

    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(EDGE_TOKEN);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(EDGE_TOKEN);
    expect(page.url()).not.toContain(EDGE_TOKEN);
  });

  test('a token the edge stops accepting returns to sign-in with a clear message, then back', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Access token').fill(EDGE_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/mics$/);

    // As if the token expired: the edge now rejects what the tab holds.
    await page.evaluate(() => sessionStorage.setItem('edge-sound-console.access-token', 'expired-token'));
    await page.goto('/composite-events');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('alert')).toContainText('Your access token was rejected');

    await page.getByLabel('Access token').fill(EDGE_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/composite-events$/);
  });

  test('signing out forgets the token', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Access token').fill(EDGE_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto('/mics');
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe('a console whose server holds a token the edge rejects', () => {
  test.use({ baseURL: servers.rejectedToken });

  test('says the server token was rejected and never shows a sign-in form', async ({ page }) => {
    await page.goto('/mics');
    await expect(page.getByText('Edge token rejected: check EDGE_API_TOKEN on the console server.')).toBeVisible();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'unauthorized');
    await expect(page.getByLabel('Access token')).toHaveCount(0);
    await expect(page).toHaveURL(/\/mics$/);
  });
});
