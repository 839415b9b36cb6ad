import { ADMIN, EDGE_TOKEN, servers } from './support/servers';
import { accountMenu, SignInPage } from './support/sign-in-page';
import { expect, test } from './support/test';

test.describe('a console whose browser also holds a personal edge token (EDGE_TOKEN_FROM_BROWSER=1)', () => {
  test.use({ baseURL: servers.browserToken });

  test('signs in to the console, then asks for the edge token, refuses a wrong one, and returns to the page', async ({
    page,
  }) => {
    const signIn = new SignInPage(page);
    await page.goto('/events?range=1h');
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn.signIn(ADMIN.username, ADMIN.password);
    await expect(signIn.accessToken).toBeVisible();

    await signIn.accessToken.fill('wrong-token');
    await signIn.continueWithToken.click();
    await expect(signIn.alert).toContainText('The edge rejected this token');
    await expect(page).toHaveURL(/\/sign-in$/);

    await signIn.accessToken.fill(EDGE_TOKEN);
    await signIn.continueWithToken.click();
    await expect(page).toHaveURL(/\/events\?range=1h$/);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');

    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(EDGE_TOKEN);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(EDGE_TOKEN);
    expect(page.url()).not.toContain(EDGE_TOKEN);
  });

  test.describe('signed in', () => {
    test.use({ account: ADMIN });

    test('a token the edge stops accepting asks for it again with a clear message, then goes back', async ({
      page,
    }) => {
      const signIn = new SignInPage(page);
      await page.goto('/sign-in');
      await signIn.accessToken.fill(EDGE_TOKEN);
      await signIn.continueWithToken.click();
      await expect(page).toHaveURL(/\/composite-events$/);

      // As if the token expired: the edge now rejects what the tab holds.
      await page.evaluate(() => sessionStorage.setItem('edge-sound-console.access-token', 'expired-token'));
      await page.goto('/composite-events');
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(signIn.alert).toContainText('Your access token was rejected');

      await signIn.accessToken.fill(EDGE_TOKEN);
      await signIn.continueWithToken.click();
      await expect(page).toHaveURL(/\/composite-events$/);
    });

    test('signing out ends the console session and forgets the token', async ({ page }) => {
      const signIn = new SignInPage(page);
      await page.goto('/sign-in');
      await signIn.accessToken.fill(EDGE_TOKEN);
      await signIn.continueWithToken.click();
      await accountMenu(page).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(signIn.username).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      await page.goto('/mics');
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(signIn.username).toBeVisible();
    });
  });
});

test.describe('a console whose server holds a token the edge rejects', () => {
  test.use({ baseURL: servers.rejectedToken, account: ADMIN });

  test('says the server token was rejected and never asks for an edge token', async ({ page }) => {
    await page.goto('/mics');
    await expect(page.getByText('Edge token rejected: check EDGE_API_TOKEN on the console server.')).toBeVisible();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'unauthorized');
    await expect(page.getByLabel('Access token')).toHaveCount(0);
    await expect(page).toHaveURL(/\/mics$/);
  });
});
