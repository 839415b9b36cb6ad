import crypto from 'node:crypto';
import { ADMIN, servers } from './support/servers';
import { accountMenu } from './support/sign-in-page';
import { expect, signInTo, test } from './support/test';

// The console that requires sign-in: a person of its own, with no device yet.
test.use({ baseURL: servers.serverToken });

test('the console is installable: its manifest, icons and service worker', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ name: 'Edge Sound Console', start_url: '/', display: 'standalone' });
  for (const size of ['192x192', '512x512']) expect(body.icons.some((icon) => icon.sizes === size)).toBe(true);
  for (const icon of body.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toMatch(/javascript/);

  // Registered after load, whether or not anyone is signed in.
  await page.goto('/sign-in');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${servers.serverToken}/`);
});

test('a person turns on notifications, lists and removes devices, and chooses what is pushed', async ({
  page,
  request,
  context,
}) => {
  const person = { username: `push-${crypto.randomBytes(3).toString('hex')}`, password: 'e2e-password-8h' };
  await signInTo(request, servers.serverToken, ADMIN);
  expect((await request.post('/api/admin/accounts', { data: { ...person, role: 'viewer' } })).status()).toBe(201);
  await signInTo(page.request, servers.serverToken, person);

  // A device subscribed elsewhere (the person's phone): listed, and removable.
  const phone = {
    endpoint: `https://push.example.org/e2e/${crypto.randomUUID()}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    name: 'Pixel phone',
    language: 'en',
  };
  expect((await page.request.post('/api/push/subscriptions', { data: phone })).status()).toBe(201);

  await page.goto('/mics');
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Notifications on this device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications on this device' });
  await expect(dialog.getByText('This device does not receive notifications.')).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Your devices' });
  await expect(list.getByText('Pixel phone')).toBeVisible();
  await expect(list.getByText('nothing sent yet')).toBeVisible();

  // Without the permission the browser says no, and the dialog says why in words.
  const turnOn = dialog.getByRole('button', { name: 'Turn on notifications' });
  await turnOn.click();
  await expect(dialog.getByRole('alert')).toContainText(/permission|blocked/);

  // With it, the browser subscribes through its push service, or (headless Chromium has none and
  // answers "Registration failed - permission denied") the dialog says the push service refused:
  // delivery itself is tested against a loopback push service in server/alerts/push/.
  await context.grantPermissions(['notifications']);
  await dialog.getByLabel('Name of this device').fill('E2E Chromium');
  await turnOn.click();
  await expect(
    list.getByText('E2E Chromium').or(dialog.getByRole('alert').filter({ hasText: 'push service refused' })),
  ).toBeVisible();

  await dialog.getByRole('button', { name: 'Remove Pixel phone' }).click();
  await expect(list.getByText('Pixel phone')).toBeHidden();

  // "Push me gunshots": labels and a minimum priority, kept by the server.
  await dialog.getByRole('switch', { name: 'Push me alerts that match' }).check();
  await dialog.getByRole('combobox', { name: 'Sounds' }).fill('gunshot');
  await page.keyboard.press('Enter');
  await dialog.getByRole('combobox', { name: 'At least this priority' }).click();
  await page.getByRole('option', { name: 'Critical' }).click();
  await dialog.getByRole('button', { name: 'Save choices' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Choices saved.' })).toBeVisible();
  expect(await (await page.request.get('/api/push/preferences')).json()).toEqual({
    enabled: true,
    labels: ['gunshot'],
    minPriority: 'critical',
  });
});
