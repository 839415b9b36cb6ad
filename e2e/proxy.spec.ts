import { visitAppPages } from './support/a11y';
import { MicsPage } from './support/mics-page';
import { ADMIN, CREDENTIAL_CANARY, EDGE_TOKEN, servers } from './support/servers';
import { expect, test } from './support/test';

test.describe('a console proxying to an edge server with its own token', () => {
  test.use({ baseURL: servers.serverToken, account: ADMIN });

  test('no device username or password from the edge reaches the browser on any page', async ({ page, request }) => {
    // Every page of the app, each until its data shows.
    test.setTimeout(90_000);
    // The upstream really does send them: ask it directly, as only the console server may.
    const upstream = await request.get(`${servers.upstreamEdge}/api/v1/composite-events?size=1`, {
      headers: { authorization: `Bearer ${EDGE_TOKEN}` },
    });
    expect(await upstream.text()).toContain(`${CREDENTIAL_CANARY}-pass`);

    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) bodies.push(await response.text().catch(() => ''));
    });
    await visitAppPages(page, '', async () => expect(await page.content()).not.toContain(CREDENTIAL_CANARY));
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) expect(body).not.toContain(CREDENTIAL_CANARY);
  });

  test('the pages get their data through the server, which attaches the token', async ({ page }) => {
    await page.goto('/mics');
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.headers().authorization ?? ''));
    await page.reload();
    await expect(new MicsPage(page).rows.first()).toBeVisible();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
    // The browser sends no token at all: the server holds it.
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.every((h) => h === '')).toBe(true);
  });
});
