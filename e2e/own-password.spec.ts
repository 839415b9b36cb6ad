import crypto from 'node:crypto';
import { ADMIN, servers } from './support/servers';
import { accountMenu } from './support/sign-in-page';
import { expect, signInTo, test } from './support/test';

// The console that requires sign-in and holds the edge token.
test.use({ baseURL: servers.serverToken });

test('a viewer changes their own password from the account menu; the old one stops working', async ({
  page,
  request,
}) => {
  const viewer = { username: `own-${crypto.randomBytes(3).toString('hex')}`, password: 'e2e-password-8h' };
  await signInTo(request, servers.serverToken, ADMIN);
  expect((await request.post('/api/admin/accounts', { data: { ...viewer, role: 'viewer' } })).status()).toBe(201);
  await signInTo(page.request, servers.serverToken, viewer);
  // Another browser of the same person: signed out by the change.
  const elsewhere = await page.context().browser()!.newContext({ baseURL: servers.serverToken });
  await signInTo(elsewhere.request, servers.serverToken, viewer);

  await page.goto('/mics');
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your password' });
  // The new password is checked first: a common one is refused before the current one counts.
  await dialog.getByLabel('Current password').fill('not-my-password');
  for (const label of ['New password', 'New password again']) {
    await dialog.getByLabel(label, { exact: true }).fill('Password1');
  }
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText(/^This is one of the most common passwords/)).toBeVisible();

  for (const label of ['New password', 'New password again']) {
    await dialog.getByLabel(label, { exact: true }).fill('e2e-brand-new-9q');
  }
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('This is not your current password.')).toBeVisible();

  await dialog.getByLabel('Current password').fill(viewer.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();

  expect((await page.request.get('/auth/me')).status()).toBe(200);
  expect((await elsewhere.request.get('/auth/me')).status()).toBe(401);
  await elsewhere.close();
  expect((await request.post('/auth/login', { data: viewer })).status()).toBe(401);
  expect((await request.post('/auth/login', { data: { ...viewer, password: 'e2e-brand-new-9q' } })).status()).toBe(204);
});
